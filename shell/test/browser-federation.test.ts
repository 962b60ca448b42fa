/**
 * The shell's federation runtime in the browser (shell/src/remotes/federation.ts): the shell is a
 * runtime-only host, so what remotes share is exactly what this module hands to `createInstance`.
 */
import './polyfills';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as LandingShared from '@landing/shared';
import * as runtimeCore from '@module-federation/runtime/core';

jest.mock('@module-federation/runtime', () => ({ createInstance: jest.fn((options: unknown) => ({ options })) }));
/** Lazily shared packages whose module has been evaluated (the stand-ins below record it). */
const evaluated = new Set<string>();
jest.mock('axios', () => {
  evaluated.add('axios');
  return { AxiosError: class AxiosError extends Error {} };
});
jest.mock('react-hook-form', () => {
  evaluated.add('react-hook-form');
  return { useForm: () => ({}) };
});

interface SharedOption {
  version: string;
  lib?: () => unknown;
  get?: () => Promise<() => unknown>;
  shareConfig: { singleton: boolean; requiredVersion: string };
}
interface Options {
  name: string;
  remotes: unknown[];
  shareStrategy: string;
  shared: Record<string, SharedOption>;
  plugins: Array<{ name: string }>;
}

const VERSIONS = { react: '19.3.1', 'react-dom': '19.3.1', '@landing/shared': '1.0.0', axios: '1.21.1', 'react-hook-form': '7.92.0' };
const globals = globalThis as Record<string, unknown>;

async function create(remotes: Array<{ name: string; entry: string }> = []): Promise<Options> {
  globals.__APP_NAME__ = 'shell';
  globals.__SHARED_VERSIONS__ = VERSIONS;
  const { createShellFederation } = await import('../src/remotes/federation');
  return (createShellFederation(remotes) as unknown as { options: Options }).options;
}

afterEach(() => {
  delete globals._FEDERATION_RUNTIME_CORE;
});

test("remotes get the shell's own React, React DOM and @landing/shared (its store) as singletons", async () => {
  const { shared, shareStrategy, name } = await create();
  expect(name).toBe('shell');
  expect(shareStrategy).toBe('loaded-first');
  // The same module (each importer's namespace object may differ under jest's CommonJS interop).
  expect((shared.react!.lib!() as typeof React).useState).toBe(React.useState);
  expect((shared['react-dom']!.lib!() as typeof ReactDom).createPortal).toBe(ReactDom.createPortal);
  expect((shared['@landing/shared']!.lib!() as typeof LandingShared).landingStore).toBe(LandingShared.landingStore);
  expect(shared.react!.shareConfig).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
  expect(shared.react!.version).toBe('19.3.1');
});

test('packages the shell loads lazily are offered with get and not loaded when the runtime is created', async () => {
  const { shared } = await create();
  for (const name of ['axios', 'react-hook-form']) {
    expect(shared[name]!.lib).toBeUndefined();
    expect(typeof shared[name]!.get).toBe('function');
    expect(shared[name]!.shareConfig.singleton).toBe(true);
  }
});

test("a lazy package's get loads the shell's own module on the first call, and every call gives that module", async () => {
  const { shared } = await create();
  expect(evaluated.has('axios')).toBe(false); // creating the runtime loaded nothing
  const factory = await shared.axios!.get!();
  expect(evaluated.has('axios')).toBe(true);
  expect(evaluated.has('react-hook-form')).toBe(false); // only the package asked for
  const shellAxios = (await import('axios')) as unknown as { AxiosError: unknown };
  // The class mf-auth's `instanceof AxiosError` compares with is the one the shell's client throws.
  expect((factory() as typeof shellAxios).AxiosError).toBe(shellAxios.AxiosError);
  expect((await shared.axios!.get!())()).toBe(factory());
});

test("remote entries built with an external runtime find the shell's runtime core, and one already there is kept", async () => {
  await create();
  expect(globals._FEDERATION_RUNTIME_CORE).toBe(runtimeCore);
  const other = {};
  globals._FEDERATION_RUNTIME_CORE = other;
  await create();
  expect(globals._FEDERATION_RUNTIME_CORE).toBe(other);
});

test('the runtime starts with the registered remotes and the fallback, delivery and retry plugins', async () => {
  const remotes = [{ name: 'mf_news', entry: 'http://localhost:3002/1.0.0/mf-manifest.json' }];
  const options = await create(remotes);
  expect(options.remotes).toEqual(remotes);
  expect(options.plugins.map((p) => p.name)).toEqual(['landing-remote-fallback', 'landing-remote-delivery', 'retry-plugin']);
});

test('a shared package the shell does not provide stops the runtime from starting, instead of remotes loading their own copy', async () => {
  globals.__APP_NAME__ = 'shell';
  globals.__SHARED_VERSIONS__ = { ...VERSIONS, 'date-fns': '4.1.0' };
  const { createShellFederation } = await import('../src/remotes/federation');
  expect(() => createShellFederation([])).toThrow('shared package date-fns is not provided by the shell');
});

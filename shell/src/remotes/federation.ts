/**
 * The shell's federation runtime in the browser, created on demand (./runtime-host.ts) with the
 * runtime API, as the page server does (../server/federation/server-federation.ts): no bundler plugin in the host.
 * - Remotes are built with `experiments.externalRuntime`: their entry expects the runtime core
 *   as `globalThis._FEDERATION_RUNTIME_CORE`. This module provides the copy the shell bundles,
 *   the one `createInstance` below uses, before any remote entry loads.
 * - Shared singletons are the shell's own modules, already evaluated (`lib`); packages the shell
 *   loads lazily (TanStack Query, axios, react-toastify, react-hook-form) are offered with `get`, so the first
 *   remote that needs one loads the shell's copy once.
 * - The runtime plugins (./plugins/) are registered at creation.
 */
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouter from 'react-router';
import * as Zustand from 'zustand';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as LandingShared from '@landing/shared';
import * as runtimeCore from '@module-federation/runtime/core';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import deliveryPlugin from './plugins/delivery';
import fallbackPlugin from './plugins/fallback';
import retryPlugin from './plugins/retry';
import type { RemoteEntry } from './runtime-host';
import type { BrowserLazyKey, BrowserLoadedKey } from '../singleton-keys';

/** Modules the shell has loaded already, by shared key: the table's `browser: 'loaded'` keys (shared/build/singletons.mjs). */
const LOADED = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router': ReactRouter,
  zustand: Zustand,
  i18next: I18next,
  'react-i18next': ReactI18next,
  '@landing/shared': LandingShared,
} satisfies Record<BrowserLoadedKey, unknown>;

/** Modules the shell loads on first use, by shared key: the table's `browser: 'lazy'` keys. */
const LAZY = {
  // The same module as the shell's own load of it (shared/src/data/query-runtime.ts).
  '@tanstack/react-query': () => import('@tanstack/react-query'),
  axios: () => import('axios'),
  'react-toastify': () => import('react-toastify'),
  'react-hook-form': () => import('react-hook-form'),
} satisfies Record<BrowserLazyKey, () => Promise<unknown>>;

/**
 * Every shared key this module can provide (loaded or lazy): the browser keys of the shared-singleton
 * policy (shared/build/shared-singletons.mjs) for the shell's dependencies, shell/test/shared-singletons.test.ts.
 */
export const BROWSER_SHARED_KEYS: readonly string[] = [...Object.keys(LOADED), ...Object.keys(LAZY)];

/**
 * The `shared` option: every key of `__SHARED_VERSIONS__`, as a singleton of the caret range of its version.
 * @throws Error for a shared package this module does not provide (one added to the shared-singleton
 *   policy, shared/build/shared-singletons.mjs, but not to LOADED or LAZY): remotes would otherwise
 *   load their own copies without a word, so no remote loads until it is added
 */
function sharedOptions(versions: Record<string, string>) {
  const shared: Record<string, object> = {};
  for (const [name, version] of Object.entries(versions)) {
    const shareConfig = { singleton: true, requiredVersion: `^${version}` };
    if (name in LOADED) shared[name] = { version, lib: () => LOADED[name as BrowserLoadedKey], shareConfig };
    else if (name in LAZY) shared[name] = { version, get: () => LAZY[name as BrowserLazyKey]().then((m) => () => m), shareConfig };
    else throw new Error(`shared package ${name} is not provided by the shell (src/remotes/federation.ts)`);
  }
  return shared;
}

/**
 * Creates the shell's federation instance (once per page, ./runtime-host.ts) with `remotes`.
 * @param remotes  the remotes registered so far (absolute manifest URLs)
 */
export function createShellFederation(remotes: RemoteEntry[]): ModuleFederation {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  return createInstance({
    name: __APP_NAME__,
    remotes,
    shareStrategy: 'loaded-first',
    shared: sharedOptions(__SHARED_VERSIONS__) as never,
    plugins: [fallbackPlugin(), deliveryPlugin(), retryPlugin()],
  });
}

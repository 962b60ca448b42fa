/**
 * @jest-environment node
 *
 * One list of shared singletons: the shared-singleton policy (shared/build/shared-singletons.mjs)
 * decides what every app build shares, and the two hosts provide the modules: the browser host
 * (shell/src/remotes/federation.ts) and the page server (shell/src/server/federation/shared-modules.ts). A key the
 * policy shares and a host does not provide would leave remotes without the module (on the server)
 * or stop every remote from loading (in the browser); a key a host provides outside the policy is
 * shared with no remote. These tests fail on either.
 */
import './polyfills';
import { join } from 'node:path';
import { sharedSingletons } from '../../shared/build/shared-singletons.mjs';
import { BROWSER_SHARED_KEYS } from '../src/remotes/federation';
import { SERVER_SHARED_MODULES } from '../src/server/federation/shared-modules';

const shellDir = join(__dirname, '..');
const sorted = (keys: Iterable<string>) => [...keys].sort();
type Policy = Record<string, { version: string; requiredVersion: string }>;

test('the browser host provides exactly the packages the policy shares in the browser', () => {
  const policy = sharedSingletons(shellDir) as Policy;
  expect(sorted(BROWSER_SHARED_KEYS)).toEqual(sorted(Object.keys(policy)));
});

test('the page server provides exactly the packages the policy shares on the server, at the installed versions', () => {
  const policy = sharedSingletons(shellDir, { server: true }) as Policy;
  expect(sorted(Object.keys(SERVER_SHARED_MODULES))).toEqual(sorted(Object.keys(policy)));
  for (const [key, { version }] of Object.entries(SERVER_SHARED_MODULES)) expect([key, version]).toEqual([key, policy[key]!.version]);
});

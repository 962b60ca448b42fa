/**
 * @jest-environment node
 *
 * One table of shared singletons (shared/build/singletons.mjs) feeds the shared-singleton policy
 * of every app build (shared/build/shared-singletons.mjs) and types the module maps of the two
 * hosts: the browser host (shell/src/remotes/federation.ts) and the page server
 * (shell/src/server/federation/shared-modules.ts). The typecheck catches a key a host lacks or
 * adds; these tests check what it cannot: that the policy, as built for the shell's installed
 * dependencies, asks for exactly the keys the hosts provide, at the versions the page server has.
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

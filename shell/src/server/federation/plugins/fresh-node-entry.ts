/**
 * Federation runtime plugin `landing-fresh-node-entry` of each page server federation: loads a
 * remote's server entry itself. The built-in Node entry loader reuses whatever container is in
 * `globalThis[name]` (a late load of the previous version may have left it) and skips the fetch
 * hook (./fetch-guard.ts). Only commonjs-module containers (the remotes' server builds) are
 * loaded, and a pinned remote's entry must be one of its pinned files (../remote-trust.ts).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { loadScriptNode } from '@module-federation/sdk';
import type { RemoteName } from '@landing/shared';
import { refusal, type RemoteTrust } from '../remote-trust';

/** What sdk's `loadScriptNode` is given as `loaderHook`. */
type NodeLoaderHook = NonNullable<Parameters<typeof loadScriptNode>[1]['loaderHook']>;

/** Creates the plugin for one federation, which checks entries with that federation's `trust`. */
export function freshNodeEntryPlugin(trust: RemoteTrust): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-fresh-node-entry',
    loadEntry({ remoteInfo, loaderHook }) {
      const { type } = remoteInfo;
      const refused = trust.entryProblem(remoteInfo.name as RemoteName, remoteInfo.entry, type);
      if (refused) return Promise.reject(refusal(refused));
      // sdk's type names `createScriptHook` only; its Node loader also fetches through `fetch`,
      // emitting `lifecycle.fetch` (the fetch guard).
      const hooks: NodeLoaderHook & { fetch: unknown; lifecycle: typeof loaderHook.lifecycle } = {
        fetch: loaderHook.lifecycle.fetch,
        lifecycle: loaderHook.lifecycle,
      };
      return loadScriptNode(remoteInfo.entry, {
        attrs: { name: remoteInfo.name, globalName: remoteInfo.entryGlobalName, type },
        loaderHook: hooks,
      });
    },
  };
}

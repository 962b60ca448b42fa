/**
 * Where a slot gets its component and the version it shows. The same slot tree renders on the
 * server and in the browser; what differs is the {@link RemoteLoader} of the render (React
 * context): in the browser the module-level {@link browserLoader}, on the page server a
 * per-request loader with a time budget (shell/src/server/).
 *
 * In the browser the page's slot modules load in parallel ({@link preloadRemotes}) and the shell
 * hydrates without waiting for them: a loaded module renders at once, another through
 * `React.lazy` (a slot whose code is not in yet keeps its server HTML until React hydrates it).
 */
import { createContext, lazy, useSyncExternalStore, type ComponentType } from 'react';
import { remoteOf, type ExposedModule, type ExposedModuleId, type RemoteContracts, type RemoteName } from '@landing/shared';
import { loadExposed } from './load-exposed';
import { registeredRemotes } from './registry';
import { remoteInfo, subscribeRemoteInfo } from './remote-info';
import { clearSettledSlots, trackPending, whenSlotVisible } from './slot-scheduling';

/**
 * When a server-rendered slot loads its code in the browser: `load` with the page (before
 * hydration), `visible` once it comes near the viewport or the reader scrolls or taps (its server
 * HTML shows meanwhile; React hydrates it when the code is in). Below-the-fold slots use
 * `visible`, so their remote is no part of the page's start-up.
 */
export type SlotHydration = 'load' | 'visible';

/** Where a slot gets its component and the version it shows, on one side (browser or server). */
export interface RemoteLoader {
  /** `server`: SSR (the Suspense fallback is the translated "unavailable" notice the HTML keeps). */
  side: 'browser' | 'server';
  /**
   * The component of an exposed module. In the browser: the module's own component when it is
   * already loaded (no suspension: hydration is synchronous), else a `React.lazy`; on the server
   * always a `React.lazy` of the request (shell/src/server/render/slot-loader.ts).
   * @param attempt    0, then 1, 2 … after each retry of the slot (a new lazy each time)
   * @param hydration  see {@link SlotHydration}
   */
  componentFor<Id extends ExposedModuleId>(id: Id, attempt: number, hydration: SlotHydration): ComponentType<RemoteContracts[Id]>;
  /** React hook: the build version of the remote the slot shows (`data-remote-version`). */
  useVersion(remote: RemoteName): string | undefined;
}

/** Exposed modules loaded in the browser, by module id and manifest URL (a redeploy is another key). */
const loadedModules = new Map<string, ExposedModule<unknown>>();
/**
 * First load of each exposed module, by the same key: the page's preload and its slot share it, so
 * a remote that is down costs one round of the runtime's retries, not one per caller. A retry of
 * the slot (attempt 1, 2 …) loads again.
 */
const firstLoads = new Map<string, Promise<ExposedModule<unknown>>>();
const lazyCache = new Map<string, ComponentType<never>>();
/** Versions the server rendered into `data-remote-version` (the hydration snapshot). */
let serverVersions: Partial<Record<RemoteName, string>> = {};
/** Remotes whose first load failed: their slots no longer claim the server's version. */
const failedRemotes = new Set<RemoteName>();
const versionListeners = new Set<() => void>();
const keyOf = (id: string) => `${id}@${registeredRemotes()[remoteOf(id as ExposedModuleId)] ?? ''}`;

/** The first load of an exposed module (see {@link firstLoads}); records the module once loaded. */
function loadFirst<Id extends ExposedModuleId>(id: Id): Promise<ExposedModule<RemoteContracts[Id]>> {
  const key = keyOf(id);
  let load = firstLoads.get(key);
  if (!load) {
    load = loadExposed(id).then(
      (mod) => {
        loadedModules.set(key, mod as ExposedModule<unknown>);
        return mod as ExposedModule<unknown>;
      },
      (error: unknown) => {
        failedRemotes.add(remoteOf(id));
        versionListeners.forEach((l) => l());
        throw error;
      },
    );
    firstLoads.set(key, load);
  }
  return load as Promise<ExposedModule<RemoteContracts[Id]>>;
}

/**
 * Starts loading the exposed modules of the page's slots (the ones the server rendered and the
 * browser hydrates at load) and returns at once, so the shell hydrates without waiting for any
 * remote; each slot hydrates when its code is in. The returned promise settles when every load
 * has (failures are left to the slots: they fall back and retry).
 * @param ids       exposed module ids (`mf_news/NewsTeaser`)
 * @param versions  the versions the server rendered, used as the hydration snapshot
 */
export function preloadRemotes(ids: readonly ExposedModuleId[], versions: Partial<Record<RemoteName, string>> = {}): Promise<unknown> {
  serverVersions = versions;
  return Promise.allSettled(ids.map((id) => trackPending(loadFirst(id))));
}

/** Forgets loaded remote components and settled slots (after remotes are registered again with other versions). */
export function clearRemoteCache(): void {
  lazyCache.clear();
  loadedModules.clear();
  firstLoads.clear();
  failedRemotes.clear();
  clearSettledSlots();
}

/** Subscribes to what {@link browserLoader}'s `useVersion` reads: the registry and failed first loads. */
function subscribeVersions(listener: () => void): () => void {
  const unsubscribe = subscribeRemoteInfo(listener);
  versionListeners.add(listener);
  return () => {
    unsubscribe();
    versionListeners.delete(listener);
  };
}

/** The browser's loader: loaded modules render at once, others through `React.lazy`. */
const browserLoader: RemoteLoader = {
  side: 'browser',
  componentFor<Id extends ExposedModuleId>(id: Id, attempt: number, hydration: SlotHydration) {
    const key = keyOf(id);
    const ready = attempt === 0 ? loadedModules.get(key) : undefined;
    if (ready) return ready.default as ComponentType<RemoteContracts[Id]>;
    const cacheKey = `${key}#${attempt}`;
    let comp = lazyCache.get(cacheKey) as ComponentType<RemoteContracts[Id]> | undefined;
    if (!comp) {
      comp = lazy(() => {
        if (attempt > 0) return loadExposed(id); // a retry goes to the network again
        if (hydration === 'load') return loadFirst(id);
        return trackPending(whenSlotVisible(id).then(() => loadFirst(id)));
      });
      lazyCache.set(cacheKey, comp as ComponentType<never>);
    }
    return comp;
  },
  useVersion(remote) {
    return useSyncExternalStore(
      subscribeVersions,
      () => remoteInfo().versions[remote] ?? (failedRemotes.has(remote) ? undefined : serverVersions[remote]),
      () => serverVersions[remote],
    );
  },
};

/** The loader of this render (the page server provides a per-request one). */
export const RemoteLoaderContext = createContext<RemoteLoader>(browserLoader);

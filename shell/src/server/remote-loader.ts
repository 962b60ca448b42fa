/**
 * How a page render loads its remote slots (docs/ARCHITECTURE.md "A page, from request to hydration"): each exposed module
 * from the remote's server build through the federation runtime, racing the rest of the render's
 * budget; a slot that misses it or throws is sent as its fallback and rendered by the browser.
 */
import { lazy, type ComponentType } from 'react';
import { translationsReady, type ExposedModuleId, type RemoteContracts, type RemoteName } from '@landing/shared';
import { checkExposed, type RemoteLoader, type SlotHydration } from '../remotes/RemoteSlot';
import type { ServerFederation } from './federation';

/** A request's loader and what it recorded while the page rendered. */
export interface RequestLoader {
  loader: RemoteLoader;
  /** Exposed modules the page's slots asked for. */
  ids: Set<ExposedModuleId>;
  /** Slots whose browser code waits until they are visible (no preload of their scripts). */
  deferred: Set<ExposedModuleId>;
  /** Remote build versions rendered. */
  versions: Partial<Record<RemoteName, string>>;
}

/**
 * A loader for one request: every exposed module races the rest of the budget; ids and the
 * versions rendered are recorded for the page data and the preload links.
 * @param deadline  end of the render's budget (`performance.now()` time, ms)
 * @param slotErrors  receives the first line of each slot's load failure
 */
export function requestLoader(federation: ServerFederation, deadline: number, slotErrors: string[]): RequestLoader {
  const ids = new Set<ExposedModuleId>();
  const deferred = new Set<ExposedModuleId>();
  const versions: Partial<Record<RemoteName, string>> = {};
  const lazies = new Map<string, ComponentType<never>>();
  const loader: RemoteLoader = {
    side: 'server',
    componentFor<Id extends ExposedModuleId>(id: Id, _attempt: number, hydration: SlotHydration) {
      ids.add(id);
      if (hydration === 'visible') deferred.add(id);
      let comp = lazies.get(id);
      if (!comp) {
        comp = lazy(async () => {
          const left = Math.max(0, deadline - performance.now());
          const load = federation.load(id);
          load.catch(() => undefined); // a late load still warms the next request
          let timer: NodeJS.Timeout | undefined;
          const budget = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${id}: not loaded within the SSR budget`)), left);
          });
          try {
            const mod = checkExposed(id, (await Promise.race([load, budget])) as never);
            await Promise.race([translationsReady(), budget]); // the remote's texts, every language
            return mod;
          } catch (e) {
            const message = String((e as Error).message ?? e).split('\n')[0]!;
            // Named by the slot's id, so the page server's metrics attribute it (metrics.ts).
            slotErrors.push(message.startsWith(id) ? message : `${id}: ${message}`);
            throw e;
          } finally {
            clearTimeout(timer);
          }
        }) as ComponentType<never>;
        lazies.set(id, comp);
      }
      return comp as unknown as ComponentType<RemoteContracts[Id]>;
    },
    useVersion(remote) {
      const v = federation.versionOf(remote);
      if (v) versions[remote] = v;
      return v;
    },
  };
  return { loader, ids, deferred, versions };
}

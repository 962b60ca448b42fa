/**
 * What the shell forgets of the viewer at logout (spec §4), besides what shared's `logout()`
 * clears itself (session cookies and storage, `userData`) and the per-viewer queries its
 * `DataProvider` drops: the offline worker's API cache (sw/routes.ts `forgetViewerCaches`).
 */
import { onLogout } from '@landing/shared';
import { forgetViewerCaches } from '../sw/routes';

/**
 * Registers the shell's logout listener (bootstrap, once).
 * @param storage the browser's `caches` (absent without service-worker support: nothing to clear)
 * @returns a function that unregisters it
 */
export function forgetViewerOnLogout(storage: Pick<CacheStorage, 'delete'> | undefined): () => void {
  return onLogout(() => {
    if (storage) void forgetViewerCaches(storage).catch(() => undefined);
  });
}

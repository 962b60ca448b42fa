/**
 * Registers the offline worker at the root scope and maps its life cycle onto the store's
 * `pwa` flags (spec §1):
 * - a newly waiting worker → `refreshAvailable` (the shell shows a Refresh action);
 * - first install → `offlineReady`;
 * - registration failure → `swError`;
 * - a new worker taking control → the page reloads, at most once per 10000 ms (reload guard),
 *   so a worker can never reload the page in a loop.
 */
import type { Workbox } from 'workbox-window';
import { TIMINGS, allowGuardedReload, landingStore } from '@landing/shared';

/** Interval of the background update check while a page stays open (ms). */
export const UPDATE_CHECK_MS = 30 * 60 * 1000;

let workbox: Workbox | null = null;
/** Set by the Refresh action: the next worker takeover reloads even inside the guard window. */
let userAskedForUpdate = false;
/** Reload fallback after Refresh when the takeover event never reaches this page (ms). */
export const REFRESH_FALLBACK_MS = 4000;

/** Whether to register: production builds in browsers with service-worker support. */
export function shouldRegister(nav: Navigator = navigator): boolean {
  return process.env.NODE_ENV === 'production' && 'serviceWorker' in nav;
}

/** Reloads the page when allowed by the 10000 ms reload guard (spec §9). */
export function guardedReload(reload: () => void = () => window.location.reload()): boolean {
  let storage: Pick<Storage, 'getItem' | 'setItem'>;
  try {
    storage = sessionStorage;
  } catch {
    return false;
  }
  if (!allowGuardedReload(storage, Date.now(), TIMINGS.reloadGuardMs)) return false;
  reload();
  return true;
}

/**
 * Wires a {@link Workbox} instance to the store flags. Exported for tests; the app calls
 * {@link registerServiceWorker}.
 */
export function wireWorkbox(
  wb: Pick<Workbox, 'addEventListener' | 'register'>,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const setPwa = landingStore.getState().setPwa;
  wb.addEventListener('waiting', () => setPwa({ refreshAvailable: true }));
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate && !event.isExternal) setPwa({ offlineReady: true });
  });
  wb.addEventListener('controlling', (event) => {
    if (userAskedForUpdate)
      reload(); // the person asked for it: a click cannot loop
    else if (event.isUpdate || event.isExternal) guardedReload(reload);
  });
  return wb.register().then(
    (registration) => {
      if (!registration) setPwa({ swError: true });
    },
    (error: unknown) => {
      console.warn('[sw] registration failed', error);
      setPwa({ swError: true });
    },
  );
}

/**
 * Registers `/sw.js` at scope `/` once the page has loaded (no-op where {@link shouldRegister}
 * says no). workbox-window is its own chunk, fetched then (not part of the first load).
 */
export function registerServiceWorker(): void {
  if (!shouldRegister()) return;
  const start = () => {
    import('workbox-window').then(
      ({ Workbox }) => {
        workbox = new Workbox('/sw.js', { scope: '/' });
        void wireWorkbox(workbox);
        window.setInterval(() => void workbox?.update(), UPDATE_CHECK_MS);
      },
      (error: unknown) => {
        console.warn('[sw] workbox-window could not be loaded', error);
        landingStore.getState().setPwa({ swError: true });
      },
    );
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The Refresh action of the refresh-available notice: asks the waiting worker to take over; its
 * taking control reloads the page (see {@link wireWorkbox}). If the takeover is not reported to
 * this page within {@link REFRESH_FALLBACK_MS} (a worker installed by another tab), it reloads
 * anyway. Without a worker, reloads directly.
 */
export function applyUpdate(reload: () => void = () => window.location.reload()): void {
  if (!workbox) return reload();
  userAskedForUpdate = true;
  workbox.messageSkipWaiting();
  window.setTimeout(reload, REFRESH_FALLBACK_MS);
}

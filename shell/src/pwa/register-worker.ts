/**
 * Registers the offline worker at the root scope and maps its life cycle onto the store's
 * `pwa` flags (spec §1):
 * - a newly waiting worker → `refreshAvailable` (the shell shows a Refresh action);
 * - first install → `offlineReady`;
 * - registration failure → `swError`;
 * - a new worker taking control of a page an older worker controlled → the page reloads, at most
 *   once per 10000 ms (reload guard), so a worker can never reload the page in a loop. The first
 *   worker taking control of a page loaded from the network replaces nothing: no reload;
 * - the first worker taking control → it is asked to keep the pages read so far in this tab, then
 *   what they loaded (workbox's `CACHE_URLS` message), and the page refetches the data it shows
 *   through it, so a page read before the worker existed is readable offline too.
 */
import type { Workbox } from 'workbox-window';
import { TIMINGS, allowGuardedReload, landingStore } from '@landing/shared';
import { isOfflineApiGet } from '../sw/routes';

/** Interval of the background update check while a page stays open (ms). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

let workbox: Workbox | null = null;
/** Set by the Refresh action: the next worker takeover reloads even inside the guard window. */
let userAskedForUpdate = false;
/** Reload fallback after Refresh when the takeover event never reaches this page (ms). */
const REFRESH_FALLBACK_MS = 4000;

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

/** What {@link wireWorkbox} needs besides the Workbox instance. */
export interface WireOptions {
  /** Where the page's controlling worker is read (default `navigator.serviceWorker`). */
  container?: Pick<ServiceWorkerContainer, 'controller'>;
  /** The worker that controlled the page when it started (default: the container's controller now). */
  startedUnder?: ServiceWorker | null;
  /** Called when the first worker takes control of this page (see the module comment). */
  onFirstControl?: () => void;
}

/**
 * Wires a {@link Workbox} instance to the store flags. Exported for tests; the app calls
 * {@link registerServiceWorker}.
 * @param reload   reloads the page (default `location.reload`)
 * @param options  where the controller is read, and what to do when a first worker takes control
 */
export function wireWorkbox(
  wb: Pick<Workbox, 'addEventListener' | 'register'>,
  reload: () => void = () => window.location.reload(),
  options: WireOptions = {},
): Promise<void> {
  const setPwa = landingStore.getState().setPwa;
  const container = options.container ?? (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker);
  const controller = () => container?.controller ?? null;
  /** The worker this page last ran under (null: loaded from the network, no worker yet). */
  let seen = options.startedUnder === undefined ? controller() : options.startedUnder;
  const onControllerChange = () => {
    const now = controller();
    if (now === seen) return; // already handled (the change came before the listener, then the event)
    const replacedOlder = seen !== null;
    seen = now;
    if (userAskedForUpdate)
      reload(); // the person asked for it: a click cannot loop
    else if (replacedOlder)
      guardedReload(reload); // the page runs with code of the worker that was replaced
    else if (now) options.onFirstControl?.();
  };
  wb.addEventListener('waiting', () => setPwa({ refreshAvailable: true }));
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate && !event.isExternal) setPwa({ offlineReady: true });
  });
  // Every change of controller, whoever registered the worker (this page, another tab, an update check).
  wb.addEventListener('controlling', onControllerChange);
  return wb.register().then(
    (registration) => {
      if (!registration) setPwa({ swError: true });
      onControllerChange(); // a worker that took control before workbox listened
    },
    (error: unknown) => {
      console.warn('[sw] registration failed', error);
      setPwa({ swError: true });
    },
  );
}

/**
 * sessionStorage key of what this tab read while no worker controlled it: `{ pages, assets }`,
 * page URLs and the URLs of what they loaded ({@link loadedAssets}).
 */
const READ_BEFORE_WORKER_KEY = 'landing-read-before-worker';
/** Most pages and assets remembered under {@link READ_BEFORE_WORKER_KEY} (the latest ones). */
const READ_BEFORE_WORKER_MAX = { pages: 20, assets: 400 } as const;

/** What a tab read before a worker controlled it (see {@link READ_BEFORE_WORKER_KEY}). */
export interface ReadBeforeWorker {
  pages: string[];
  assets: string[];
}

/** An entry of the `CACHE_URLS` message: a URL, or a URL and its request options. */
export type CacheUrlEntry = string | [string, RequestInit];

/**
 * What a page loaded that the worker can keep, from resource timing: scripts, styles, images,
 * remote manifests (http(s) URLs, each once). The API reads the worker keeps per language
 * (`X-Lang`) are left out: the page refetches them through the worker with their own headers.
 * @param resources  `performance.getEntriesByType('resource')`
 */
export function loadedAssets(resources: ReadonlyArray<Pick<PerformanceResourceTiming, 'name' | 'initiatorType'>>): string[] {
  const apiRead = (r: Pick<PerformanceResourceTiming, 'name' | 'initiatorType'>) => {
    if (r.initiatorType !== 'fetch' && r.initiatorType !== 'xmlhttprequest') return false;
    try {
      return isOfflineApiGet(new URL(r.name));
    } catch {
      return false;
    }
  };
  return [...new Set(resources.filter((r) => /^https?:/.test(r.name) && !apiRead(r)).map((r) => r.name))];
}

/**
 * What to ask the first worker to keep (the `urlsToCache` of workbox's `CACHE_URLS` message):
 * each page, requested as a page (`Accept: text/html`, which the worker's page route takes like a
 * navigation; the server-rendered HTML carries the page's data), then the assets the pages loaded.
 * The worker's routes decide what each URL is kept as; URLs no route takes are ignored.
 * @param read  absolute URLs of the pages and of what they loaded
 */
export function urlsToKeep(read: ReadBeforeWorker): CacheUrlEntry[] {
  return [...[...new Set(read.pages)].map((url): CacheUrlEntry => [url, { headers: { Accept: 'text/html' } }]), ...new Set(read.assets)];
}

function readBeforeWorker(): ReadBeforeWorker {
  try {
    const stored = JSON.parse(sessionStorage.getItem(READ_BEFORE_WORKER_KEY) ?? '{}') as Partial<ReadBeforeWorker>;
    const strings = (list: unknown) => (Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : []);
    return { pages: strings(stored.pages), assets: strings(stored.assets) };
  } catch {
    return { pages: [], assets: [] };
  }
}

/** The pages of this document (the one loaded and the one shown now) and what it loaded. */
function readHere(): ReadBeforeWorker {
  const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name;
  return {
    pages: [...(loaded ? [loaded] : []), location.href],
    assets: loadedAssets(performance.getEntriesByType('resource') as PerformanceResourceTiming[]),
  };
}

/** Adds this document to what the tab read before a worker controlled it (best effort). */
function rememberReadBeforeWorker(): void {
  const before = readBeforeWorker();
  const here = readHere();
  const latest = (list: string[], add: string[], max: number) => [...list.filter((u) => !add.includes(u)), ...add].slice(-max);
  try {
    sessionStorage.setItem(
      READ_BEFORE_WORKER_KEY,
      JSON.stringify({
        pages: latest(before.pages, here.pages, READ_BEFORE_WORKER_MAX.pages),
        assets: latest(before.assets, here.assets, READ_BEFORE_WORKER_MAX.assets),
      }),
    );
  } catch {
    /* storage blocked or full: this page is not kept on the worker's first control */
  }
}

/** Options of {@link registerServiceWorker}. */
export interface RegisterOptions {
  /** Fetches again the data the page shows, so it goes through the worker that now controls the page. */
  refetchShownData?: () => Promise<unknown>;
  /**
   * The worker that controlled the page when it started (null: none), read at start-up: a first
   * worker that takes control before the registration runs then still counts as a first control.
   * Default: the controller when the registration runs.
   */
  startedUnder?: ServiceWorker | null;
}

let leaveWatched = false;

/**
 * Remembers, when the page is left while no worker controls it, what it read (pages and assets,
 * see {@link READ_BEFORE_WORKER_KEY}), for the first worker to keep. Idempotent; call early
 * (it needs no workbox code), so a page left before its registration runs is remembered too.
 */
export function rememberReadOnLeave(): void {
  if (leaveWatched || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  leaveWatched = true;
  window.addEventListener('pagehide', () => {
    if (!navigator.serviceWorker.controller) rememberReadBeforeWorker();
  });
}

/** Longest wait for the worker to answer that the pages are kept before the rest is sent (ms). */
const KEEP_PAGES_WAIT_MS = 10_000;

/**
 * The first worker took control of this page: asks it to keep what this tab has read
 * ({@link urlsToKeep}): the pages first, alone, so their server renders do not compete with the
 * downloads of what they loaded; then those, while the data this page shows is fetched again
 * through the worker.
 */
async function keepWhatWasRead(options: RegisterOptions): Promise<void> {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return;
  const before = readBeforeWorker();
  const here = readHere();
  try {
    sessionStorage.removeItem(READ_BEFORE_WORKER_KEY);
  } catch {
    /* nothing was stored */
  }
  const { messageSW } = await import('workbox-window');
  // The worker answers once all URLs of a message are kept; it does not answer when one failed.
  const keep = (urlsToCache: CacheUrlEntry[]) =>
    messageSW(controller, { type: 'CACHE_URLS', payload: { urlsToCache } }).then(
      () => undefined,
      () => undefined,
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    keep(urlsToKeep({ pages: [...before.pages, ...here.pages], assets: [] })),
    new Promise((resolve) => {
      timer = setTimeout(resolve, KEEP_PAGES_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  await Promise.all([keep(urlsToKeep({ pages: [], assets: [...before.assets, ...here.assets] })), options.refetchShownData?.()]);
}

/**
 * Registers `/sw.js` at scope `/` once the page has loaded (no-op where {@link shouldRegister}
 * says no). workbox-window is its own chunk, fetched then (not part of the first load).
 * @param options  how the page refetches its data when the first worker takes control
 */
export function registerServiceWorker(options: RegisterOptions = {}): void {
  if (!shouldRegister()) return;
  const start = () => {
    const startedUnder = options.startedUnder === undefined ? navigator.serviceWorker.controller : options.startedUnder;
    // A page left before any worker controlled it is kept when the first one takes control.
    rememberReadOnLeave();
    import('workbox-window').then(
      ({ Workbox }) => {
        workbox = new Workbox('/sw.js', { scope: '/' });
        void wireWorkbox(workbox, undefined, { startedUnder, onFirstControl: () => void keepWhatWasRead(options) });
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

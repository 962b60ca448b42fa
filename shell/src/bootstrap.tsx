/**
 * Shell start-up in the browser (docs/ARCHITECTURE.md, docs/PERFORMANCE.md). A server-rendered page carries its
 * data (page-data.ts): the environment's config and the remotes map the server used, the remote
 * slots it rendered and the dehydrated query cache. The shell registers exactly those remotes,
 * starts loading the page's slot modules, and hydrates the server's HTML without waiting for
 * them (each slot hydrates when its code is in): no second fetch of
 * config.json, remotes.json or the page's API data. A page without that data (the offline
 * worker's cached shell, a server that could not render it) is rendered from scratch after
 * fetching config.json and remotes.json, as before SSR. The install offer starts after the page
 * has loaded, the offline worker at the reader's first input or a few seconds later, toasts'
 * code with the first toast (none of them is needed for the first paint).
 */
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import {
  apiClient,
  beginHydration,
  browserQueryClientIfMade,
  getCookie,
  COOKIES,
  i18n,
  initI18n,
  landingStore,
  addPageTranslations,
  afterFirstUse,
  registerTranslationLoaders,
  restoreSession,
  seedFormatted,
  seedQueryCache,
  setRuntimeConfig,
  storedLocale,
  translationsReady,
  type ExposedModuleId,
  type RuntimeConfig,
} from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import './fonts.css';
import './styles/layout.css';
import './styles/header.css';
import './styles/switcher.css';
import './styles/home.css';
import './styles/footer.css';
import './styles/pages.css';
import './styles/toasts.css';
import './styles/sound.css';
import './styles/notices.css';
import './styles/founder.css';
import './styles/affiliate.css';
import { loaders as shellTranslations } from './i18n';
import { readPageData } from './page-data';
import { replayEarlyClicks } from './early-input';
import { loadAndRegisterRemotes } from './remotes/registry';
import { preloadRemotes } from './remotes/remote-loader';
import { whenSlotsSettled } from './remotes/slot-scheduling';
import { whenPageHydrated } from './layout/page-hydrated';
import { SiteRoutes } from './routing/router';
import { isHomePath, loadHomePage } from './pages/home-chunk';
import { onNavigate } from './routing/navigation-events';
import { normaliseServerRoute } from './routing/normalise';
import { startSound } from './sound-setup';
import { forgetViewerOnLogout } from './data/viewer-data';
import { watchUncaught } from './telemetry/report';

async function loadRuntimeConfig(): Promise<Partial<RuntimeConfig>> {
  try {
    const res = await fetch('/config.json', { cache: 'no-store' });
    return res.ok ? ((await res.json()) as Partial<RuntimeConfig>) : {};
  } catch {
    return {};
  }
}

/**
 * React's report of a slot the server sent as its fallback (budget, remote down or throwing) and
 * the browser rendered itself: expected, so it is information, not an error. Real hydration
 * mismatches stay errors.
 */
function onRecoverableError(error: unknown): void {
  const message = String((error as Error)?.message ?? error);
  if (/#419|Switched to client rendering|could not finish this Suspense boundary|SSR budget/.test(message)) {
    console.info(`[ssr] a slot is rendered in the browser: ${message.split('\n')[0]}`);
  } else {
    console.error('[hydration]', error);
  }
}

/**
 * Marks the page interactive: `<html data-ready="true">`, what testers and e2e wait for before
 * clicking, once React has committed the page (hydrated or rendered; the frame's page boundary
 * included, see layout/page-hydrated.ts) and each slot the page
 * hydrates at load has its remote component hydrated or shows its fallback. The shell's own
 * controls work from the commit on; they never wait for a remote.
 * @param slots  exposed module ids of the slots hydrated at load (none for a client render)
 */
function ReadyMarker({ slots }: { slots: readonly ExposedModuleId[] }) {
  useEffect(() => {
    performance.mark('shell:live');
    replayEarlyClicks(); // the page's controls are live now: clicks made before go to them
    // A page in the frame (`<main>`, DefaultLayout.tsx) hydrates after the header: ready waits for it.
    const pageLive = document.getElementById('main') ? whenPageHydrated() : undefined;
    void Promise.all([pageLive, whenSlotsSettled(slots)]).then(() => {
      document.documentElement.dataset.ready = 'true';
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the page's first load
  }, []);
  return null;
}

/** Runs `work` once the page has loaded and the browser is idle (or after 2 s). */
function afterLoad(work: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Gives the main thread back to the browser (input, paint) between start-up phases, so no
 * phase's task adds to the next one: `scheduler.yield()` where the browser has it (the
 * continuation runs before other queued tasks), else a new task.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // Start-up phases as User Timing marks (`shell:*`), for profiles and e2e.
  performance.mark('shell:start');
  watchUncaught(); // telemetry: failures from the first moment (telemetry/report.ts)
  // The worker this page started under (see the worker's registration below).
  const startedUnder = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  const page = readPageData();
  // A server-rendered home page hydrates with its code in (pages/home-chunk.ts); the page server
  // preloaded it, so this asks for a file already on its way.
  const homePage = page && !page.clientOnly && isHomePath(location.pathname) ? loadHomePage().catch(() => null) : null;
  const config = setRuntimeConfig(page?.config ?? (await loadRuntimeConfig()));
  const lang = page?.lang ?? storedLocale();
  if (page?.translations) addPageTranslations(lang, page.translations);
  if (page?.formatted) seedFormatted(page.formatted);
  initI18n(lang);
  registerTranslationLoaders('shell', shellTranslations);
  document.documentElement.lang = i18n.language;
  await yieldToBrowser();
  const { overrides } = await loadAndRegisterRemotes(config, page?.remotes);
  await yieldToBrowser();
  if (!config.production) (window as unknown as { __LANDING_STORE__: typeof landingStore }).__LANDING_STORE__ = landingStore;

  // The server rendered this page for the server in its URL: the store says the same before the
  // first render, whatever an earlier visit persisted.
  const [, segment = ''] = location.pathname.split('/');
  const route = normaliseServerRoute({
    segment,
    rest: '',
    search: '',
    production: config.production,
    lastServer: getCookie(COOKIES.lastServer),
  });
  if (route.kind === 'ok') landingStore.getState().setSelectedServer(route.server);

  // The server rendered this page for its player (their session cookie): the store says so before
  // hydration, so the header shows what the server showed.
  if (page?.user) landingStore.getState().setUserData(page.user);
  // The page's answers: the shell's first render reads them without TanStack Query's code, which
  // loads with the first remote or form and takes them into its cache (shared/src/data/query-runtime.ts).
  if (page?.queries) seedQueryCache(page.queries);
  // A tester override changes what a slot renders: that page is rendered in the browser.
  const hydrating = !!page && !page.clientOnly && Object.keys(overrides).length === 0;
  // The slots' code loads in parallel; hydration does not wait for it (a remote down or slow
  // leaves the header, footer and language switch working): a slot whose code is not in yet
  // keeps its server HTML and hydrates when it arrives.
  if (hydrating) void preloadRemotes(page.slots, page.versions);
  await translationsReady(); // nothing to fetch on a server-rendered page: it brought its texts
  await homePage; // a failed load: the route's lazy page tries again, its error boundary shows the error page

  if (!page?.user) void restoreSession(apiClient); // spec §3; a server-rendered player's page brings the user the server confirmed (shell/src/server/pages/session.ts)
  forgetViewerOnLogout(typeof caches === 'undefined' ? undefined : caches); // logout drops the worker's API cache
  await yieldToBrowser();
  // The first page stays where the browser scrolled it (layout/scroll-restoration.ts).
  const app = (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
      <ReadyMarker slots={hydrating ? page.slots : []} />
    </I18nextProvider>
  );
  const root = document.getElementById('root')!;
  // How this page came to life, for testers and e2e: `hydrate` (server HTML) or `client`.
  root.dataset.render = hydrating ? 'hydrate' : 'client';
  // Hydration as a transition: React then works in slices and yields to the browser between them
  // instead of one long task (Total Blocking Time, docs/PERFORMANCE.md; Next.js hydrates the same way).
  performance.mark('shell:render');
  if (hydrating) {
    beginHydration(); // a slot hydrating after the session is restored still matches the server's HTML
    startTransition(() => void hydrateRoot(root, app, { onRecoverableError }));
  } else {
    root.replaceChildren(); // a client render starts from an empty container
    createRoot(root).render(app);
  }

  // spec §9: click sound, persisted mute, music. Only listeners (howler loads at the first pointer
  // or key press), so a click right after hydration already sounds, before the page's `load`.
  startSound();

  // spec §1: standalone mode and the install offer, after the page has loaded (not needed for the
  // first paint; the browser's install prompt comes later).
  // A page read before any worker exists is remembered when left, for the first worker to keep.
  // The three modules share one chunk ("after-load"): one request after the page's load, and
  // fewer bytes than three chunks.
  afterLoad(() => {
    // Telemetry of the remotes (docs/OPERATIONS.md): page views, failures and, with consent, web vitals.
    void import(/* webpackChunkName: "after-load" */ './telemetry/collector')
      .then((m) => m.startCollector({ config, onNavigate }))
      .catch((e: unknown) => console.error('[shell] telemetry start-up failed', e));
    void import(/* webpackChunkName: "after-load" */ './pwa/install')
      .then((m) => m.trackInstallState())
      .catch((e: unknown) => console.error('[shell] install state tracking failed', e));
    void import(/* webpackChunkName: "after-load" */ './pwa/register-worker')
      .then((m) => m.rememberReadOnLeave())
      .catch((e: unknown) => console.error('[shell] service worker start-up failed', e));
  });
  // spec §1: the offline worker at the root scope. Its registration (workbox-window) and its
  // precache downloads start at the reader's first input or a few seconds after load. When the
  // first worker takes control, the data the page shows (server-rendered, so never fetched by
  // this page) is fetched again through it, to be readable offline. react-toastify loads with
  // the first toast (shared/src/ui/toast.ts).
  afterFirstUse(() => {
    void import(/* webpackChunkName: "after-load" */ './pwa/register-worker')
      .then((m) =>
        m.registerServiceWorker({
          startedUnder,
          // Answers only in the page's HTML (no query cache made yet) are kept with the page.
          refetchShownData: async () =>
            browserQueryClientIfMade()?.refetchQueries({
              predicate: (q) => q.state.status === 'success' && typeof q.options.queryFn === 'function',
            }),
        }),
      )
      .catch((e: unknown) => console.error('[shell] service worker start-up failed', e));
  });
}

void start();

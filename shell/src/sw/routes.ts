/**
 * What the service worker does with each request (spec §1), as pure functions
 * of the URL so they are unit-tested without a worker:
 *
 * | request | strategy |
 * |---|---|
 * | `remotes.json`, `config.json`, `mf-manifest.json`, `remoteEntry.js` (any origin) | network first, cache only as the offline fallback: a redeployed remote is used on the next load |
 * | hashed chunks `name.0123456789.js/css` (shell and remotes) | cache first (immutable) |
 * | API GETs of news (`/{server}/news…`, `/{server}/news-images/…`) and of the landing data | network first, cache fallback: pages seen once are readable offline; never a per-viewer answer ({@link mayStoreApiAnswer}) |
 * | audio `…/sounds|music/{name}.ogg|mp3` | cache first |
 * | navigations, and page requests of the `CACHE_URLS` message (`Accept: text/html`) | network first (the server-rendered page), the page as last read when offline (never a player's own page, {@link mayStorePage}), else the precached app shell |
 *
 * Per-viewer data is never stored: API paths that answer for the viewer (`…/ballot`,
 * `…/predictions`, `…/ranking/me`, `/auth/…`) are not offline routes, an answer marked `private`
 * or `no-store` is not kept, and an answer to a request sent with the session (`X-Auth-Token`)
 * is kept only when the API marks it `public` (the same for every viewer). A logout also deletes
 * the API cache ({@link forgetViewerCaches}).
 */

/** Cache names (the precache is workbox's own). Bump a suffix to drop a cache on the next activation. */
export const CACHE_NAMES = {
  pages: 'landing-pages-v1',
  runtimeConfig: 'landing-runtime-config-v1',
  chunks: 'landing-chunks-v1',
  api: 'landing-api-v1',
  audio: 'landing-audio-v1',
} as const;

/** The environment's files the app shell needs when it renders a page in the browser. */
export const RUNTIME_CONFIG_FILES = ['/config.json', '/remotes.json'] as const;

/** How long a navigation waits for the server before the saved page is shown (s). */
export const PAGE_NETWORK_TIMEOUT_S = 6;

/** Message the page posts to a waiting worker to activate it (workbox-window `messageSkipWaiting`). */
export const SKIP_WAITING = 'SKIP_WAITING';

const SERVERS = '(?:pl|classic|royal|en)';
const RUNTIME_CONFIG = /(?:^|\/)(?:remotes\.json|config\.json|mf-manifest\.json|remoteEntry\.js)$/;
const HASHED = /\.[0-9a-f]{10}\.(?:js|css|mjs)$/;
const API_GET = new RegExp(`/${SERVERS}/(?:news(?:/|$)|news-images/|landing$|stats$|leaderboard$|newsletter$)`);
/** API paths that answer for the viewer (a session's own data): never kept offline. */
const PRIVATE_API = new RegExp(`/${SERVERS}/(?:auth/|news/[^/]+/ballot$|bets/tournaments/[^/]+/predictions$|bets/ranking/me$)`);
/** Pages that show the viewer's own data (the account page): never kept offline. */
const PRIVATE_PAGE = new RegExp(`^/${SERVERS}/account(?:/|$)`);
const AUDIO = /\/(?:sounds|music)\/[^/]+\.(?:ogg|mp3)$/;

/** Never-cached environment files: always from the network first. */
export function isRuntimeConfig(url: URL): boolean {
  return RUNTIME_CONFIG.test(url.pathname);
}

/** Content-hashed build output (immutable): cache first. */
export function isHashedChunk(url: URL): boolean {
  return HASHED.test(url.pathname);
}

/** API GETs kept for offline reading (news first of all): network first with cache fallback; never a per-viewer path. */
export function isOfflineApiGet(url: URL): boolean {
  return API_GET.test(url.pathname) && !PRIVATE_API.test(url.pathname);
}

/** Minimal view of request and response headers (workbox hands `Headers`). */
interface HeaderSource {
  get(name: string): string | null;
}

/** The directives of an answer's `Cache-Control`, lower case. */
function cacheDirectives(response: HeaderSource): string[] {
  return (response.get('Cache-Control') ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
}

/** An answer meant for one viewer only: `Cache-Control` says `private` or `no-store`. */
function isPrivateAnswer(directives: string[]): boolean {
  return directives.includes('private') || directives.includes('no-store');
}

/**
 * Whether the worker may keep an API answer: never one marked `private` or `no-store`, and, for a
 * request sent with the session (`X-Auth-Token` / `X-Auth-Id`), only one the API marks `public`
 * (it is then the same for every viewer). `Cache-Control` is a CORS-safelisted header, so the
 * worker reads it on the API's cross-origin answers.
 */
export function mayStoreApiAnswer(request: HeaderSource, response: HeaderSource): boolean {
  const directives = cacheDirectives(response);
  if (isPrivateAnswer(directives)) return false;
  if (request.get('X-Auth-Token') || request.get('X-Auth-Id')) return directives.includes('public');
  return true;
}

/** Pages showing the viewer's own data (`/{server}/account`): never kept in the pages cache. */
export function isPrivatePage(url: URL): boolean {
  return PRIVATE_PAGE.test(url.pathname);
}

/**
 * Whether the worker may keep a page: not a {@link isPrivatePage} one, and not one the page server
 * rendered for a logged-in player (`Cache-Control: private, no-store`).
 */
export function mayStorePage(url: URL, response: HeaderSource): boolean {
  return !isPrivatePage(url) && !isPrivateAnswer(cacheDirectives(response));
}

/**
 * Deletes what the worker's caches may hold of a viewer: the API cache (answers fetched while
 * logged in). Run at logout by the page (shared `onLogout`); pages, chunks, audio and the
 * runtime config are the same for everyone and stay.
 * @param storage the window's or worker's `caches`
 */
export async function forgetViewerCaches(storage: Pick<CacheStorage, 'delete'>): Promise<void> {
  await storage.delete(CACHE_NAMES.api);
}

/** Music and sound effects (spec §7): cache first. */
export function isAudio(url: URL): boolean {
  return AUDIO.test(url.pathname);
}

/**
 * A request for a page: a navigation, or a request asking for HTML (the pages the window asks the
 * worker to keep with workbox's `CACHE_URLS` message; a navigation cannot be made by script).
 * @param request  its `mode` and its `Accept` header
 */
export function isPageRequest(request: { mode: string; headers: { get(name: string): string | null } }): boolean {
  return request.mode === 'navigate' || /^text\/html\b/.test(request.headers.get('Accept') ?? '');
}

/**
 * Navigations answered with the app shell. Documents (PDFs), the content host, the worker and
 * any file with an extension go to the network.
 */
export function isAppNavigation(url: URL, ownOrigin: string): boolean {
  if (url.origin !== ownOrigin) return false;
  if (/^\/(?:documents|cdn|icons)\//.test(url.pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(url.pathname);
}

/**
 * Cache key of an API GET: the URL plus the `X-Lang` header, because the API answers news in the
 * language of that header (an offline page must not come back in another language).
 */
export function apiCacheKey(url: string, lang: string | null): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}__lang=${encodeURIComponent(lang || 'en')}`;
}

/**
 * What the service worker does with each request (spec §1, design brief §2), as pure functions
 * of the URL so they are unit-tested without a worker:
 *
 * | request | strategy |
 * |---|---|
 * | `remotes.json`, `config.json`, `mf-manifest.json`, `remoteEntry.js` (any origin) | network first, cache only as the offline fallback: a redeployed remote is used on the next load |
 * | hashed chunks `name.0123456789.js/css` (shell and remotes) | cache first (immutable) |
 * | API GETs of news (`/{server}/news…`, `/{server}/news-images/…`) and of the landing data | network first, cache fallback: pages seen once are readable offline |
 * | audio `…/sounds|music/{name}.ogg|mp3` | cache first |
 * | navigations, and page requests of the `CACHE_URLS` message (`Accept: text/html`) | network first (the server-rendered page), the page as last read when offline, else the precached app shell |
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
const AUDIO = /\/(?:sounds|music)\/[^/]+\.(?:ogg|mp3)$/;

/** Never-cached environment files: always from the network first. */
export function isRuntimeConfig(url: URL): boolean {
  return RUNTIME_CONFIG.test(url.pathname);
}

/** Content-hashed build output (immutable): cache first. */
export function isHashedChunk(url: URL): boolean {
  return HASHED.test(url.pathname);
}

/** API GETs kept for offline reading (news first of all): network first with cache fallback. */
export function isOfflineApiGet(url: URL): boolean {
  return API_GET.test(url.pathname);
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

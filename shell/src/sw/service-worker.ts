/// <reference lib="webworker" />
/**
 * The site's offline worker (spec §1), registered at the root scope by the shell. Built by
 * rspack (shell/rspack.config.mjs, target webworker) and completed by workbox-build's
 * `injectManifest`, which writes the precache list of the shell's build into `self.__WB_MANIFEST`.
 * Request strategies: see ./routes.ts. A new version waits until the page asks it to take over
 * (refresh-available flag, spec §1); the first version takes control at once (offline-ready).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHE_NAMES,
  PAGE_NETWORK_TIMEOUT_S,
  RUNTIME_CONFIG_FILES,
  SKIP_WAITING,
  apiCacheKey,
  isAppNavigation,
  isAudio,
  isHashedChunk,
  isOfflineApiGet,
  isPageRequest,
  isRuntimeConfig,
  mayStoreApiAnswer,
  mayStorePage,
} from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DAY_S = 86_400;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the page server (its HTML carries the page and its data); each page read is
// kept, so it opens again offline as last seen (spec §1 offline-capable worker). Pages read before
// this worker controlled them come as `CACHE_URLS` page requests from the window when it first
// takes control (shell/src/pwa/register-worker.ts). A page never read falls back to the precached
// app shell, which renders in the browser from the cached API answers.
registerRoute(
  ({ request, url }) => isPageRequest(request) && isAppNavigation(url, self.location.origin),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_S,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY_S }),
      // A player's own pages (the account page, a page rendered logged in) are never kept.
      { cacheWillUpdate: async ({ request, response }) => (mayStorePage(new URL(request.url), response.headers) ? response : null) },
      // A page from the server inlines config and remotes, so the browser never asks for them;
      // the app shell of a page never read needs them offline: keep them as fresh as the pages.
      { fetchDidSucceed: async ({ response }) => (void keepRuntimeConfig(), response) },
    ],
  }),
);

/** Copies the environment's config.json and remotes.json into the runtime-config cache (best effort). */
async function keepRuntimeConfig(): Promise<void> {
  try {
    const cache = await caches.open(CACHE_NAMES.runtimeConfig);
    await Promise.all(
      RUNTIME_CONFIG_FILES.map(async (path) => {
        const res = await fetch(path, { cache: 'no-store' });
        if (res.ok) await cache.put(path, res);
      }),
    );
  } catch {
    /* offline or the server is busy: the last copy stays */
  }
}
self.addEventListener('install', (event) => event.waitUntil(keepRuntimeConfig()));
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});

registerRoute(
  ({ url }) => isRuntimeConfig(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.runtimeConfig,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] })],
  }),
);

registerRoute(
  ({ url }) => isHashedChunk(url),
  new CacheFirst({
    cacheName: CACHE_NAMES.chunks,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY_S })],
  }),
);

registerRoute(
  ({ url }) => isOfflineApiGet(url),
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY_S }),
      { cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, request.headers.get('X-Lang')) },
      // Never a per-viewer answer (routes.ts `mayStoreApiAnswer`).
      { cacheWillUpdate: async ({ request, response }) => (mayStoreApiAnswer(request.headers, response.headers) ? response : null) },
    ],
  }),
);

registerRoute(
  ({ url }) => isAudio(url),
  new CacheFirst({
    cacheName: CACHE_NAMES.audio,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 60 * DAY_S })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The first worker controls the open page at once (offline-ready without a reload). An update
// only activates after SKIP_WAITING, and then claims the pages, which reload (spec §1).
clientsClaim();

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
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHE_NAMES, SKIP_WAITING, apiCacheKey, isAppNavigation, isAudio, isHashedChunk, isOfflineApiGet, isRuntimeConfig } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DAY_S = 86_400;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations of the single-page app get the precached shell (offline too).
registerRoute(({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, self.location.origin), createHandlerBoundToURL('/index.html'));

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

import { logout } from '@landing/shared';
import { forgetViewerOnLogout } from '../src/data/viewer-data';
import {
  CACHE_NAMES,
  apiCacheKey,
  forgetViewerCaches,
  isAppNavigation,
  isAudio,
  isHashedChunk,
  isOfflineApiGet,
  isPageRequest,
  isPrivatePage,
  isRuntimeConfig,
  mayStoreApiAnswer,
  mayStorePage,
} from '../src/sw/routes';

const u = (s: string) => new URL(s);

test('remotes.json, config.json, mf-manifest.json and remoteEntry.js go to the network first (any origin)', () => {
  for (const url of [
    'http://localhost:3000/remotes.json',
    'http://localhost:3000/config.json',
    'http://localhost:3002/1.4.0/mf-manifest.json',
    'https://cdn.example.com/mf-news/1.4.0/remoteEntry.js',
  ]) {
    expect(isRuntimeConfig(u(url))).toBe(true);
    expect(isHashedChunk(u(url))).toBe(false);
  }
  expect(isRuntimeConfig(u('http://localhost:3000/assets/main.107cebbfd9.js'))).toBe(false);
  expect(isRuntimeConfig(u('http://localhost:3000/remotes.json.bak'))).toBe(false);
});

test('content-hashed chunks are cache first; unhashed files are not', () => {
  expect(isHashedChunk(u('http://localhost:3000/assets/455.9c7ae39396.js'))).toBe(true);
  expect(isHashedChunk(u('http://localhost:3004/1.0.0/assets/85.1581315e4b.css'))).toBe(true);
  expect(isHashedChunk(u('http://localhost:3000/assets/main.js'))).toBe(false);
  expect(isHashedChunk(u('http://localhost:3000/sw.js'))).toBe(false);
});

test('news API GETs (list, article, comments, images) and landing data are kept for offline reading', () => {
  for (const path of [
    '/royal/news',
    '/royal/news?page=2',
    '/pl/news/transfer-window',
    '/classic/news/abc/comments',
    '/en/news-images/a.webp',
    '/royal/landing',
    '/royal/stats',
    '/royal/leaderboard',
    '/royal/newsletter',
  ]) {
    expect([path, isOfflineApiGet(u(`http://localhost:4000${path}`))]).toEqual([path, true]);
  }
  for (const path of ['/royal/auth/me', '/royal/bets', '/xx/news', '/royal/newsletters', '/royal/csrf']) {
    expect([path, isOfflineApiGet(u(`http://localhost:4000${path}`))]).toEqual([path, false]);
  }
  expect(isOfflineApiGet(u('https://api.example.com/v1/royal/news/slug'))).toBe(true);
});

test('audio of the content host', () => {
  expect(isAudio(u('http://localhost:3000/cdn/sounds/FX_Click_Basic.ogg'))).toBe(true);
  expect(isAudio(u('https://cdn.example.com/music/Landing_Theme.mp3'))).toBe(true);
  expect(isAudio(u('https://cdn.example.com/sounds/readme.txt'))).toBe(false);
});

test('navigations of the app get the shell; documents, files and other origins do not', () => {
  const origin = 'http://localhost:3000';
  expect(isAppNavigation(u(`${origin}/royal/news/some-article`), origin)).toBe(true);
  expect(isAppNavigation(u(`${origin}/auth/google/callback?code=1`), origin)).toBe(true);
  expect(isAppNavigation(u(`${origin}/documents/privacy-policy.pdf`), origin)).toBe(false);
  expect(isAppNavigation(u(`${origin}/manifest.webmanifest`), origin)).toBe(false);
  expect(isAppNavigation(u('http://localhost:3002/royal'), origin)).toBe(false);
});

test('API cache keys include the language, so an offline page never comes back in another language', () => {
  expect(apiCacheKey('http://api/royal/news', 'pl')).toBe('http://api/royal/news?__lang=pl');
  expect(apiCacheKey('http://api/royal/news?page=2', null)).toBe('http://api/royal/news?page=2&__lang=en');
});

test('per-viewer API paths (ballot, predictions, own ranking row, /auth/*) are never offline routes', () => {
  for (const path of [
    '/royal/news/new-season-kicks-off/ballot',
    '/royal/bets/tournaments/wc2026/predictions',
    '/royal/bets/ranking/me',
    '/royal/auth/me',
    '/royal/auth/sessions',
    '/royal/auth/security-events',
  ]) {
    expect([path, isOfflineApiGet(u(`http://localhost:4000${path}`))]).toEqual([path, false]);
  }
  // The public article and its comments stay readable offline; so does an article called "me".
  expect(isOfflineApiGet(u('http://localhost:4000/royal/news/new-season-kicks-off'))).toBe(true);
  expect(isOfflineApiGet(u('http://localhost:4000/royal/news/me'))).toBe(true);
});

test('an API answer is kept only when it is not per-viewer: never private or no-store; with the session only when public', () => {
  const h = (o: Record<string, string>) => new Headers(o);
  const visitor = h({ 'X-Lang': 'en' });
  const viewer = h({ 'X-Lang': 'en', 'X-Auth-Token': 'secret', 'X-Auth-Id': '7' });
  expect(mayStoreApiAnswer(visitor, h({ 'Cache-Control': 'public, no-cache' }))).toBe(true);
  expect(mayStoreApiAnswer(visitor, h({}))).toBe(true);
  expect(mayStoreApiAnswer(visitor, h({ 'Cache-Control': 'private, no-store' }))).toBe(false);
  expect(mayStoreApiAnswer(visitor, h({ 'Cache-Control': 'no-store' }))).toBe(false);
  expect(mayStoreApiAnswer(visitor, h({ 'Cache-Control': 'Private' }))).toBe(false);
  expect(mayStoreApiAnswer(viewer, h({ 'Cache-Control': 'public, no-cache' }))).toBe(true);
  expect(mayStoreApiAnswer(viewer, h({}))).toBe(false);
  expect(mayStoreApiAnswer(viewer, h({ 'Cache-Control': 'no-cache' }))).toBe(false);
  expect(mayStoreApiAnswer(h({ 'X-Auth-Id': '7' }), h({ 'Cache-Control': 'max-age=60' }))).toBe(false);
});

test('a page rendered for a logged-in player (private, no-store) is never kept; an anonymous one is', () => {
  const page = (cc: string) => new Headers({ 'Cache-Control': cc, 'Content-Type': 'text/html' });
  const url = u('http://localhost:3000/royal/news');
  expect(mayStorePage(url, page('public, s-maxage=5, stale-while-revalidate=30'))).toBe(true);
  expect(mayStorePage(url, page('private, no-store'))).toBe(false);
  expect(mayStorePage(u('http://localhost:3000/royal/account'), page('public, s-maxage=5'))).toBe(false);
});

test('the account page is never kept in the pages cache', () => {
  expect(isPrivatePage(u('http://localhost:3000/royal/account'))).toBe(true);
  expect(isPrivatePage(u('http://localhost:3000/pl/account/'))).toBe(true);
  expect(isPrivatePage(u('http://localhost:3000/royal/news/account'))).toBe(false);
  expect(isPrivatePage(u('http://localhost:3000/royal'))).toBe(false);
});

test("logout deletes the worker's API cache (answers fetched while logged in)", async () => {
  const storage = { delete: jest.fn(async () => true) };
  await forgetViewerCaches(storage);
  expect(storage.delete).toHaveBeenCalledWith(CACHE_NAMES.api);
  storage.delete.mockClear();
  const off = forgetViewerOnLogout(storage);
  logout(false);
  expect(storage.delete).toHaveBeenCalledTimes(1);
  expect(storage.delete).toHaveBeenCalledWith(CACHE_NAMES.api);
  off();
  logout(false);
  expect(storage.delete).toHaveBeenCalledTimes(1);
});

test('a page request is a navigation or a request for HTML (the pages a window asks the worker to keep)', () => {
  const req = (mode: string, accept?: string) => ({
    mode,
    headers: { get: (name: string) => (name === 'Accept' ? (accept ?? null) : null) },
  });
  expect(isPageRequest(req('navigate'))).toBe(true);
  expect(isPageRequest(req('cors', 'text/html'))).toBe(true);
  expect(isPageRequest(req('same-origin', 'text/html,application/xhtml+xml'))).toBe(true);
  expect(isPageRequest(req('cors'))).toBe(false);
  expect(isPageRequest(req('cors', 'application/json'))).toBe(false);
  expect(isPageRequest(req('no-cors', 'text/htmlx'))).toBe(false);
});

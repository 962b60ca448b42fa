/**
 * @jest-environment node
 *
 * Redirects of the page server (shell/src/server/pages/page-handler.ts, page-request.ts): the route
 * rules answer theirs before anything renders, and a redirect a render answers (an old
 * activation link) is sent as it is to visitors and players alike and never kept in
 * the page cache.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COOKIES, DEFAULT_RUNTIME_CONFIG } from '@landing/shared';
import type { EnvironmentState } from '../src/server/environment/environment';
import { PageCache } from '../src/server/cache/page-cache';
import { createPageHandler } from '../src/server/pages/page-handler';
import type { PageRequest } from '../src/server/pages/page-request';
import type { SessionChecker } from '../src/server/pages/session';
import type { PageRenderer } from '../src/server/render/page-renderer';
import { nodeCompression } from '../src/server/http/responses';

const ENV: EnvironmentState = { config: DEFAULT_RUNTIME_CONFIG, remotes: {}, pins: {}, version: 'env1', securityHeaders: () => ({}) };
const PLAYER = { user: { id: '7', nickname: 'demo', email: null, ovr: 50, server: 'royal' as const }, token: 't' };
/** An old activation link (the render answers its redirect). */
const OLD_LINK = '/royal/account-activation/abc';

let server: Server;
let origin = '';
const renders: string[] = [];
const cache = new PageCache();

beforeAll(async () => {
  cache.setLive(true);
  const renderer = {
    async render(request: PageRequest) {
      renders.push(request.url.pathname);
      if (request.url.pathname === OLD_LINK) return { kind: 'redirect', status: 302, location: '/royal/account-activation#token=abc' };
      const html = '<!doctype html><html><body><div id="root"></div></body></html>';
      return {
        kind: 'page',
        result: { kind: 'page', status: 200, html: null, timings: { renderMs: 1, slotErrors: [] }, topics: [] },
        html,
      };
    },
    limited: <T>(work: () => Promise<T>) => work(),
  } as unknown as PageRenderer;
  const sessions = {
    hasSessionCookie: (cookie: string | undefined) => Boolean(cookie?.includes('auth.royal._token.local')),
    playerOf: async () => PLAYER,
  } as unknown as SessionChecker;
  const page = createPageHandler({ renderer, cache, sessions, compress: nodeCompression(1024), publicOrigin: 'http://localhost' });
  server = createServer(
    (req: IncomingMessage, res: ServerResponse) => void page(req, res, new URL(req.url ?? '/', 'http://localhost'), ENV),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const get = (path: string, cookie?: string) => fetch(`${origin}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

test('the route rules redirect before anything renders', async () => {
  const res = await get('/', `${COOKIES.lastServer}=classic`);
  expect([res.status, res.headers.get('location')]).toEqual([302, '/classic']);
  expect(renders).toEqual([]);
});

test("a render's redirect reaches visitors and players as it is, and is never kept", async () => {
  for (const cookie of [undefined, undefined, 'auth.royal._token.local=t; auth.royal._token.uid=7']) {
    const res = await get(OLD_LINK, cookie);
    expect([res.status, res.headers.get('location'), res.headers.get('x-cache')]).toEqual([
      302,
      '/royal/account-activation#token=abc',
      null,
    ]);
  }
  // Each request rendered again: the redirect was never served from the cache.
  expect(renders).toEqual([OLD_LINK, OLD_LINK, OLD_LINK]);
  expect(cache.stats().entries).toBe(0);
  expect((await get('/royal')).headers.get('x-cache')).toBe('MISS');
  expect((await get('/royal')).headers.get('x-cache')).toBe('HIT');
});

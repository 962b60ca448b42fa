/**
 * @jest-environment node
 *
 * A page server past its render queue (shell/src/server/render/page-renderer.ts `limited`,
 * pages/page-handler.ts): a page it has no copy of is answered 503 with the busy page in the
 * visitor's language and `Retry-After`, and a page it holds goes out STALE instead of a 503.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COOKIES, DEFAULT_RUNTIME_CONFIG } from '@landing/shared';
import type { EnvironmentState } from '../src/server/environment/environment';
import { PageCache } from '../src/server/cache/page-cache';
import { createPageHandler } from '../src/server/pages/page-handler';
import type { PageRequest } from '../src/server/pages/page-request';
import type { SessionChecker } from '../src/server/pages/session';
import { createPageRenderer, type PageRenderer } from '../src/server/render/page-renderer';
import type { ServerFederation } from '../src/server/federation/server-federation';
import type { BuildReader } from '../src/server/http/build-reader';
import { nodeCompression } from '../src/server/http/responses';

const ENV: EnvironmentState = { config: DEFAULT_RUNTIME_CONFIG, remotes: {}, pins: {}, version: 'env1', securityHeaders: () => ({}) };

let server: Server;
let origin = '';
let now = 0;
/** Renders wait here until released. */
let release: () => void = () => undefined;
let held = Promise.resolve();
const cache = new PageCache({ now: () => now, freshMs: 1_000, staleMs: 60_000 });

beforeAll(async () => {
  cache.setLive(true);
  // The real queue (one render at a time, one waiting), with renders that wait to be released.
  const queue = createPageRenderer({
    federation: {} as unknown as ServerFederation,
    build: {} as unknown as BuildReader,
    internalBase: () => 'http://127.0.0.1:1',
    maxRenders: 1,
    maxQueue: 1,
  });
  const renderer = {
    ...queue,
    async render(request: PageRequest) {
      await held;
      const html = `<!doctype html><html><body><div id="root">${request.url.pathname} at ${now}</div></body></html>`;
      return { kind: 'page', result: { kind: 'page', status: 200, timings: { renderMs: 1, slotErrors: [] }, topics: [] }, html };
    },
  } as unknown as PageRenderer;
  const sessions = { hasSessionCookie: () => false, playerOf: async () => null } as unknown as SessionChecker;
  const page = createPageHandler({ renderer, cache, sessions, compress: nodeCompression(1024), publicOrigin: 'http://localhost' });
  server = createServer(
    (req: IncomingMessage, res: ServerResponse) => void page(req, res, new URL(req.url ?? '/', 'http://localhost'), ENV),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const get = (path: string) => fetch(`${origin}${path}`, { headers: { cookie: `${COOKIES.language}=de` } });
const hold = () => (held = new Promise<void>((r) => (release = r)));

test('past the queue, a page with no copy is a 503 in the visitor language; a page it holds goes out STALE', async () => {
  expect((await get('/royal')).status).toBe(200);
  now += 5_000; // /royal is past its fresh life, still within its stale life

  hold();
  const rendering = get('/royal/news'); // the one render in flight
  await new Promise((r) => setTimeout(r, 50));
  const waiting = get('/royal/bets'); // the one waiting
  await new Promise((r) => setTimeout(r, 50));

  const busy = await get('/royal/leaderboard');
  expect([busy.status, busy.headers.get('retry-after'), busy.headers.get('cache-control')]).toEqual([503, '5', 'no-store']);
  expect(await busy.text()).toContain('lang="de"');

  const stale = await get('/royal');
  expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'STALE']);
  expect(await stale.text()).toContain('/royal at 0');

  release();
  expect((await rendering).status).toBe(200);
  expect((await waiting).status).toBe(200);
});

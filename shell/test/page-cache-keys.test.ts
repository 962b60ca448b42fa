/**
 * @jest-environment node
 *
 * The page cache's keys and what it keeps (shell/src/server/cache/page-cache.ts, page-handler.ts,
 * shared-player-pages.ts): no request can spell another page's key, a shared player page that
 * cannot be filled in is rendered per player, and requests naming nothing real (unknown
 * tournaments, pages past the last, random paths, partner codes) never push real pages out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_RUNTIME_CONFIG, type UserData } from '@landing/shared';
import type { EnvironmentState } from '../src/server/environment/environment';
import { PageCache, pageCacheKey, type RenderedPage } from '../src/server/cache/page-cache';
import { createPageHandler } from '../src/server/pages/page-handler';
import type { PageRequest } from '../src/server/pages/page-request';
import type { PageRenderer } from '../src/server/render/page-renderer';
import type { SessionChecker } from '../src/server/pages/session';
import { createSharedPlayerPages } from '../src/server/players/shared-player-pages';
import type { StandInPlayer } from '../src/server/players/player-page';
import { nodeCompression } from '../src/server/http/responses';

const ENV: EnvironmentState = {
  config: DEFAULT_RUNTIME_CONFIG,
  remotes: {},
  pins: {},
  version: 'env1',
  securityHeaders: () => ({}),
};

const url = (path: string) => new URL(path, 'http://localhost');

describe('page cache keys', () => {
  test('a path that spells another page’s key is a page of its own (literal | and %7C)', () => {
    const players = pageCacheKey('env1', 'http://localhost', url('/royal/news'), 'en', 'player:royal');
    for (const path of ['/royal/news|player:royal', '/royal/news%7Cplayer:royal', '/royal/news"],"player:royal']) {
      expect(pageCacheKey('env1', 'http://localhost', url(path), 'en')).not.toBe(players);
      expect(pageCacheKey('env1', 'http://localhost', url(path), 'en', 'player:royal')).not.toBe(players);
    }
  });

  test('keys of different parts never meet, whatever the parts hold', () => {
    const parts = ['a', 'a|b', 'b', '|', '"', '",["', 'a","b', ''];
    const seen = new Map<string, string>();
    for (const env of parts)
      for (const origin of parts)
        for (const lang of parts) {
          const key = pageCacheKey(env, origin, url('/royal'), lang);
          const id = JSON.stringify([env, origin, lang]);
          expect(seen.get(key) ?? id).toBe(id);
          seen.set(key, id);
        }
  });
});

/** A page of `bytes` bytes naming its path (for the renders below). */
const pageOf = (path: string, status = 200, bytes = 4_000): RenderedPage => ({
  kind: 'page',
  status,
  html: `<!doctype html><html><body><div id="root"><h1>${path}</h1>${'x'.repeat(bytes)}</div><script type="application/json" id="landing-page-data">{}</script></body></html>`,
  topics: ['news'],
  degraded: false,
  renderMs: 1,
});

/** What exists in the fake site: three pages and their variants. */
function statusOf(request: PageRequest): number {
  const { pathname, searchParams } = request.url;
  if (pathname === '/royal/bets') return ['euro', null].includes(searchParams.get('tournament')) ? 200 : 404;
  if (/^\/royal\/join\/p\/[^/]+$/.test(pathname)) return 200;
  if (/^\/royal\/news\/list\/\d+$/.test(pathname)) return Number(pathname.split('/').at(-1)) <= 3 ? 200 : 404;
  return ['/royal', '/royal/news'].includes(pathname) ? 200 : 404;
}

describe('a bounded key space', () => {
  let server: Server;
  let origin = '';
  const renders = new Map<string, number>();
  const renderer = {
    async render(request: PageRequest) {
      const path = `${request.url.pathname}${request.url.search}`;
      renders.set(path, (renders.get(path) ?? 0) + 1);
      const page = pageOf(path, statusOf(request));
      return {
        kind: 'page' as const,
        result: {
          kind: 'page' as const,
          status: page.status,
          html: null as never,
          timings: { renderMs: 1, slotErrors: [] },
          topics: page.topics,
        },
        html: page.html,
      };
    },
    limited: <T>(work: () => Promise<T>) => work(),
    load: () => ({ active: 0, queued: 0 }),
  } as unknown as PageRenderer;
  const sessions = {
    hasSessionCookie: () => false,
    playerOf: async () => null,
    forgetAccount: () => undefined,
  } as unknown as SessionChecker;
  const cache = new PageCache({ maxBytes: 2 * 1024 * 1024 });
  const variants = new PageCache({ maxBytes: 256 * 1024 });

  beforeAll(async () => {
    // The change stream is up: pages live 60 s (the test takes far less).
    cache.setLive(true);
    variants.setLive(true);
    const page = createPageHandler({
      renderer,
      cache,
      variants,
      sessions,
      compress: nodeCompression(1024),
      publicOrigin: 'http://localhost',
    });
    server = createServer((req: IncomingMessage, res: ServerResponse) => void page(req, res, url(req.url ?? '/'), ENV));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const REAL = ['/royal', '/royal/news', '/royal/news/list/2', '/royal/bets?tournament=euro'];

  test('10,000 requests naming nothing real leave the real pages cached; a 404 is never stored', async () => {
    for (const path of REAL) expect((await fetch(`${origin}${path}`)).headers.get('x-cache')).toBe('MISS');
    for (const path of REAL) expect((await fetch(`${origin}${path}`)).headers.get('x-cache')).toBe('HIT');

    const junk = (i: number) =>
      [
        `/royal/bets?tournament=unknown-${i}-${'t'.repeat(200)}`,
        `/royal/news/list/${1000 + i}`,
        `/royal/no-such-page-${i}-${'p'.repeat(200)}`,
        `/royal/join/p/partner${i}`,
      ][i % 4]!;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, (_, j) => fetch(`${origin}${junk(i + j)}`)));
      for (const res of batch) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
      }
    }
    expect(statuses.get(404)).toBe(7_500);
    expect(statuses.get(200)).toBe(2_500);

    for (const path of REAL) {
      const res = await fetch(`${origin}${path}`);
      expect([path, res.headers.get('x-cache')]).toEqual([path, 'HIT']);
      expect(renders.get(path)).toBe(1);
    }
    // Nothing of the 404s was kept, and the partner pages stayed within their own budget.
    const again = await fetch(`${origin}${junk(1)}`);
    expect([again.status, again.headers.get('x-cache')]).toEqual([404, 'MISS']);
    expect(variants.stats().bytes).toBeLessThanOrEqual(256 * 1024);
    expect(cache.stats().entries).toBe(REAL.length);
  }, 120_000);
});

describe('shared player pages', () => {
  test('a cached page without the holes of a shared render is rendered per player, not filled in', async () => {
    const cache = new PageCache();
    let rendered = 0;
    const renderer = {
      render: async () => {
        rendered++;
        return { kind: 'page', result: { status: 200, timings: { renderMs: 1, slotErrors: [] }, topics: [] }, html: '' };
      },
      limited: <T>(work: () => Promise<T>) => work(),
    } as unknown as PageRenderer;
    const request: PageRequest = {
      url: url('/royal/news'),
      cookie: undefined,
      server: 'royal',
      lang: 'en',
      player: null,
      env: ENV,
      config: ENV.config,
      origin: 'http://localhost',
    };
    // Whatever put it there, the entry of the players' page holds a page with no holes.
    await cache.get(pageCacheKey('env1', 'http://localhost', request.url, 'en', 'player:royal'), async () => pageOf('/royal/news'));
    const shared = createSharedPlayerPages(cache, renderer);
    const user: UserData = { id: '7', nickname: 'demo', email: 'demo@example.org', ovr: 50, server: 'royal' };
    await expect(shared(request, { user, token: 't' })).resolves.toBeNull();
    expect(rendered).toBe(0);
  });

  test("a page whose stand-in render reads the player's e-mail is rendered per player, and is not tried again at once", async () => {
    const cache = new PageCache();
    let rendered = 0;
    const renderer = {
      render: async (_req: PageRequest, renderedFor: { standIn: StandInPlayer }) => {
        rendered++;
        const email = renderedFor.standIn.user.email;
        return { kind: 'page', result: { status: 200, timings: { renderMs: 1, slotErrors: [] }, topics: [] }, html: `<p>${email}</p>` };
      },
      limited: <T>(work: () => Promise<T>) => work(),
    } as unknown as PageRenderer;
    const request: PageRequest = {
      url: url('/royal/account'),
      cookie: undefined,
      server: 'royal',
      lang: 'en',
      player: null,
      env: ENV,
      config: ENV.config,
      origin: 'http://localhost',
    };
    const shared = createSharedPlayerPages(cache, renderer);
    const user: UserData = { id: '7', nickname: 'demo', email: 'demo@example.org', ovr: 50, server: 'royal' };
    await expect(shared(request, { user, token: 't' })).resolves.toBeNull();
    await expect(shared(request, { user: { ...user, id: '8', email: 'other@example.org' }, token: 'u' })).resolves.toBeNull();
    expect(rendered).toBe(1);
    expect(cache.stats().entries).toBe(0);
  });
});

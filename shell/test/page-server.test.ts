/**
 * @jest-environment node
 *
 * The page server's pieces that need no build: the `/api` proxy (it reaches the API's origin and
 * nothing else, and appends the peer to X-Forwarded-For), the page cache key, the page cache's
 * freshness rules and the 503 page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { busyPage } from '../src/server/http/busy-page';
import { createShellServer } from '../src/server/http/page-server';
import { PageCache, pageCacheKey, pageUrl, type RenderedPage } from '../src/server/cache/page-cache';

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

describe('the /api proxy', () => {
  let api: Server;
  let other: Server;
  let shell: Server;
  let shellPort: number;
  let otherHits = 0;
  const seen: Array<{ url?: string; forwarded?: string | string[] }> = [];

  beforeAll(async () => {
    api = createServer((req, res) => {
      seen.push({ url: req.url, forwarded: req.headers['x-forwarded-for'] });
      res.end('{"ok":true}');
    });
    other = createServer((_req, res) => {
      otherHits++;
      res.end('metadata of another host');
    });
    const apiPort = await listen(api);
    await listen(other);
    shell = createShellServer({
      distDir: '/nonexistent',
      remotesFile: '/nonexistent/remotes.json',
      production: false,
      apiProxyOrigin: `http://127.0.0.1:${apiPort}`,
    }).server;
    shellPort = await listen(shell);
  });
  afterAll(() => {
    for (const s of [api, other, shell]) s.close();
  });

  test('a path naming another host is refused (400) and never fetched', async () => {
    const otherPort = (other.address() as AddressInfo).port;
    for (const path of [`/api//127.0.0.1:${otherPort}/latest/meta-data`, `/api//127.0.0.1:${otherPort}`, '/api/http://127.0.0.1/x']) {
      const res = await fetch(`http://127.0.0.1:${shellPort}${path}`);
      if (path.startsWith('/api/http:')) {
        // An absolute URL as a path segment stays a path on the API's origin.
        expect(res.status).toBe(200);
        expect(seen.at(-1)!.url).toBe('/http://127.0.0.1/x');
      } else {
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe('Invalid API path');
      }
    }
    expect(otherHits).toBe(0);
  });

  test("a path on the API is proxied, with the peer's address appended to X-Forwarded-For", async () => {
    const res = await fetch(`http://127.0.0.1:${shellPort}/api/royal/stats`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toEqual({ url: '/royal/stats', forwarded: '203.0.113.9, 127.0.0.1' });
  });
});

describe('the page cache', () => {
  const page = (html: string, over: Partial<RenderedPage> = {}): RenderedPage => ({
    status: 200,
    html,
    topics: ['core', 'news'],
    degraded: false,
    renderMs: 10,
    ...over,
  });

  test('the key keeps the language and the page-changing parameters, not tracking or referral ones', () => {
    const key = (url: string, lang = 'en') => pageCacheKey('env1', 'https://example.com', new URL(url, 'https://example.com'), lang);
    expect(key('/royal/news?utm_source=x&fbclid=y')).toBe(key('/royal/news'));
    expect(key('/royal/news', 'de')).not.toBe(key('/royal/news', 'en'));
    // Only the browser reads partner and referral codes of the query (a page is rendered without them: pageUrl).
    expect(key('/royal/join?partner=club7&ref_id=9')).toBe(key('/royal/join'));
    expect(pageUrl(new URL('https://example.com/royal/join?partner=club7&tournament=euro&utm_source=x')).href).toBe(
      'https://example.com/royal/join?tournament=euro',
    );
    expect(key('/royal/bets?tournament=2')).not.toBe(key('/royal/bets'));
  });

  test('one render for concurrent misses; after a change of a topic the page shows the next request gets the new page, another topic changes nothing', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ now: () => now });
    cache.setLive(true);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return page(`<p>v${renders}</p>`);
    };
    const first = await Promise.all([1, 2, 3].map(() => cache.get('k', render)));
    expect(renders).toBe(1);
    expect(first.map((r) => r.cache)).toEqual(['MISS', 'MISS', 'MISS']);
    expect((await cache.get('k', render)).cache).toBe('HIT');
    cache.invalidate('bets');
    expect((await cache.get('k', render)).cache).toBe('HIT');
    // A change of its content: the next request waits for the new page, never gets the old one.
    cache.invalidate('news');
    const changed = await cache.get('k', render);
    expect(changed.cache).toBe('MISS');
    expect(changed.page.body.identity.toString()).toBe('<p>v2</p>');
    const fresh = await cache.get('k', render);
    expect(fresh.cache).toBe('HIT');
    expect(renders).toBe(2);
    expect(fresh.page.body.identity.toString()).toBe('<p>v2</p>');
    // brotli and gzip are stored with it
    expect(fresh.page.body.br.length).toBeGreaterThan(0);
    expect(fresh.page.body.gzip.length).toBeGreaterThan(0);
    now += 61_000; // past the longest life and past the stale window: the visitor waits for a render
    expect((await cache.get('k', render)).cache).toBe('MISS');
  });

  test('while the change stream is down a page lives 5 s; a page with a fallback slot too', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ now: () => now });
    const render = async () => page('<p>x</p>');
    await cache.get('down', render);
    now += 4_000;
    expect((await cache.get('down', render)).cache).toBe('HIT');
    now += 2_000;
    expect((await cache.get('down', render)).cache).toBe('STALE');
    cache.setLive(true);
    await cache.get('degraded', async () => page('<p>fallback</p>', { degraded: true }));
    now += 6_000;
    expect((await cache.get('degraded', render)).cache).toBe('STALE');
  });
});

test('a render that fails (a redirect, a full render queue) reaches every caller with its own error', async () => {
  const cache = new PageCache();
  class Redirect extends Error {}
  const render = async (): Promise<RenderedPage> => {
    await new Promise((r) => setTimeout(r, 10));
    throw new Redirect('to /royal/account-activation#token=x');
  };
  const results = await Promise.allSettled([cache.get('r', render), cache.get('r', render)]);
  for (const r of results) {
    expect(r.status).toBe('rejected');
    expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Redirect);
  }
});

test('the 503 page is in the visitor language and asks to come back', () => {
  expect(busyPage('de')).toContain('<html lang="de">');
  expect(busyPage('de')).toContain('Erneut versuchen');
  expect(busyPage('ru')).toContain('Попробовать снова');
  expect(busyPage('en')).toContain('<meta http-equiv="refresh" content="5">');
});

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
import { createPageServer } from '../src/server/http/page-server';
import { PageCache, pageCacheKey, type CachedPage, type PersonalRender, type RenderedPage } from '../src/server/cache/page-cache';
import { pageUrl, type Redirect } from '../src/server/pages/page-request';

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
    shell = createPageServer({
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
  const page = (html: string, over: Partial<Omit<RenderedPage, 'kind'>> = {}): RenderedPage => ({
    kind: 'page',
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
    expect((changed.answer as CachedPage).body.identity.toString()).toBe('<p>v2</p>');
    const fresh = await cache.get('k', render);
    expect(fresh.cache).toBe('HIT');
    expect(renders).toBe(2);
    expect((fresh.answer as CachedPage).body.identity.toString()).toBe('<p>v2</p>');
    // brotli and gzip are stored with it
    expect((fresh.answer as CachedPage).body.br.length).toBeGreaterThan(0);
    expect((fresh.answer as CachedPage).body.gzip.length).toBeGreaterThan(0);
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

test('a render that fails (a full render queue) reaches every caller with its error; a copy it could replace goes out stale', async () => {
  const cache = new PageCache();
  cache.setLive(true);
  class QueueFull extends Error {}
  const failing = async (): Promise<RenderedPage> => {
    await new Promise((r) => setTimeout(r, 10));
    throw new QueueFull('render queue full');
  };
  const results = await Promise.allSettled([cache.get('r', failing), cache.get('r', failing)]);
  for (const r of results) {
    expect(r.status).toBe('rejected');
    expect((r as PromiseRejectedResult).reason).toBeInstanceOf(QueueFull);
  }
  await cache.get('r', async () => ({ kind: 'page', status: 200, html: '<p>old</p>', topics: ['news'], degraded: false, renderMs: 1 }));
  cache.invalidate('news');
  const served = await cache.get('r', failing);
  expect([served.cache, (served.answer as CachedPage).body.identity.toString()]).toEqual(['STALE', '<p>old</p>']);
});

test('a redirect a render answers reaches every caller as a value and is never kept', async () => {
  const cache = new PageCache();
  let renders = 0;
  const render = async (): Promise<Redirect> => {
    renders++;
    await new Promise((r) => setTimeout(r, 10));
    return { kind: 'redirect', status: 302, location: '/royal/account-activation#token=x' };
  };
  const answers = await Promise.all([cache.get('r', render), cache.get('r', render)]);
  expect(renders).toBe(1);
  for (const { answer } of answers)
    expect(answer).toEqual({ kind: 'redirect', status: 302, location: '/royal/account-activation#token=x' });
  expect((await cache.get('r', render)).cache).toBe('MISS');
  expect([renders, cache.stats().entries]).toEqual([2, 0]);
});

test("a stand-in's personal render reaches every caller as a value, is never kept and drops the shared copy", async () => {
  const cache = new PageCache();
  cache.setLive(true);
  await cache.get('p', async () => ({ kind: 'page', status: 200, html: '<p>shared</p>', topics: ['news'], degraded: false, renderMs: 1 }));
  cache.invalidate('news');
  let renders = 0;
  const personal = async (): Promise<PersonalRender> => {
    renders++;
    await new Promise((r) => setTimeout(r, 10));
    return { kind: 'personal' };
  };
  const answers = await Promise.all([cache.get('p', personal), cache.get('p', personal)]);
  expect(renders).toBe(1);
  for (const { answer } of answers) expect(answer).toEqual({ kind: 'personal' });
  // The shared copy is gone, not served stale to the next player.
  expect(cache.stats().entries).toBe(0);
});

test('the 503 page is in the visitor language and asks to come back', () => {
  expect(busyPage('de')).toContain('<html lang="de">');
  expect(busyPage('de')).toContain('Erneut versuchen');
  expect(busyPage('ru')).toContain('Попробовать снова');
  expect(busyPage('en')).toContain('<meta http-equiv="refresh" content="5">');
});

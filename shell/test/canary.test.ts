/**
 * @jest-environment node
 *
 * Canary compositions in the page server (shell/src/server/environment/canary.ts) and its metrics
 * (metrics.ts): a visitor's bucket decides stably which canaries they get, the page cache keys on
 * the composition (one key per composition, never per visitor), the canary's pins replace the
 * stable ones, and `/metrics` answers Prometheus text to its credential only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import parsePrometheus from 'parse-prometheus-text-format';
import { DEFAULT_RUNTIME_CONFIG } from '@landing/shared';
import { bucketOf, compositionOf, inCanary } from '../src/server/environment/canary';
import { sanitizeCanaries } from '../src/server/environment/canary-releases';
import type { EnvironmentState } from '../src/server/environment/environment';
import { createPageServerMetrics, slotFallbacks } from '../src/server/http/metrics';
import { pageCacheKey } from '../src/server/cache/page-cache';

const PIN = (c: string) => `sha256-${c.repeat(43)}=`;
const stableUrl = 'http://localhost:3002/1.0.0/mf-manifest.json';
const canaryUrl = 'http://localhost:3002/1.1.0/mf-manifest.json';
const remotesJson = {
  mf_news: stableUrl,
  integrity: { mf_news: { 'server/remoteEntry.js': PIN('A') } },
  canary: {
    mf_news: {
      version: '1.1.0',
      url: canaryUrl,
      percent: 50,
      startedAt: '2026-11-30T10:00:00.000Z',
      integrity: { 'server/remoteEntry.js': PIN('B') },
    },
    mf_bets: { version: 'latest', url: canaryUrl, percent: 50 },
    mf_auth: { version: '1.0.1', url: 'ftp://x/1.0.1/mf-manifest.json', percent: 50 },
    mf_leaderboard: { version: '1.0.1', url: canaryUrl, percent: 100 },
    mf_nope: { version: '1.0.1', url: canaryUrl, percent: 10 },
  },
};
const base: EnvironmentState = {
  config: DEFAULT_RUNTIME_CONFIG,
  remotes: { mf_news: stableUrl },
  pins: { mf_news: { 'server/remoteEntry.js': PIN('A') } },
  canaries: sanitizeCanaries(remotesJson),
  version: 'env1',
  securityHeaders: () => ({}),
};
const cookie = (bucket: number) => `i18n_redirected=en; mf_bucket=${bucket}`;

test('remotes.json canaries: only known remotes with a version, an http(s) URL and a share of 1–99 %', () => {
  expect(base.canaries).toEqual([
    {
      remote: 'mf_news',
      version: '1.1.0',
      url: canaryUrl,
      percent: 50,
      startedAt: '2026-11-30T10:00:00.000Z',
      pins: { 'server/remoteEntry.js': PIN('B') },
    },
  ]);
  expect(sanitizeCanaries({ mf_news: stableUrl })).toEqual([]);
});

test("a canary at 50 % takes about half of the buckets, and a visitor's bucket decides the same way every time", () => {
  const canary = { remote: 'mf_news', version: '1.1.0', percent: 50 } as const;
  const joined = Array.from({ length: 10_000 }, (_, b) => inCanary(b, canary)).filter(Boolean).length;
  expect(joined).toBeGreaterThan(4700);
  expect(joined).toBeLessThan(5300);
  // another version draws another share of the visitors
  const next = Array.from({ length: 1000 }, (_, b) => inCanary(b, canary) === inCanary(b, { ...canary, version: '1.2.0' })).filter(
    Boolean,
  ).length;
  expect(next).toBeLessThan(650);
});

test('a new visitor gets a bucket cookie (no identifier: 0–9999) and the composition of that bucket', () => {
  const first = compositionOf(base, 'i18n_redirected=en', false);
  expect(first.setCookie).toMatch(/^mf_bucket=\d{1,4}; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/);
  expect(compositionOf(base, undefined, true).setCookie).toMatch(/; Secure$/);
  const bucket = bucketOf(first.setCookie!.split(';')[0]);
  const again = compositionOf(base, cookie(bucket!), false);
  expect(again.setCookie).toBeNull();
  expect(again.env).toBe(first.env);
  expect(bucketOf('mf_bucket=12345')).toBeNull();
  expect(bucketOf('mf_bucket=abc')).toBeNull();
});

test('one page cache key per composition, whatever the bucket; the canary composes its own URL and pins', () => {
  const url = new URL('http://localhost/royal/news');
  const keys = new Set<string>();
  const envs = new Set<EnvironmentState>();
  for (let b = 0; b < 200; b++) {
    const { env } = compositionOf(base, cookie(b), false);
    envs.add(env);
    keys.add(pageCacheKey(env.version, 'http://localhost', url, 'en'));
  }
  expect(envs.size).toBe(2);
  expect(keys.size).toBe(2);
  const canary = [...envs].find((e) => e.composition)!;
  expect(canary.composition).toBe('mf_news@1.1.0');
  expect(canary.remotes.mf_news).toBe(canaryUrl);
  expect(canary.pins.mf_news).toEqual({ 'server/remoteEntry.js': PIN('B') });
  const stable = [...envs].find((e) => !e.composition)!;
  expect(stable).toBe(base);
});

test('without a canary the stable composition is served and a leftover bucket cookie is deleted', () => {
  const none = { ...base, canaries: [] };
  expect(compositionOf(none, 'i18n_redirected=en', false)).toEqual({ env: none, canaries: [], setCookie: null });
  expect(compositionOf(none, cookie(42), false).setCookie).toBe('mf_bucket=; Path=/; Max-Age=0; SameSite=Lax');
});

test('slot fallbacks are counted for the remote and the version of the composition the page was rendered with', () => {
  const remotes = { mf_news: canaryUrl };
  expect(
    slotFallbacks(remotes, [
      { slot: 'mf_news/NewsList', reason: 'budget', message: 'mf_news/NewsList: not loaded within the SSR budget' },
      { slot: 'mf_news/NewsTeaser', reason: 'load', message: 'refused: integrity mismatch' },
      // a render error whose message looks like a load failure is still a render error
      { slot: 'mf_news/NewsList', reason: 'render', message: 'Failed to load the news' },
      { slot: 'mf_bets/BetsPage', reason: 'render', message: 'boom' },
      { slot: null, reason: 'render', message: 'Something else broke' },
    ]),
  ).toEqual([
    { remote: 'mf_news', version: '1.1.0', reason: 'budget' },
    { remote: 'mf_news', version: '1.1.0', reason: 'load' },
    { remote: 'mf_news', version: '1.1.0', reason: 'render' },
    { remote: 'mf_bets', version: 'unknown', reason: 'render' }, // not in this composition
    { remote: 'shell', version: 'unknown', reason: 'render' },
  ]);
});

/** A response that records what the handler wrote. */
function response() {
  const out = { status: 0, headers: {} as Record<string, string>, body: '' };
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      out.status = status;
      out.headers = headers;
    },
    end(body?: string) {
      out.body = body ?? '';
    },
  };
  return { res: res as unknown as ServerResponse, out };
}
const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as IncomingMessage;

test('/metrics: Prometheus text for METRICS_TOKEN only, none without it', async () => {
  const token = 'metrics-token-0123456789-abcdefghijklmnopqr';
  const metrics = createPageServerMetrics(token);
  metrics.page(200, 'HIT');
  metrics.page(503, undefined);
  metrics.render({ status: 200, renderMs: 42, canary: true, fallbacks: [{ remote: 'mf_news', version: '1.1.0', reason: 'render' }] });
  metrics.composed([{ remote: 'mf_news', version: '1.1.0' }]);

  const refused = response();
  await metrics.handle(request('Bearer wrong'), refused.res);
  expect(refused.out.status).toBe(401);
  const ok = response();
  await metrics.handle(request(`Bearer ${token}`), ok.res);
  expect(ok.out.status).toBe(200);
  expect(ok.out.headers['Content-Type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheus(ok.out.body);
  const value = (name: string, labels: Record<string, string>) =>
    families.find((f) => f.name === name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value;
  expect(value('landing_shell_pages_total', { status: '200', cache: 'HIT' })).toBe('1');
  expect(value('landing_shell_pages_total', { status: '503', cache: 'none' })).toBe('1');
  expect(value('landing_shell_ssr_fallbacks_total', { remote: 'mf_news', version: '1.1.0', reason: 'render' })).toBe('1');
  expect(value('landing_shell_compositions_total', { remote: 'mf_news', version: '1.1.0' })).toBe('1');
  expect(families.find((f) => f.name === 'landing_shell_render_duration_seconds')?.type).toBe('HISTOGRAM');

  const off = response();
  await createPageServerMetrics(undefined).handle(request(`Bearer ${token}`), off.res);
  expect(off.out.status).toBe(404);
});

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { TELEMETRY_LIMITS } from '@landing/domain/schemas/telemetry';
import { setupTestApp, sqlRows } from './helpers.js';

/** prom-client writes the text format; this parser reads it back (it throws on a malformed exposition). */
const require = createRequire(import.meta.url);
const parsePrometheus = require('parse-prometheus-text-format') as (
  text: string,
) => Array<{ name: string; type: string; metrics: Array<{ labels?: Record<string, string>; value?: string }> }>;

const OPS = 'ops-token-0123456789-abcdefghijklmnopqrstuv';
const NEWS_TEAM = 'news-team-token-0123456789-abcdefghijklmnop';
const METRICS = 'metrics-token-0123456789-abcdefghijklmnopqr';

let ip = 0;
const nextIp = () => `10.7.0.${++ip}`;

/**
 * A static host of one remote version's browser chunk map: `/mf-news/1.1.0/assets/chunk.js.map`
 * maps line 1 column 0 of the chunk to line 3 column 2 of `src/components/NewsTeaser.tsx`, name `boom`.
 */
function mapServer(): Promise<{ server: Server; origin: string; fetched: string[] }> {
  const fetched: string[] = [];
  const server = createServer((req, res) => {
    fetched.push(req.url ?? '');
    if (req.url === '/mf-news/1.1.0/assets/chunk.js.map') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ version: 3, sources: ['webpack://mf_news/./src/components/NewsTeaser.tsx'], names: ['boom'], mappings: 'AAEEA' }),
      );
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fetched })),
  );
}

describe('telemetry', () => {
  let maps: Awaited<ReturnType<typeof mapServer>>;
  before(async () => {
    maps = await mapServer();
  });
  after(() => maps.server.close());

  const t = setupTestApp(() => ({
    config: {
      telemetry: {
        metricsToken: METRICS,
        opsToken: OPS,
        teamTokens: { mf_news: NEWS_TEAM },
        rateLimitPerMinute: 8,
        sourceMapOrigins: { 'http://remotes.test': maps.origin },
      },
    },
  }));

  const send = (
    body: unknown,
    { raw, remoteAddress = nextIp(), type = 'text/plain;charset=UTF-8' }: { raw?: string; remoteAddress?: string; type?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/telemetry',
      payload: raw ?? JSON.stringify(body),
      headers: { 'content-type': type },
      remoteAddress,
    });
  const rowsOf = async () => ({
    counts: await sqlRows(t.handle, 'SELECT * FROM telemetry_counts'),
    vitals: await sqlRows(t.handle, 'SELECT * FROM telemetry_vitals'),
    failures: await sqlRows(t.handle, 'SELECT * FROM telemetry_failures'),
  });
  const clear = async () => {
    for (const table of ['telemetry_counts', 'telemetry_vitals', 'telemetry_failures', 'telemetry_releases'])
      await t.handle.db.execute(`DELETE FROM ${table}` as never);
  };
  const composition = { shell: '1.0.0', mf_news: '1.1.0', mf_leaderboard: '1.0.0' };
  const thrown = {
    kind: 'error',
    source: 'boundary',
    remote: 'mf_news',
    version: '1.1.0',
    message: 'boom is not a function',
    frames: [{ url: 'http://remotes.test/mf-news/1.1.0/assets/chunk.js', line: 1, column: 0 }],
  };
  const view = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/telemetry/view?${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: nextIp(),
    });

  it('a thrown error in a remote arrives attributed to that remote and version, its frames source-mapped', async () => {
    await clear();
    const res = await send({
      v: 1,
      environment: 'production',
      views: [
        { page: '/:server/news', composition },
        { page: '/:server', composition: { shell: '1.0.0', mf_news: '1.0.0' } },
      ],
      vitals: [{ page: '/:server/news', composition, LCP: 1234, CLS: 0.02, INP: 80 }],
      events: [thrown, { ...thrown, count: 2 }],
    });
    assert.equal(res.statusCode, 202, res.body);
    // A beacon is a no-cors request from the site's origin: its answer must not be blocked (a console error per page).
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');

    const body = (await view('environment=production&window=15m', OPS)).json();
    const news = body.remotes.find((r: { remote: string }) => r.remote === 'mf_news');
    const [v110, v100] = news.versions;
    assert.equal(v110.version, '1.1.0');
    assert.deepEqual([v110.pageViews, v110.errors, v110.loadFailures, v110.fallbacks], [1, 3, 0, 0]);
    assert.equal(v110.per1000.errors, 3000);
    assert.deepEqual([v100.version, v100.pageViews, v100.errors], ['1.0.0', 1, 0]);
    // p75 from log buckets: within 2.5 % of the one sample
    assert.ok(Math.abs(v110.p75.LCP - 1234) / 1234 < 0.03, String(v110.p75.LCP));
    assert.ok(Math.abs(v110.p75.CLS - 0.02) < 0.001, String(v110.p75.CLS));
    assert.equal(v110.topErrors.length, 1);
    assert.equal(v110.topErrors[0].count, 3);
    assert.deepEqual(v110.topErrors[0].frames, [
      { file: 'webpack://mf_news/src/components/NewsTeaser.tsx', line: 3, column: 2, name: 'boom', mapped: true },
    ]);
    assert.deepEqual(maps.fetched, ['/mf-news/1.1.0/assets/chunk.js.map']);
  });

  it("frames outside the named version's folder or the configured origins are kept as sent, never fetched", async () => {
    await clear();
    maps.fetched.length = 0;
    const frames = [
      { url: 'http://remotes.test/mf-news/1.0.0/assets/chunk.js', line: 1, column: 0 },
      { url: 'http://elsewhere.test/mf-news/1.1.0/assets/chunk.js', line: 1, column: 0 },
    ];
    assert.equal((await send({ v: 1, environment: 'production', events: [{ ...thrown, message: 'other', frames }] })).statusCode, 202);
    const [row] = (await rowsOf()).failures as Array<{ frames: Array<{ mapped: boolean }> }>;
    assert.deepEqual(
      row!.frames.map((f) => f.mapped),
      [false, false],
    );
    assert.deepEqual(maps.fetched, []);
  });

  it('garbage and oversized batches get 4xx and store nothing', async () => {
    await clear();
    const valid = { v: 1, environment: 'production', views: [{ page: '/:server', composition }] };
    const refused = [
      await send(undefined, { raw: 'not json at all' }),
      await send(undefined, { raw: '' }),
      await send({ ...valid, v: 2 }),
      await send({ ...valid, views: [{ page: '/royal/news/my-article?utm=1', composition }] }),
      await send({ ...valid, views: [{ page: '/:server', composition: { mf_news: 'latest' } }] }),
      await send({ ...valid, events: [{ ...thrown, kind: 'crash' }] }),
      await send({ ...valid, events: [{ ...thrown, message: 'x'.repeat(TELEMETRY_LIMITS.messageMax + 1) }] }),
      await send({ ...valid, events: Array.from({ length: TELEMETRY_LIMITS.maxEvents + 1 }, () => thrown) }),
      await send({ ...valid, events: [{ ...thrown, frames: [{ url: 'http://remotes.test/a.js?token=1', line: 1, column: 0 }] }] }),
      await send({ ...valid, userId: 42 }),
      await send({ ...valid, views: [{ page: '/:server', composition, url: 'https://site.example/royal' }] }),
      await send(undefined, { raw: JSON.stringify({ ...valid, padding: 'x'.repeat(TELEMETRY_LIMITS.maxBodyBytes) }) }),
      await send(valid, { type: 'application/x-www-form-urlencoded' }),
    ];
    assert.deepEqual(
      refused.map((r) => r.statusCode),
      [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 413, 415],
    );
    for (const r of refused) assert.equal(typeof r.json().message, 'string');
    assert.deepEqual(await rowsOf(), { counts: [], vitals: [], failures: [] });
  });

  it('a flood from one address gets 429 past the limit and stores nothing more', async () => {
    await clear();
    const from = nextIp();
    const batch = { v: 1, environment: 'production', views: [{ page: '/:server', composition: { shell: '1.0.0' } }] };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(batch, { remoteAddress: from })).statusCode);
    assert.deepEqual(statuses, [...Array(8).fill(202), ...Array(4).fill(429)]);
    const [row] = (await rowsOf()).counts as Array<{ count: number }>;
    assert.equal(row!.count, 8);
    assert.equal((await send(batch)).statusCode, 202); // another address is not held back
  });

  it('stores no personal field: no address, agent, account, URL query, e-mail or token in any column', async () => {
    await clear();
    const secret = 'a1b2c3d4e5f6a7b8c9d0e1f2';
    const res = await send(
      {
        v: 1,
        environment: 'production',
        views: [{ page: '/:server/news/*', composition }],
        vitals: [{ page: '/:server/news/*', composition, LCP: 900 }],
        events: [
          {
            ...thrown,
            message: `Failed for jan.kowalski@example.com at https://site.example/royal/news?session=${secret}#x, player 1234567, token ${secret}`,
          },
        ],
      },
      { remoteAddress: '203.0.113.77' },
    );
    assert.equal(res.statusCode, 202, res.body);
    const tables = await sqlRows<{ table_name: string; column_name: string }>(
      t.handle,
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'telemetry_%' AND table_schema = current_schema()",
    );
    const personal = tables.filter((c) => /ip|addr|agent|user|account|session|cookie|url|email|query/.test(c.column_name));
    assert.deepEqual(personal, []);
    const stored = JSON.stringify(await rowsOf());
    for (const value of ['203.0.113.77', 'jan.kowalski', 'example.com', secret, '1234567', 'session='])
      assert.ok(!stored.includes(value), `${value} was stored`);
    const [failure] = (await rowsOf()).failures as Array<{ message: string }>;
    assert.equal(failure!.message, 'Failed for <email> at https://site.example/royal/news, player <n>, token <token>');
  });

  it('the view needs a credential; a team token reads its own remote only', async () => {
    await clear();
    await send({ v: 1, environment: 'staging', views: [{ page: '/:server', composition }] });
    assert.equal((await view('environment=staging')).statusCode, 401);
    assert.equal((await view('environment=staging', 'wrong-token-0123456789-abcdefghijklmnopq')).statusCode, 401);
    const all = (await view('environment=staging&window=24h', OPS)).json();
    assert.deepEqual(
      all.remotes.map((r: { remote: string }) => r.remote),
      ['mf_leaderboard', 'mf_news', 'shell'],
    );
    const team = (await view('environment=staging', NEWS_TEAM)).json();
    assert.deepEqual(
      team.remotes.map((r: { remote: string }) => r.remote),
      ['mf_news'],
    );
    const figures = (remote: string) =>
      t.app.inject({
        method: 'GET',
        url: `/telemetry/figures?environment=staging&remote=${remote}&since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
        headers: { authorization: `Bearer ${NEWS_TEAM}` },
        remoteAddress: nextIp(),
      });
    assert.equal((await figures('mf_bets')).statusCode, 403);
    const news = (await figures('mf_news')).json();
    assert.deepEqual(news.versions, [{ version: '1.1.0', pageViews: 1, errors: 0, loadFailures: 0, fallbacks: 0, firstFailureAt: null }]);
    // release steps: the operations token only, each stored once
    const step = {
      at: new Date().toISOString(),
      action: 'canary',
      remote: 'mf_news',
      from: '1.0.0',
      to: '1.1.0',
      percent: 50,
      by: 'news-team',
    };
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/telemetry/releases',
        payload: { environment: 'staging', entries: [step] },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: nextIp(),
      });
    assert.equal((await post(NEWS_TEAM)).statusCode, 401);
    assert.equal((await post(OPS)).statusCode, 200);
    assert.equal((await post(OPS)).statusCode, 200);
    const withCanary = (await view('environment=staging', OPS)).json();
    assert.equal(withCanary.releases.length, 1);
    assert.deepEqual(withCanary.remotes.find((r: { remote: string }) => r.remote === 'mf_news').canary, {
      version: '1.1.0',
      percent: 50,
      since: step.at,
    });
  });

  it('/metrics answers Prometheus text to the metrics credential only', async () => {
    const metrics = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers });
    assert.equal((await metrics()).statusCode, 401);
    assert.equal((await metrics({ authorization: `Bearer ${OPS}` })).statusCode, 401);
    const res = await metrics({ authorization: `Bearer ${METRICS}` });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const families = parsePrometheus(res.body);
    const requests = families.find((f) => f.name === 'landing_api_requests_total');
    assert.equal(requests?.type, 'COUNTER');
    assert.ok(requests!.metrics.some((m) => m.labels?.route === '/telemetry' && m.labels.status === '202' && Number(m.value) >= 1));
    assert.equal(families.find((f) => f.name === 'landing_api_request_duration_seconds')?.type, 'HISTOGRAM');
    assert.ok(Number(families.find((f) => f.name === 'landing_api_telemetry_records_total')?.metrics[0]?.value) > 0);
  });
});

describe('telemetry without credentials configured', () => {
  const t = setupTestApp();
  it('has no /metrics and refuses the view', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/telemetry/view?environment=production' })).statusCode, 401);
  });
});

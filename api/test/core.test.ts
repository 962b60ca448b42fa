import zlib from 'node:zlib';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { z } from 'zod';
import { buildApp, CORS_ALLOWED_HEADERS } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { runSeeds } from '../src/db/seed.js';
import { LANDING_HEADER_CODES, LANDING_HEADER_TEXTS } from '../src/domains/core/seed.js';
import { LOCALE_CODES } from '@landing/domain';
import { assertErrorBody, setCookies, setupTestApp, sqlRows, TEST_CONFIG } from './helpers.js';

describe('core: servers, landing, XSRF, CORS, request context, docs', () => {
  const t = setupTestApp();

  before(() => {
    // Test-only routes (the app is returned before ready(), so routes can still be added).
    t.app.post('/test/echo', { schema: { body: z.object({ n: z.number() }) } }, async (request) => ({ got: request.body }));
    t.app.get('/test/ctx', async (request) => request.ctx);
  });

  it('GET /health → { ok: true }', async () => {
    const res = await t.app.inject({ url: '/health' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { ok: true });
  });

  it('compresses answers over 1 KiB with brotli or gzip as the client accepts, and says it varies by encoding', async () => {
    const plain = await t.app.inject({ url: '/royal/news?page=1&per_page=9' });
    assert.ok(plain.rawPayload.length > 1024, 'a news page is large enough to compress');
    assert.equal(plain.headers['content-encoding'], undefined);
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url: '/royal/news?page=1&per_page=9', headers: { 'accept-encoding': accept } });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers.vary), /Accept-Encoding/i);
      assert.deepEqual(JSON.parse(decode(res.rawPayload).toString('utf8')), plain.json());
    }
  });

  it('answers 404 UNKNOWN_SERVER for an unknown server on every route', async () => {
    for (const url of ['/xx/stats', '/s1/leaderboard?limit=5', '/ROYAL/landing', '/us/csrf', '/royal2/stats']) {
      const res = await t.app.inject({ url });
      const body = assertErrorBody(res, 404, 'UNKNOWN_SERVER');
      assert.deepEqual(body, { statusCode: 404, error: 'UNKNOWN_SERVER', message: 'Unknown server' });
    }
  });

  it('answers 404 NOT_FOUND in the same shape for unknown routes', async () => {
    const body = assertErrorBody(await t.app.inject({ url: '/pl/nothing-here' }), 404, 'NOT_FOUND');
    assert.match(body.message, /\/pl\/nothing-here/);
  });

  it('serves en outside production only (spec §9)', async () => {
    assert.equal((await t.app.inject({ url: '/en/stats' })).statusCode, 200);
    assert.deepEqual(loadConfig({ NODE_ENV: 'production' }).servers, ['pl', 'classic', 'royal']);
    // A second app on the same open database (PGlite allows one open handle per directory).
    const prod = await buildApp({
      db: t.handle,
      config: { ...TEST_CONFIG, nodeEnv: 'production', servers: loadConfig({ NODE_ENV: 'production' }).servers },
    });
    try {
      assertErrorBody(await prod.inject({ url: '/en/stats' }), 404, 'UNKNOWN_SERVER');
      assertErrorBody(await prod.inject({ url: '/en/landing' }), 404, 'UNKNOWN_SERVER');
      assert.equal((await prod.inject({ url: '/royal/stats' })).statusCode, 200);
    } finally {
      await prod.close();
    }
  });

  it('GET /:server/landing → header code, technical_break flag and server', async () => {
    for (const server of ['pl', 'classic', 'royal', 'en'] as const) {
      const res = await t.app.inject({ url: `/${server}/landing` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { landing_header_code: LANDING_HEADER_CODES[server], technical_break: false, server });
    }
    assert.notEqual(LANDING_HEADER_CODES.pl, LANDING_HEADER_CODES.royal);
  });

  describe('landing header per language (X-Lang)', () => {
    const SERVERS = ['pl', 'classic', 'royal', 'en'] as const;
    const landing = async (server: string, lang?: string) => {
      const res = await t.app.inject({ url: `/${server}/landing`, headers: lang === undefined ? {} : { 'x-lang': lang } });
      assert.equal(res.statusCode, 200, res.body);
      return { body: res.json() as { landing_header_code: unknown }, headers: res.headers };
    };

    it('X-Lang: ru answers the Russian text of every server', async () => {
      for (const server of SERVERS) {
        const { body } = await landing(server, 'ru');
        assert.equal(body.landing_header_code, LANDING_HEADER_TEXTS[server].ru);
        assert.match(String(body.landing_header_code), /[а-яё]/i, `${server}: Cyrillic text`);
        assert.notEqual(body.landing_header_code, LANDING_HEADER_CODES[server]);
      }
      assert.equal((await landing('royal', 'RU')).body.landing_header_code, LANDING_HEADER_TEXTS.royal.ru);
      // The answer varies by X-Lang, and the CORS `Vary: Origin` is kept.
      const cors = await t.app.inject({ url: '/royal/landing', headers: { 'x-lang': 'ru', origin: 'http://localhost:3000' } });
      const vary = String(cors.headers.vary)
        .split(/\s*,\s*/)
        .map((v) => v.toLowerCase());
      assert.ok(vary.includes('x-lang') && vary.includes('origin'), `Vary: ${String(cors.headers.vary)}`);
    });

    it('an absent or unknown X-Lang answers English', async () => {
      for (const server of SERVERS) {
        for (const lang of [undefined, 'xx', '', 'pt', 'en']) {
          const { body } = await landing(server, lang);
          assert.equal(body.landing_header_code, LANDING_HEADER_CODES[server], `${server} with X-Lang ${String(lang)}`);
        }
      }
    });

    it('landing_header_code is a non-empty string for every server and language, varying by X-Lang', async () => {
      for (const server of SERVERS) {
        const seen = new Set<string>();
        for (const lang of LOCALE_CODES) {
          const { body, headers } = await landing(server, lang);
          assert.equal(typeof body.landing_header_code, 'string', `${server}/${lang}`);
          assert.equal(body.landing_header_code, LANDING_HEADER_TEXTS[server][lang]);
          assert.match(String(headers.vary), /X-Lang/i);
          seen.add(body.landing_header_code as string);
        }
        assert.equal(seen.size, LOCALE_CODES.length, `${server}: a different text per language`);
      }
    });

    it('the OpenAPI document describes the X-Lang choice', async () => {
      const doc = (await t.app.inject({ url: '/docs/json' })).json();
      assert.match(doc.paths['/{server}/landing'].get.description, /X-Lang/);
      assert.match(JSON.stringify(doc.components.schemas.Landing.properties.landing_header_code), /X-Lang/);
    });

    it('the translations keep the numbers of the English text', () => {
      const numbers = (s: string) => (s.match(/\d+/g) ?? []).join(',');
      for (const server of SERVERS) {
        for (const lang of LOCALE_CODES) {
          assert.equal(numbers(LANDING_HEADER_TEXTS[server][lang]), numbers(LANDING_HEADER_TEXTS[server].en), `${server}/${lang}`);
        }
      }
    });

    it('falls back to English, then to servers.landing_header_code, when rows are missing', async () => {
      await sqlRows(t.handle, `DELETE FROM landing_header_texts WHERE server = 'classic' AND lang = 'de'`);
      assert.equal((await landing('classic', 'de')).body.landing_header_code, LANDING_HEADER_CODES.classic);
      await sqlRows(t.handle, `DELETE FROM landing_header_texts WHERE server = 'classic'`);
      await sqlRows(t.handle, `UPDATE servers SET landing_header_code = 'Column text' WHERE code = 'classic'`);
      assert.equal((await landing('classic', 'de')).body.landing_header_code, 'Column text');
      assert.equal((await landing('classic')).body.landing_header_code, 'Column text');
      await sqlRows(t.handle, `UPDATE servers SET landing_header_code = $1 WHERE code = 'classic'`, [LANDING_HEADER_CODES.classic]);
      // Re-seed the texts as an existing database would on its next start (see the next test).
      await sqlRows(t.handle, `DELETE FROM seed_markers WHERE domain = 'core-i18n' AND server = 'classic'`);
      await runSeeds(t.handle.db, ['classic']);
      assert.equal((await landing('classic', 'de')).body.landing_header_code, LANDING_HEADER_TEXTS.classic.de);
    });

    it('a database seeded before the table existed gets the texts on the next start', async () => {
      // State of such a database: `core` marked done, no `core-i18n` marker, empty table.
      await sqlRows(t.handle, `DELETE FROM landing_header_texts`);
      await sqlRows(t.handle, `DELETE FROM seed_markers WHERE domain = 'core-i18n'`);
      assert.equal((await landing('pl', 'ru')).body.landing_header_code, LANDING_HEADER_CODES.pl);
      const report = await runSeeds(t.handle.db, [...SERVERS]);
      for (const server of SERVERS) {
        assert.ok(
          report.some((r) => r.domain === 'core' && r.server === server && r.status === 'skipped'),
          `core/${server} skipped`,
        );
        assert.ok(
          report.some((r) => r.domain === 'core-i18n' && r.server === server && r.status === 'seeded'),
          `core-i18n/${server} seeded`,
        );
      }
      const [count] = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM landing_header_texts');
      assert.equal(count!.n, SERVERS.length * LOCALE_CODES.length);
      assert.equal((await landing('pl', 'ru')).body.landing_header_code, LANDING_HEADER_TEXTS.pl.ru);
      assert.ok((await runSeeds(t.handle.db, [...SERVERS])).every((r) => r.status === 'skipped'));
    });
  });

  describe('XSRF: signed double submit', () => {
    const cookiesOf = (res: import('fastify').LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    const echo = (cookies: Record<string, string>, token: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/test/echo',
        payload: { n: 42 },
        cookies,
        headers: token === undefined ? {} : { 'x-xsrf-token': token },
      });

    it('gives a browser without cookies an HttpOnly secret and a readable token signed for it (Path=/, SameSite=Strict, not Secure in development)', async () => {
      const res = await t.app.inject({ url: '/pl/csrf' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { ok: true });
      const token = setCookies(res).find((c) => c.startsWith('XSRF-TOKEN='));
      const secret = setCookies(res).find((c) => c.startsWith('XSRF-SECRET='));
      assert.ok(token && secret, setCookies(res).join(' | '));
      assert.match(token, /^XSRF-TOKEN=[A-Za-z0-9_-]+-[A-Za-z0-9_-]{43};/, 'salt-HMAC');
      assert.match(token, /Path=\//);
      assert.match(token, /SameSite=Strict/i);
      assert.doesNotMatch(token, /HttpOnly|Secure/i);
      assert.match(secret, /HttpOnly/i);
      assert.match(secret, /SameSite=Strict/i);
      assert.doesNotMatch(secret, /Secure/i);
      // Never on reads (shared caches keep public answers), but on writes, even refused ones.
      assert.deepEqual(setCookies(await t.app.inject({ url: '/pl/stats' })), []);
      assert.ok(
        setCookies(await t.app.inject({ method: 'POST', url: '/test/echo', payload: {} })).some((c) => c.startsWith('XSRF-TOKEN=')),
      );
    });

    it('keeps a valid pair, re-signs a token that does not match the secret, and gives each browser its own secret', async () => {
      const first = await t.app.inject({ url: '/pl/csrf' });
      const pair = cookiesOf(first);
      assert.equal(setCookies(await t.app.inject({ url: '/pl/csrf', cookies: pair })).length, 0, 'nothing new for a valid pair');
      const resigned = await t.app.inject({ url: '/pl/csrf', cookies: { ...pair, 'XSRF-TOKEN': 'abc' } });
      assert.deepEqual(
        resigned.cookies.map((c) => c.name),
        ['XSRF-TOKEN'],
        'a new token for the same secret',
      );
      const other = cookiesOf(await t.app.inject({ url: '/pl/csrf' }));
      assert.notEqual(other['XSRF-SECRET'], pair['XSRF-SECRET']);
    });

    it('accepts a mutating request whose header carries the token signed for its secret cookie', async () => {
      const pair = cookiesOf(await t.app.inject({ url: '/royal/csrf' }));
      const res = await echo(pair, pair['XSRF-TOKEN']);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { got: { n: 42 } });
    });

    it('rejects a mutating request without the header, without the secret, or with a token of another browser: 403 XSRF_MISMATCH', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const body = assertErrorBody(await t.app.inject({ method, url: '/test/echo', payload: { n: 1 } }), 403, 'XSRF_MISMATCH');
        assert.equal(body.message, 'Invalid XSRF token');
      }
      const mine = cookiesOf(await t.app.inject({ url: '/royal/csrf' }));
      const theirs = cookiesOf(await t.app.inject({ url: '/royal/csrf' }));
      assertErrorBody(await echo(mine, undefined), 403, 'XSRF_MISMATCH');
      assertErrorBody(await echo({ 'XSRF-TOKEN': mine['XSRF-TOKEN']! }, mine['XSRF-TOKEN']), 403, 'XSRF_MISMATCH');
      assertErrorBody(await echo(mine, theirs['XSRF-TOKEN']), 403, 'XSRF_MISMATCH');
    });

    it('a plain double submit (any equal cookie and header, e.g. planted by a sibling subdomain) no longer passes', async () => {
      // The old check accepted any header equal to the XSRF-TOKEN cookie.
      assertErrorBody(await echo({ 'XSRF-TOKEN': 'planted-token-1234567890' }, 'planted-token-1234567890'), 403, 'XSRF_MISMATCH');
      // A planted secret with a token the attacker made up does not verify either: tokens are HMACs with the server key.
      const planted = { 'XSRF-SECRET': 'attacker-secret-0123456789', 'XSRF-TOKEN': 'salt1234-' + 'A'.repeat(43) };
      assertErrorBody(await echo(planted, planted['XSRF-TOKEN']), 403, 'XSRF_MISMATCH');
    });

    it('in production the cookies are Secure with the __Host- prefix', async () => {
      const prod = await buildApp({
        db: t.handle,
        config: { ...TEST_CONFIG, nodeEnv: 'production', servers: ['pl', 'classic', 'royal'] },
        migrate: false,
        seed: false,
      });
      try {
        const res = await prod.inject({ url: '/royal/csrf' });
        const token = setCookies(res).find((c) => c.startsWith('__Host-XSRF-TOKEN='));
        const secret = setCookies(res).find((c) => c.startsWith('__Host-XSRF-SECRET='));
        assert.ok(token && secret, setCookies(res).join(' | '));
        for (const c of [token, secret]) {
          assert.match(c, /; Secure/i);
          assert.match(c, /Path=\//);
          assert.doesNotMatch(c, /Domain=/i);
        }
        assert.ok(!setCookies(res).some((c) => c.startsWith('XSRF-')), 'no unprefixed cookie in production');
      } finally {
        await prod.close();
      }
    });

    it('does not check safe methods', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/pl/stats' })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'HEAD', url: '/pl/stats' })).statusCode, 200);
    });
  });

  describe('CORS', () => {
    it('answers a preflight from the shell origin allowing credentials and every client header', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/pl/stats',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-auth-token,x-auth-id,x-lang,x-server-id,x-xsrf-token',
        },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:3000');
      assert.equal(res.headers['access-control-allow-credentials'], 'true');
      const allowed = String(res.headers['access-control-allow-headers'])
        .toLowerCase()
        .split(/\s*,\s*/);
      for (const h of CORS_ALLOWED_HEADERS) assert.ok(allowed.includes(h.toLowerCase()), `${h} allowed`);
      assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    });

    it('allows the remotes (3001..3009) and 127.0.0.1, but not other origins', async () => {
      for (const origin of ['http://localhost:3004', 'http://127.0.0.1:3009']) {
        const res = await t.app.inject({ url: '/pl/stats', headers: { origin } });
        assert.equal(res.headers['access-control-allow-origin'], origin);
      }
      for (const origin of ['http://evil.example', 'http://localhost:3010', 'http://localhost:4000']) {
        const res = await t.app.inject({ url: '/pl/stats', headers: { origin } });
        assert.equal(res.headers['access-control-allow-origin'], undefined, origin);
      }
    });

    it('adds CORS headers to error answers too, so the browser can read them', async () => {
      const res = await t.app.inject({ url: '/xx/stats', headers: { origin: 'http://localhost:3000' } });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:3000');
    });

    it('reads CORS_ORIGINS and shifts the default range by PORT_OFFSET', () => {
      assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins, [
        'https://a.example',
        'https://b.example',
      ]);
      const shifted = loadConfig({ PORT_OFFSET: '100' });
      assert.ok(shifted.corsOrigins.includes('http://localhost:3100'));
      assert.ok(shifted.corsOrigins.includes('http://127.0.0.1:3109'));
      assert.ok(!shifted.corsOrigins.includes('http://localhost:3000'));
      assert.equal(shifted.port, 4100);
    });
  });

  it('puts X-Auth-Token, X-Auth-Id, X-Lang and X-Server-Id into request.ctx', async () => {
    const res = await t.app.inject({
      url: '/test/ctx',
      headers: { 'x-auth-token': 'tkn', 'x-auth-id': '17', 'x-lang': 'TR', 'x-server-id': 'royal' },
    });
    assert.deepEqual(res.json(), { server: null, authToken: 'tkn', authId: '17', lang: 'tr', serverId: 'royal' });
    const defaults = await t.app.inject({ url: '/test/ctx', headers: { 'x-lang': 'xx', 'x-server-id': 'nope' } });
    assert.deepEqual(defaults.json(), { server: null, authToken: null, authId: null, lang: 'en', serverId: null });
  });

  it('publishes the OpenAPI document at /docs/json and the UI at /docs', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    assert.match(doc.openapi, /^3\./);
    for (const path of ['/health', '/{server}/stats', '/{server}/leaderboard', '/{server}/landing', '/{server}/csrf']) {
      assert.ok(doc.paths[path]?.get, `${path} documented`);
    }
    assert.ok(!Object.keys(doc.paths).some((p: string) => p.startsWith('/docs')), 'docs routes hidden');
    const limit = doc.paths['/{server}/leaderboard'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    assert.equal(limit.in, 'query');
    assert.equal(limit.schema.minimum, 1);
    assert.equal(limit.schema.maximum, 100);
    const server = doc.paths['/{server}/stats'].get.parameters.find((p: { name: string }) => p.name === 'server');
    assert.deepEqual(server.schema.enum, ['pl', 'classic', 'royal', 'en']);
    assert.ok(doc.paths['/{server}/stats'].get.responses['200']);
    const ui = await t.app.inject({ url: '/docs' });
    assert.ok([200, 302].includes(ui.statusCode));
    const page = ui.statusCode === 302 ? await t.app.inject({ url: String(ui.headers.location).replace(/^\.?\/?/, '/docs/') }) : ui;
    assert.match(page.body, /swagger/i);
  });
});

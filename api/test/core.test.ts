/**
 * Core API: health, compression, unknown servers and routes, the landing header per language,
 * the request context, the OpenAPI document.
 */
import zlib from 'node:zlib';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { runSeeds } from '../src/db/seed.js';
import { LANDING_HEADER_CODES, LANDING_HEADER_TEXTS } from '../src/domains/core/seed.js';
import { LOCALE_CODES } from '@landing/domain';
import { assertErrorBody, sqlRows, TEST_CONFIG } from './helpers.js';
import { setupCoreApp } from './core-fixture.js';

describe('core: servers, landing, XSRF, CORS, request context, docs', () => {
  const t = setupCoreApp();

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

/**
 * Ids beyond 32 bits and NUL bytes answer 400 with the usual error
 * shape on every route (never a 500), and every API answer carries the
 * security headers (HSTS only in production).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createSession } from '../src/domains/auth/sessions.js';
import { buildApp } from '../src/app.js';
import { INT32_MAX } from '@landing/domain';
import { assertErrorBody, setupTestApp, sqlRows, TEST_CONFIG, xsrfPair } from './helpers.js';

describe('bad ids and NUL bytes: 400 VALIDATION_ERROR, never 500', () => {
  const t = setupTestApp({ config: { adminSecret: 'rules-admin-secret-0123456789abcdef', logLevel: 'silent' } });
  let session: { token: string; uid: string };
  let slug: string;
  let matchId: number;

  before(async () => {
    const [demo] = await sqlRows<{ id: number }>(t.handle, `SELECT id FROM auth_accounts WHERE server = 'royal' AND nickname = 'demo'`);
    const s = await createSession(t.app.db, demo!.id, { method: 'password', ip: '127.0.0.1', ttlS: 3600 });
    session = { token: s.token, uid: s.uid };
    const [article] = await sqlRows<{ slug: string }>(
      t.handle,
      `SELECT slug FROM news_articles WHERE server = 'royal' ORDER BY id LIMIT 1`,
    );
    slug = article!.slug;
    const [match] = await sqlRows<{ id: number }>(t.handle, 'SELECT id FROM bet_matches ORDER BY id LIMIT 1');
    matchId = match!.id;
  });

  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const x = await xsrfPair(t.app);
    return t.app.inject({ method, url, payload, cookies: x.cookies, headers: { ...x.headers, ...headers } });
  };

  it('X-Auth-Id above 2^31−1 (or not an id) on any route: 400 naming the header', async () => {
    for (const bad of ['2147483648', '99999999999', '0', '-5', '12abc', '1e3']) {
      for (const url of [
        `/royal/news/${slug}`,
        '/royal/auth/me',
        `/royal/news/${slug}/comments`,
        '/royal/bets/tournaments',
        '/royal/leaderboard',
      ]) {
        const body = assertErrorBody(
          await send('GET', url, undefined, { 'x-auth-id': bad, 'x-auth-token': session.token }),
          400,
          'VALIDATION_ERROR',
        );
        assert.equal(body.message, `Invalid header "X-Auth-Id": must be a whole number between 1 and ${INT32_MAX}`);
      }
    }
    // The largest id is still an id (of nobody): a visitor.
    const res = await send('GET', '/royal/auth/me', undefined, { 'x-auth-id': String(INT32_MAX), 'x-auth-token': session.token });
    assertErrorBody(res, 401);
  });

  it('ids above 2^31−1 in a path or body: 400 naming the field', async () => {
    const auth = { 'x-auth-id': session.uid, 'x-auth-token': session.token };
    const big = 2 ** 31;
    const cases: Array<[string, Promise<import('fastify').LightMyRequestResponse>, string]> = [
      [
        'prediction path',
        send('PUT', `/royal/bets/matches/${big}/prediction`, { home_score: 1, away_score: 0 }, auth),
        'path parameter "matchId"',
      ],
      [
        'admin result path',
        send(
          'POST',
          `/admin/bets/matches/${big}/result`,
          { home_score: 1, away_score: 0 },
          { 'x-admin-secret': 'rules-admin-secret-0123456789abcdef' },
        ),
        'path parameter "matchId"',
      ],
      ['vote poll id', send('POST', '/royal/votes', { questionnaire_id: big, options: [1] }, auth), 'body field "questionnaire_id"'],
      ['vote option id', send('POST', '/royal/votes', { questionnaire_id: 1, options: [big] }, auth), 'body field "options.0"'],
      [
        'comment parent id',
        send('POST', `/royal/news/${slug}/comments`, { text: 'A reply long enough', parent_id: big }, auth),
        'body field "parent_id"',
      ],
      ['image file', send('GET', `/royal/news-images/${big}.svg`), 'path parameter "file"'],
      ['mailbox message', send('GET', `/dev/mailbox/${big}`), 'path parameter "id"'],
    ];
    for (const [name, pending, field] of cases) {
      const body = assertErrorBody(await pending, 400, 'VALIDATION_ERROR');
      assert.match(body.message, new RegExp(`Invalid ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), name);
    }
    // In range still works.
    assert.equal(
      (await send('PUT', `/royal/bets/matches/${matchId}/prediction`, { home_score: 1, away_score: 0 }, auth)).statusCode < 500,
      true,
    );
  });

  it('a NUL byte in any text field or slug: 400 naming the field (login, register, forgot, contact, newsletter, news, comments)', async () => {
    const auth = { 'x-auth-id': session.uid, 'x-auth-token': session.token };
    const cases: Array<[string, Promise<import('fastify').LightMyRequestResponse>, string]> = [
      ['login', send('POST', '/royal/auth/login', { login: 'de\u0000mo', password: 'x' }), 'body field "login"'],
      [
        'register',
        send('POST', '/royal/auth/register', {
          nickname: 'nul',
          email: 'n\u0000@example.org',
          password: 'Stadium-Night-2026!',
          terms: true,
        }),
        'body field "email"',
      ],
      [
        'register params',
        send('POST', '/royal/auth/register', { nickname: 'nul', email: 'n@example.org', params: { partner: 'p\u0000' } }),
        'body field "params.partner"',
      ],
      ['forgot', send('POST', '/royal/auth/password/forgot', { email: 'a\u0000@example.org' }), 'body field "email"'],
      [
        'contact',
        send('POST', '/royal/contact', { name: 'Tester', email: 'a@example.org', message: 'Hello there\u0000 friend' }),
        'body field "message"',
      ],
      ['newsletter', send('POST', '/royal/newsletter', { name: 'N\u0000ul', email: 'a@example.org' }), 'body field "name"'],
      ['news slug', send('GET', '/royal/news/a%00b'), 'path parameter "slug"'],
      ['comments slug', send('GET', '/royal/news/a%00b/comments'), 'path parameter "slug"'],
      ['comment text', send('POST', `/royal/news/${slug}/comments`, { text: 'Nice\u0000 article!' }, auth), 'body field "text"'],
      ['query', send('GET', '/dev/mailbox.json?to=a%00b'), 'query parameter "to"'],
    ];
    for (const [name, pending, field] of cases) {
      const body = assertErrorBody(await pending, 400, 'VALIDATION_ERROR');
      assert.equal(body.message, `Invalid ${field}: must not contain NUL characters`, name);
    }
  });

  it('a URL Fastify cannot decode gets the usual error shape, without Fastify internals', async () => {
    for (const url of ['/royal/news/%E0%A4%A', '/royal/news/%', `/royal/news/${'x'.repeat(300)}`]) {
      const res = await send('GET', url);
      assert.ok(res.statusCode === 400 || res.statusCode === 414, `${url}: ${res.statusCode}`);
      const body = assertErrorBody(res, res.statusCode);
      assert.doesNotMatch(res.body, /FST_/);
      assert.match(body.message, /^Invalid URL/);
    }
  });
});

describe('security headers on every API answer (helmet)', () => {
  const t = setupTestApp({ config: { logLevel: 'silent' } });

  const expectHeaders = (res: import('fastify').LightMyRequestResponse, what: string) => {
    assert.equal(
      res.headers['content-security-policy'],
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      what,
    );
    assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
    assert.equal(res.headers['referrer-policy'], 'no-referrer', what);
    assert.equal(res.headers['x-frame-options'], 'DENY', what);
    assert.match(String(res.headers['permissions-policy']), /camera=\(\).*geolocation=\(\).*microphone=\(\)/, what);
  };

  it('JSON answers, errors, 404s, preflights and undecodable URLs all carry them; no HSTS outside production', async () => {
    const x = await xsrfPair(t.app);
    const answers = {
      json: await t.app.inject({ url: '/royal/stats' }),
      validation: await t.app.inject({ url: '/royal/leaderboard?limit=1000' }),
      notFound: await t.app.inject({ url: '/royal/nowhere' }),
      unknownServer: await t.app.inject({ url: '/xx/stats' }),
      xsrf: await t.app.inject({ method: 'POST', url: '/royal/contact', payload: {} }),
      badJson: await t.app.inject({
        method: 'POST',
        url: '/royal/contact',
        payload: '{',
        cookies: x.cookies,
        headers: { ...x.headers, 'content-type': 'application/json' },
      }),
      preflight: await t.app.inject({
        method: 'OPTIONS',
        url: '/royal/contact',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      }),
      badUrl: await t.app.inject({ url: '/royal/news/%ZZ' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectHeaders(res, what);
      assert.equal(res.headers['strict-transport-security'], undefined, `${what}: no HSTS in development`);
    }
  });

  it('the dev mailbox page allows its inline styles only; article SVGs keep their own sandbox policy', async () => {
    const page = await t.app.inject({ url: '/dev/mailbox' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none';style-src 'unsafe-inline'/);
    assert.doesNotMatch(String(page.headers['content-security-policy']), /script-src/);
    const [article] = await sqlRows<{ id: number }>(
      t.handle,
      `SELECT id FROM news_articles WHERE server = 'royal' AND image_svg IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const svg = await t.app.inject({ url: `/royal/news-images/${article!.id}.svg` });
    assert.equal(svg.statusCode, 200);
    assert.equal(svg.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    assert.equal(svg.headers['cross-origin-resource-policy'], 'cross-origin');
  });

  it('in production the answers also carry HSTS (one year, subdomains)', async () => {
    const app = await buildApp({
      db: t.handle,
      config: { ...TEST_CONFIG, nodeEnv: 'production', servers: ['pl', 'classic', 'royal'] },
      migrate: false,
      seed: false,
    });
    try {
      for (const url of ['/royal/stats', '/health', '/royal/nowhere']) {
        const res = await app.inject({ url });
        expectHeaders(res, url);
        assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', url);
      }
    } finally {
      await app.close();
    }
  });
});

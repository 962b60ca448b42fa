/**
 * Core API XSRF protection: the signed double submit of src/lib/xsrf.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { assertErrorBody, setCookies, TEST_CONFIG } from './helpers.js';
import { setupCoreApp } from './core-fixture.js';

describe('core: servers, landing, XSRF, CORS, request context, docs', () => {
  const t = setupCoreApp();

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
});

/**
 * Auth API activation, login and sessions: activation links, enumeration-safe login answers,
 * session tokens per server, GET /auth/me and logout.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeAccount, freshIp, get, lastMail, mails, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, setupTestApp, sqlRows } from './helpers.js';

describe('auth: registration, activation, sessions, reset', () => {
  const t = setupTestApp();

  describe('activation and login', () => {
    it('login before activation: 403 ACCOUNT_NOT_ACTIVATED with the activation mail re-sent (at most every 5 min)', async () => {
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      const before = mails(t.app, u.email).length;
      assertErrorBody(
        await post(t.app, '/royal/auth/login', { login: u.nickname, password: u.password, fingerprint: 'abcdefg12' }, { ip: freshIp() }),
        403,
        'ACCOUNT_NOT_ACTIVATED',
      );
      assertErrorBody(
        await post(t.app, '/royal/auth/login', { login: u.email, password: u.password, fingerprint: 'abcdefg12' }, { ip: freshIp() }),
        403,
        'ACCOUNT_NOT_ACTIVATED',
      );
      assert.equal(mails(t.app, u.email).length, before, 'a token of the last 5 minutes exists: no new mail');
      await t.handle.withSession((s) =>
        s.query(
          "UPDATE auth_tokens SET created_at = now() - interval '6 minutes' WHERE account_id IN (SELECT id FROM auth_accounts WHERE email = $1)",
          [u.email],
        ),
      );
      assertErrorBody(
        await post(t.app, '/royal/auth/login', { login: u.email, password: u.password, fingerprint: 'abcdefg12' }, { ip: freshIp() }),
        403,
        'ACCOUNT_NOT_ACTIVATED',
      );
      assert.equal(mails(t.app, u.email).length, before + 1);
    });

    it('activation: logs in, creates the footballer (counts in stats), trusts the device; the token is single use', async () => {
      const stats0 = (await get(t.app, '/royal/stats')).json().users;
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp(), lang: 'pl' });
      const token = tokenOf(lastMail(t.app, u.email));
      assert.deepEqual((await post(t.app, '/royal/auth/token/check', { kind: 'account', token })).json(), { valid: true });
      const res = await post(t.app, '/royal/auth/activate', { token, fingerprint: 'browser-a1' }, { lang: 'pl' });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.message, 'Twoje konto jest aktywne. Witaj w drużynie!');
      assert.match(body.token, /^[A-Za-z0-9_-]{43}$/, '256-bit token');
      assert.deepEqual(body.user, { id: body.uid, nickname: u.nickname, email: u.email, ovr: 40, server: 'royal' });
      assert.ok(Date.parse(body.expiresAt) > Date.now() + 86_000_000);
      assert.equal((await get(t.app, '/royal/stats')).json().users, stats0 + 1);
      const [player] = await sqlRows<{ country: string }>(
        t.handle,
        'SELECT p.country FROM players p JOIN auth_accounts a ON a.player_id = p.id WHERE a.email = $1',
        [u.email],
      );
      assert.equal(player!.country, 'PL');
      assertErrorBody(await post(t.app, '/royal/auth/activate', { token, fingerprint: 'browser-a1' }), 400, 'TOKEN_INVALID');
      assert.deepEqual((await post(t.app, '/royal/auth/token/check', { kind: 'account', token })).json(), { valid: false });
      // The activating browser is trusted: its next login needs no code.
      const login = await post(
        t.app,
        '/royal/auth/login',
        { login: u.nickname, password: u.password, fingerprint: 'browser-a1' },
        { ip: freshIp() },
      );
      assert.equal(login.statusCode, 200, login.body);
    });

    it('an expired or foreign-server activation token is refused', async () => {
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      const token = tokenOf(lastMail(t.app, u.email));
      assertErrorBody(await post(t.app, '/pl/auth/activate', { token }), 400, 'TOKEN_INVALID');
      await t.handle.withSession((s) =>
        s.query(
          "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE account_id IN (SELECT id FROM auth_accounts WHERE email = $1)",
          [u.email],
        ),
      );
      assertErrorBody(await post(t.app, '/royal/auth/activate', { token }), 400, 'TOKEN_INVALID');
      assertErrorBody(await post(t.app, '/royal/auth/activate', { token: 'x'.repeat(43) }), 400, 'TOKEN_INVALID');
    });

    it('unknown name and wrong password answer exactly alike (no enumeration)', async () => {
      const a = await activeAccount(t.app);
      const unknown = await post(
        t.app,
        '/royal/auth/login',
        { login: 'nobody-here-xyz', password: 'Whatever-123!', fingerprint: a.fingerprint },
        { ip: freshIp() },
      );
      const wrong = await post(
        t.app,
        '/royal/auth/login',
        { login: a.nickname, password: 'Whatever-123!', fingerprint: a.fingerprint },
        { ip: freshIp() },
      );
      const unknownMail = await post(
        t.app,
        '/royal/auth/login',
        { login: 'nobody@example.org', password: 'Whatever-123!', fingerprint: a.fingerprint },
        { ip: freshIp() },
      );
      for (const r of [unknown, wrong, unknownMail])
        assert.deepEqual(assertErrorBody(r, 401, 'INVALID_CREDENTIALS'), {
          statusCode: 401,
          error: 'INVALID_CREDENTIALS',
          message: 'Wrong login or password',
        });
      assertErrorBody(await post(t.app, '/royal/auth/login', { login: '', password: 'x' }), 400, 'LOGIN_REQUIRED');
      assertErrorBody(await post(t.app, '/royal/auth/login', { login: 'x', password: '' }), 400, 'PASSWORD_REQUIRED');
    });

    it('login by nickname (any case) or e-mail; a new 256-bit token every time; accounts are per server', async () => {
      const a = await activeAccount(t.app);
      const l1 = await post(
        t.app,
        '/royal/auth/login',
        { login: a.nickname.toUpperCase(), password: a.password, fingerprint: a.fingerprint },
        { ip: freshIp() },
      );
      const l2 = await post(
        t.app,
        '/royal/auth/login',
        { login: a.email, password: a.password, fingerprint: a.fingerprint },
        { ip: freshIp() },
      );
      assert.equal(l1.statusCode, 200, l1.body);
      assert.equal(l2.statusCode, 200, l2.body);
      assert.notEqual(l1.json().token, l2.json().token);
      assert.notEqual(l1.json().token, a.session.token);
      assertErrorBody(
        await post(t.app, '/pl/auth/login', { login: a.nickname, password: a.password, fingerprint: a.fingerprint }, { ip: freshIp() }),
        401,
        'INVALID_CREDENTIALS',
      );
      const stored = await sqlRows<{ token_hash: string }>(t.handle, 'SELECT token_hash FROM auth_sessions WHERE account_id = $1', [
        Number(a.session.uid),
      ]);
      assert.equal(stored.length, 3);
      assert.ok(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash) && s.token_hash !== l1.json().token));
    });
  });

  describe('sessions', () => {
    it("GET /auth/me: the user with ovr; 401 without, with a wrong, another server's or an expired token", async () => {
      const a = await activeAccount(t.app);
      const { token, uid } = a.session;
      const me = await get(t.app, '/royal/auth/me', { token, uid });
      assert.equal(me.statusCode, 200, me.body);
      assert.deepEqual(me.json(), { user: { id: uid, nickname: a.nickname, email: a.email, ovr: 40, server: 'royal' } });
      assert.deepEqual(assertErrorBody(await get(t.app, '/royal/auth/me'), 401, 'UNAUTHORIZED').message, 'Please log in');
      assertErrorBody(await get(t.app, '/royal/auth/me', { token: token + 'x', uid }), 401, 'SESSION_EXPIRED');
      assertErrorBody(await get(t.app, '/royal/auth/me', { token, uid: String(Number(uid) + 1) }), 401, 'SESSION_EXPIRED');
      assertErrorBody(await get(t.app, '/pl/auth/me', { token, uid }), 401, 'SESSION_EXPIRED');
      await t.handle.withSession((s) =>
        s.query("UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1", [Number(uid)]),
      );
      assertErrorBody(await get(t.app, '/royal/auth/me', { token, uid }), 401, 'SESSION_EXPIRED');
    });

    it('logout revokes the token; it answers alike without a session', async () => {
      const a = await activeAccount(t.app);
      const { token, uid } = a.session;
      const out = await post(t.app, '/royal/auth/logout', {}, { token, uid, lang: 'ru' });
      assert.equal(out.statusCode, 200);
      assert.deepEqual(out.json(), { ok: true, message: 'Вы вышли из аккаунта' });
      assertErrorBody(await get(t.app, '/royal/auth/me', { token, uid }), 401, 'SESSION_EXPIRED');
      assert.equal((await post(t.app, '/royal/auth/logout', {})).statusCode, 200);
      // XSRF applies to logout too.
      const noXsrf = await t.app.inject({
        method: 'POST',
        url: '/royal/auth/logout',
        headers: { 'x-auth-token': token, 'x-auth-id': uid },
      });
      assertErrorBody(noXsrf, 403, 'XSRF_MISMATCH');
    });
  });
});

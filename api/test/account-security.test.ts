/**
 * Account security of the logged-in player (ASVS 5.0 L2 self-service, src/domains/auth/account.routes.ts):
 * password change with the current password, the session list and "log out everywhere", notice
 * mails after a change and after a reset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_AUTH_LIMITS } from '../src/domains/auth/config.js';
import { activeAccount, freshIp, get, lastMail, mails, post, tokenOf } from './auth-helpers.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { CHROME_WINDOWS, SAFARI_IPHONE, setupAccountSecurityApp } from './account-security-fixture.js';

describe('account security: password change, sessions, security events (ASVS L2)', () => {
  const { t, me, as, secondSession } = setupAccountSecurityApp();

  describe('password change while logged in', () => {
    it('needs the current password; ends every other session, keeps this one, mails a notice', async () => {
      const a = await activeAccount(t.app);
      const other = await secondSession(a);
      const change = (body: object, lang = 'en') => post(t.app, '/royal/auth/password/change', body, as(a.session, { lang }));

      assertErrorBody(await change({ password: 'Brand-New-Pitch-77' }), 400, 'CURRENT_PASSWORD_REQUIRED');
      const wrong = await change({ currentPassword: 'not-my-password', password: 'Brand-New-Pitch-77' }, 'ru');
      assertErrorBody(wrong, 400, 'WRONG_PASSWORD');
      assert.equal(wrong.json().message, 'Текущий пароль указан неверно', 'translated by X-Lang');
      assertErrorBody(await change({ currentPassword: a.password, password: a.password }), 400, 'PASSWORD_SAME');
      assertErrorBody(await change({ currentPassword: a.password, password: 'short' }), 400, 'PASSWORD_TOO_SHORT');
      assertErrorBody(await change({ currentPassword: a.password }), 400, 'NEW_PASSWORD_REQUIRED');
      assert.equal((await me(other)).statusCode, 200, 'refused attempts change nothing');

      const ok = await change({ currentPassword: a.password, password: 'Brand-New-Pitch-77' });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().message, 'Your password has been changed. You stay logged in here; your other sessions have ended');
      assert.equal(ok.headers['cache-control'], 'private, no-store');
      assert.equal((await me(a.session)).statusCode, 200, 'this session stays');
      assertErrorBody(await me(other), 401, 'SESSION_EXPIRED');

      const login = (password: string) =>
        post(t.app, '/royal/auth/login', { login: a.nickname, password, fingerprint: 'device-one' }, { ip: freshIp() });
      assertErrorBody(await login(a.password), 401, 'INVALID_CREDENTIALS');
      assert.equal((await login('Brand-New-Pitch-77')).statusCode, 200);

      const notice = lastMail(t.app, a.email);
      assert.equal(notice.kind, 'passwordChanged');
      assert.equal(notice.subject, 'Your password was changed');
      assert.match(notice.text, /http:\/\/localhost:3000\/royal\/account\b/);
      assert.ok(!notice.text.includes('Brand-New-Pitch-77'), 'the mail never holds the password');
    });

    it('a reset link mailed before the change no longer works after it', async () => {
      const a = await activeAccount(t.app);
      await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
      const token = tokenOf(lastMail(t.app, a.email));
      const ok = await post(
        t.app,
        '/royal/auth/password/change',
        { currentPassword: a.password, password: 'Brand-New-Pitch-78' },
        as(a.session),
      );
      assert.equal(ok.statusCode, 200, ok.body);
      assertErrorBody(await post(t.app, '/royal/auth/password/reset', { token, password: 'Attacker-Choice-99' }), 400, 'TOKEN_INVALID');
    });

    it('5 wrong current passwords per account in 15 min, then 429 even with the right one', async () => {
      const a = await activeAccount(t.app);
      const change = (currentPassword: string) =>
        post(t.app, '/royal/auth/password/change', { currentPassword, password: 'Brand-New-Pitch-79' }, as(a.session, { ip: freshIp() }));
      for (let i = 0; i < DEFAULT_AUTH_LIMITS.reauthPerAccount.max; i++) assertErrorBody(await change(`wrong-${i}`), 400, 'WRONG_PASSWORD');
      assertErrorBody(await change(a.password), 429, 'TOO_MANY_ATTEMPTS');
    });

    it('needs a session; an account without a password (social login) gets 409 PASSWORD_NOT_SET', async () => {
      assertErrorBody(
        await post(t.app, '/royal/auth/password/change', { currentPassword: 'x', password: 'Brand-New-Pitch-80' }),
        401,
        'UNAUTHORIZED',
      );
      const a = await activeAccount(t.app);
      await sqlRows(t.handle, 'UPDATE auth_accounts SET password_hash = NULL WHERE id = $1', [Number(a.session.uid)]);
      assertErrorBody(
        await post(t.app, '/royal/auth/password/change', { currentPassword: 'x', password: 'Brand-New-Pitch-80' }, as(a.session)),
        409,
        'PASSWORD_NOT_SET',
      );
    });
  });

  describe('sessions list and log out everywhere', () => {
    it("lists the account's live sessions, this one first and marked, with browser and system", async () => {
      const a = await activeAccount(t.app);
      const other = await secondSession(a, SAFARI_IPHONE);
      const mine = await secondSession(a, CHROME_WINDOWS);
      const stranger = await activeAccount(t.app);
      const res = await get(t.app, '/royal/auth/sessions', as(mine));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'private, no-store');
      const { sessions } = res.json() as {
        sessions: Array<{ id: number; current: boolean; browser: string; os: string; device: string; method: string }>;
      };
      assert.equal(sessions.length, 3, 'activation + two logins, none of another account');
      assert.equal(res.json().reauth, 'password');
      assert.deepEqual(
        { current: sessions[0]!.current, browser: sessions[0]!.browser, os: sessions[0]!.os, device: sessions[0]!.device },
        { current: true, browser: 'Chrome', os: 'Windows', device: 'desktop' },
      );
      assert.ok(sessions.slice(1).every((s) => !s.current));
      assert.ok(sessions.some((s) => s.browser === 'Safari' && s.os === 'iOS' && s.device === 'mobile'));
      assert.ok(sessions.every((s) => s.method === 'password' || s.method === 'activation'));
      assert.equal((await me(other)).statusCode, 200);
      assertErrorBody(await get(t.app, '/royal/auth/sessions'), 401, 'UNAUTHORIZED');
      void stranger;
    });

    it('ends one session with the password; a session of another account is 404', async () => {
      const a = await activeAccount(t.app);
      const other = await secondSession(a);
      const b = await activeAccount(t.app);
      const list = (await get(t.app, '/royal/auth/sessions', as(a.session))).json() as {
        sessions: Array<{ id: number; current: boolean }>;
      };
      const target = list.sessions.find((s) => !s.current)!;
      const revoke = (body: object) => post(t.app, '/royal/auth/sessions/revoke', body, as(a.session));

      assertErrorBody(await revoke({ session: target.id }), 400, 'CURRENT_PASSWORD_REQUIRED');
      assertErrorBody(await revoke({ session: target.id, password: 'wrong-one' }), 400, 'WRONG_PASSWORD');
      const bList = (await get(t.app, '/royal/auth/sessions', as(b.session))).json() as { sessions: Array<{ id: number }> };
      assertErrorBody(await revoke({ session: bList.sessions[0]!.id, password: a.password }), 404, 'SESSION_NOT_FOUND');
      assert.equal((await me(b.session)).statusCode, 200, "another account's session is untouched");

      const ok = await revoke({ session: target.id, password: a.password });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual({ revoked: ok.json().revoked, current: ok.json().current }, { revoked: 1, current: false });
      assertErrorBody(await me(other), 401, 'SESSION_EXPIRED');
      assert.equal((await me(a.session)).statusCode, 200);
    });

    it('log out everywhere: every session of the account ends, this one too', async () => {
      const a = await activeAccount(t.app);
      const other = await secondSession(a);
      const b = await activeAccount(t.app);
      const ok = await post(t.app, '/royal/auth/sessions/revoke', { password: a.password }, as(a.session, { lang: 'de' }));
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual(ok.json(), { ok: true, message: 'Du wurdest überall abgemeldet', revoked: 2, current: true });
      assertErrorBody(await me(a.session), 401, 'SESSION_EXPIRED');
      assertErrorBody(await me(other), 401, 'SESSION_EXPIRED');
      assert.equal((await me(b.session)).statusCode, 200);
    });

    it('an account without a password needs a social login of the last 10 minutes', async () => {
      const a = await activeAccount(t.app);
      await sqlRows(t.handle, 'UPDATE auth_accounts SET password_hash = NULL WHERE id = $1', [Number(a.session.uid)]);
      assertErrorBody(await post(t.app, '/royal/auth/sessions/revoke', {}, as(a.session)), 403, 'REAUTH_REQUIRED_SESSIONS');
      await sqlRows(t.handle, `UPDATE auth_sessions SET method = 'social:google' WHERE account_id = $1`, [Number(a.session.uid)]);
      assert.equal((await post(t.app, '/royal/auth/sessions/revoke', {}, as(a.session))).statusCode, 200);
    });
  });

  describe('notice after a password reset', () => {
    it('the owner is mailed that the password was reset through a link, in the language of the request', async () => {
      const a = await activeAccount(t.app);
      await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
      const token = tokenOf(lastMail(t.app, a.email));
      const before = mails(t.app, a.email).length;
      const res = await post(t.app, '/royal/auth/password/reset', { token, password: 'Fresh-Reset-Pass-31' }, { lang: 'pl' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(mails(t.app, a.email).length, before + 1);
      const notice = lastMail(t.app, a.email);
      assert.equal(notice.kind, 'passwordResetDone');
      assert.equal(notice.lang, 'pl');
      assert.equal(notice.subject, 'Hasło zostało zresetowane');
      assert.match(notice.text, /\/royal\/account\b/);
    });
  });
});

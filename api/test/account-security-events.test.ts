/**
 * The security event log of the logged-in player (src/domains/auth/events.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_AUTH_LIMITS } from '../src/domains/auth/config.js';
import { activeAccount, codeOf, freshIp, get, lastMail, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { CHROME_WINDOWS, SAFARI_IPHONE, setupAccountSecurityApp, type Session } from './account-security-fixture.js';

describe('account security: password change, sessions, security events (ASVS L2)', () => {
  const { t, as, events } = setupAccountSecurityApp();

  describe('security event log', () => {
    it('records logins (how), failed logins, lockout, new device, password reset and change, e-mail change, sessions ended', async () => {
      const a = await activeAccount(t.app);
      const ip = freshIp();
      const login = (password: string, fingerprint = 'device-one') =>
        post(t.app, '/royal/auth/login', { login: a.email, password, fingerprint }, { ip, userAgent: CHROME_WINDOWS });
      for (let i = 0; i < DEFAULT_AUTH_LIMITS.loginPerLoginIp.max; i++)
        assertErrorBody(await login(`wrong-${i}`), 401, 'INVALID_CREDENTIALS');
      assertErrorBody(await login(a.password), 429, 'TOO_MANY_ATTEMPTS');

      // A new device: 403, code, confirm.
      const challenge = (
        await post(t.app, '/royal/auth/login', { login: a.nickname, password: a.password, fingerprint: 'laptop-two' }, { ip: freshIp() })
      ).json().challenge as string;
      await post(t.app, '/royal/auth/device/send', { challenge });
      const code = codeOf(lastMail(t.app, a.email));
      const device = await post(
        t.app,
        '/royal/auth/device/confirm',
        { challenge, code, fingerprint: 'laptop-two' },
        { userAgent: SAFARI_IPHONE },
      );
      assert.equal(device.statusCode, 200, device.body);
      const s = device.json() as Session;

      // E-mail change, then a reset, then a change while logged in, then ending sessions.
      const newEmail = uniqueUser('moved').email;
      await post(t.app, '/royal/auth/email/change', { email: newEmail, password: a.password }, as(s));
      await post(t.app, '/royal/auth/email/activate', { token: tokenOf(lastMail(t.app, newEmail)) });
      await post(t.app, '/royal/auth/password/forgot', { email: newEmail }, { ip: freshIp() });
      await post(t.app, '/royal/auth/password/reset', {
        token: tokenOf(lastMail(t.app, newEmail)),
        password: 'After-Reset-Pass-41',
        fingerprint: 'laptop-two',
      });
      const s2 = (
        await post(
          t.app,
          '/royal/auth/login',
          { login: a.nickname, password: 'After-Reset-Pass-41', fingerprint: 'laptop-two' },
          { ip: freshIp() },
        )
      ).json() as Session;
      await post(
        t.app,
        '/royal/auth/password/change',
        { currentPassword: 'After-Reset-Pass-41', password: 'After-Change-Pass-42' },
        as(s2),
      );
      await post(t.app, '/royal/auth/sessions/revoke', { password: 'After-Change-Pass-42' }, as(s2));
      const s3 = (
        await post(
          t.app,
          '/royal/auth/login',
          { login: a.nickname, password: 'After-Change-Pass-42', fingerprint: 'laptop-two' },
          { ip: freshIp() },
        )
      ).json() as Session;

      const log = await events(s3);
      const kinds = log.map((e) => e.kind);
      assert.deepEqual(kinds.slice(0, 9), [
        'login',
        'sessions_revoked',
        'password_changed',
        'login',
        'password_reset',
        'email_changed',
        'login',
        'new_device',
        'lockout',
      ]);
      assert.equal(kinds.filter((k) => k === 'login_failed').length, DEFAULT_AUTH_LIMITS.loginPerLoginIp.max);
      assert.deepEqual(log.at(-1)!.detail, { method: 'activation' }, 'the first login: the activation link');
      assert.equal(log.find((e) => e.kind === 'lockout')!.detail.scope, 'ip');
      assert.deepEqual(log.find((e) => e.kind === 'email_changed')!.detail, { email: `${newEmail[0]}***@example.org` });
      assert.equal(log.find((e) => e.kind === 'sessions_revoked')!.detail.count, 1);
      assert.equal(log[6]!.detail.method, 'device');
      assert.deepEqual([log[7]!.browser, log[7]!.os], ['Safari', 'iOS'], 'the new device as its browser said');
      const failed = log.find((e) => e.kind === 'login_failed')!;
      assert.deepEqual([failed.browser, failed.os], ['Chrome', 'Windows']);
      // Only the account's own events, never another's; no session → 401.
      const b = await activeAccount(t.app);
      assert.deepEqual(
        (await events(b.session)).map((e) => e.kind),
        ['login'],
      );
      assertErrorBody(await get(t.app, '/royal/auth/security-events'), 401, 'UNAUTHORIZED');
      const stored = await sqlRows<{ detail: unknown }>(t.handle, 'SELECT detail FROM auth_security_events WHERE account_id = $1', [
        Number(a.session.uid),
      ]);
      assert.ok(!JSON.stringify(stored).includes('After-'), 'no password in the log');
    });

    it('a failed login of an unknown name records nothing and runs the same statements', async () => {
      const [before] = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM auth_security_events');
      assertErrorBody(
        await post(t.app, '/royal/auth/login', { login: 'nobody-here-at-all', password: 'whatever-1234' }),
        401,
        'INVALID_CREDENTIALS',
      );
      const [after] = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM auth_security_events');
      assert.equal(after!.n, before!.n);
    });
  });
});

/**
 * Auth API password reset and e-mail change: answers alike for known and unknown e-mails, single-use
 * links that expire, sessions ended by a reset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeAccount, freshIp, get, lastMail, mails, post, tokenOf } from './auth-helpers.js';
import { assertErrorBody, setupTestApp } from './helpers.js';

describe('auth: registration, activation, sessions, reset', () => {
  const t = setupTestApp();

  describe('password reset', () => {
    it('same answer for known and unknown e-mails; a mail only for the known one, at most 3 an hour', async () => {
      const a = await activeAccount(t.app);
      const known = await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
      const unknown = await post(t.app, '/royal/auth/password/forgot', { email: 'ghost-user@example.org' }, { ip: freshIp() });
      assert.equal(known.statusCode, 200);
      assert.deepEqual(known.json(), unknown.json());
      assert.equal(known.json().message, 'If an account uses this e-mail, we have sent it a link to set a new password');
      assert.equal(mails(t.app, 'ghost-user@example.org').length, 0);
      assert.equal(lastMail(t.app, a.email).kind, 'passwordReset');
      for (let i = 0; i < 4; i++)
        assert.equal((await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() })).statusCode, 200);
      assert.equal(mails(t.app, a.email).filter((m) => m.kind === 'passwordReset').length, 3);
      assertErrorBody(await post(t.app, '/royal/auth/password/forgot', { email: '' }), 400, 'EMAIL_REQUIRED');
    });

    it('the link sets a new password once, ends every session, and the old password stops working', async () => {
      const a = await activeAccount(t.app);
      await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp(), lang: 'fr' });
      const mail = lastMail(t.app, a.email);
      assert.equal(mail.subject, 'Définissez un nouveau mot de passe');
      assert.match(mail.text, /\/royal\/password-activation#token=/);
      const token = tokenOf(mail);
      assert.deepEqual((await post(t.app, '/royal/auth/token/check', { kind: 'password', token })).json(), { valid: true });
      // Policy failures do not use the token up.
      assertErrorBody(await post(t.app, '/royal/auth/password/reset', { token, password: 'password1' }), 400, 'PASSWORD_TOO_COMMON');
      assertErrorBody(await post(t.app, '/royal/auth/password/reset', { token, password: '' }), 400, 'PASSWORD_REQUIRED');
      const newPassword = 'Fresh-Boots-2026!';
      const ok = await post(t.app, '/royal/auth/password/reset', { token, password: newPassword, fingerprint: 'reset-browser' });
      assert.equal(ok.statusCode, 200, ok.body);
      assertErrorBody(await post(t.app, '/royal/auth/password/reset', { token, password: 'Another-Boots-2026!' }), 400, 'TOKEN_INVALID');
      assertErrorBody(await get(t.app, '/royal/auth/me', { token: a.session.token, uid: a.session.uid }), 401, 'SESSION_EXPIRED');
      assertErrorBody(
        await post(
          t.app,
          '/royal/auth/login',
          { login: a.nickname, password: a.password, fingerprint: 'reset-browser' },
          { ip: freshIp() },
        ),
        401,
        'INVALID_CREDENTIALS',
      );
      assert.equal(
        (
          await post(
            t.app,
            '/royal/auth/login',
            { login: a.nickname, password: newPassword, fingerprint: 'reset-browser' },
            { ip: freshIp() },
          )
        ).statusCode,
        200,
      );
    });

    it('an expired reset link is refused', async () => {
      const a = await activeAccount(t.app);
      await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
      const token = tokenOf(lastMail(t.app, a.email));
      await t.handle.withSession((s) =>
        s.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'password_reset' AND account_id = $1", [
          Number(a.session.uid),
        ]),
      );
      assertErrorBody(await post(t.app, '/royal/auth/password/reset', { token, password: 'Fresh-Boots-2026!' }), 400, 'TOKEN_INVALID');
    });
  });

  describe('e-mail change', () => {
    it('needs a session and the password; the link to the new address changes it once', async () => {
      const a = await activeAccount(t.app);
      const auth = { token: a.session.token, uid: a.session.uid };
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: 'x@example.org', password: a.password }), 401, 'UNAUTHORIZED');
      assertErrorBody(
        await post(t.app, '/royal/auth/email/change', { email: 'new-' + a.email, password: 'wrong-password!' }, auth),
        400,
        'WRONG_PASSWORD',
      );
      const newEmail = 'new-' + a.email;
      const res = await post(t.app, '/royal/auth/email/change', { email: newEmail, password: a.password }, auth);
      assert.equal(res.statusCode, 200, res.body);
      const mail = lastMail(t.app, newEmail);
      assert.equal(mail.kind, 'emailChange');
      assert.match(mail.text, /\/royal\/email-activation#token=/);
      const token = tokenOf(mail);
      // Confirmed in the browser that asked (its session stays; the others end: auth-security.test.ts).
      const done = await post(t.app, '/royal/auth/email/activate', { token }, auth);
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json().email, newEmail);
      assert.equal((await get(t.app, '/royal/auth/me', auth)).json().user.email, newEmail);
      assertErrorBody(await post(t.app, '/royal/auth/email/activate', { token }), 400, 'TOKEN_INVALID');
    });
  });
});

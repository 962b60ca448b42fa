/**
 * Account security of the logged-in player (ASVS 5.0 L2 self-service, src/domains/auth/account.routes.ts
 * and events.ts): password change with the current password, the session list and "log out
 * everywhere", notice mails after a change and after a reset, the security event log; and the
 * secrets of e-mails: tokens in the URL fragment of the links, 6-digit codes stored as an HMAC
 * under a server key.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { assertCodeHmacKey, codeHmacKeyOf, DEFAULT_AUTH_LIMITS, DEV_CODE_HMAC_KEY, loadAuthConfig } from '../src/domains/auth/config.js';
import { activeAccount, codeOf, freshIp, get, lastMail, mails, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, createTestDatabase, setupTestApp, sqlRows, startApp } from './helpers.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Session = { token: string; uid: string };

describe('account security: password change, sessions, security events (ASVS L2)', () => {
  const t = setupTestApp();

  const me = (s: Session) => get(t.app, '/royal/auth/me', { token: s.token, uid: s.uid });
  const as = (s: Session, extra: { userAgent?: string; lang?: string; ip?: string } = {}) => ({ token: s.token, uid: s.uid, ...extra });
  /** A second session of the account from a trusted device (the activation trusted `device-one`). */
  async function secondSession(a: { nickname: string; password: string }, userAgent = SAFARI_IPHONE): Promise<Session> {
    const res = await post(
      t.app,
      '/royal/auth/login',
      { login: a.nickname, password: a.password, fingerprint: 'device-one' },
      { userAgent },
    );
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Session;
  }
  const events = async (s: Session) => {
    const res = await get(t.app, '/royal/auth/security-events', as(s));
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { events: Array<{ kind: string; detail: Record<string, unknown>; browser: string | null; os: string | null }> })
      .events;
  };

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

  describe('secrets of e-mails', () => {
    it('activation, reset and e-mail change links carry the token in the URL fragment, never in the path', async () => {
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      const activation = lastMail(t.app, u.email);
      assert.match(activation.text, /http:\/\/localhost:3000\/royal\/account-activation#token=[\w-]{43}\b/);
      assert.doesNotMatch(activation.text, /account-activation\/[\w-]/);
      const a = await activeAccount(t.app);
      await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
      assert.match(lastMail(t.app, a.email).text, /\/royal\/password-activation#token=[\w-]{43}\b/);
      const newEmail = uniqueUser('next').email;
      await post(t.app, '/royal/auth/email/change', { email: newEmail, password: a.password }, as(a.session));
      assert.match(lastMail(t.app, newEmail).text, /\/royal\/email-activation#token=[\w-]{43}\b/);
      assert.match(lastMail(t.app, newEmail).html, /href="http:\/\/localhost:3000\/royal\/email-activation#token=[\w-]{43}"/);
    });

    it('device codes are stored as HMAC-SHA256 under the server key: the database alone does not give the code away', async () => {
      const a = await activeAccount(t.app);
      const challenge = (
        await post(t.app, '/royal/auth/login', { login: a.nickname, password: a.password, fingerprint: 'hmac-device' }, { ip: freshIp() })
      ).json().challenge as string;
      await post(t.app, '/royal/auth/device/send', { challenge });
      const code = codeOf(lastMail(t.app, a.email));
      const [row] = await sqlRows<{ code_hash: string; fingerprint_hash: string }>(
        t.handle,
        `SELECT code_hash, fingerprint_hash FROM auth_device_challenges WHERE account_id = $1 AND code_hash IS NOT NULL`,
        [Number(a.session.uid)],
      );
      const message = `device:${a.session.uid}:${row!.fingerprint_hash}:${code}`;
      assert.equal(row!.code_hash, createHmac('sha256', t.app.apiConfig.auth.codeHmacKey!).update(message).digest('hex'));
      // Every 6-digit code through the unkeyed hashes (the stored form before): none matches.
      const sha = (s: string) => createHash('sha256').update(s).digest('hex');
      for (let n = 0; n < 1_000_000; n++) {
        const c = String(n).padStart(6, '0');
        if (
          sha(`${a.session.uid}:${row!.fingerprint_hash}:${c}`) === row!.code_hash ||
          sha(`device:${a.session.uid}:${row!.fingerprint_hash}:${c}`) === row!.code_hash
        )
          assert.fail(`the code ${c} was found from the database alone`);
      }
      assert.equal((await post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint: 'hmac-device' })).statusCode, 200);
    });

    it('e-mail change codes are stored the same way', async () => {
      const a = await activeAccount(t.app);
      await sqlRows(t.handle, 'UPDATE auth_accounts SET password_hash = NULL WHERE id = $1', [Number(a.session.uid)]);
      const newEmail = uniqueUser('codemail').email;
      await post(t.app, '/royal/auth/email/change', { email: newEmail }, as(a.session));
      const code = codeOf(lastMail(t.app, a.email));
      const [row] = await sqlRows<{ code_hash: string }>(t.handle, 'SELECT code_hash FROM auth_email_change_codes WHERE account_id = $1', [
        Number(a.session.uid),
      ]);
      const message = `email-change:${a.session.uid}:${newEmail}:${code}`;
      assert.equal(row!.code_hash, createHmac('sha256', t.app.apiConfig.auth.codeHmacKey!).update(message).digest('hex'));
      assert.equal((await post(t.app, '/royal/auth/email/change', { email: newEmail, code }, as(a.session))).statusCode, 200);
    });
  });
});

describe('AUTH_CODE_HMAC_KEY', () => {
  it('is required without the development features: the API refuses to start', async () => {
    assert.equal(codeHmacKeyOf({}, false), null);
    assert.throws(() => assertCodeHmacKey({ codeHmacKey: null }), /AUTH_CODE_HMAC_KEY must be set/);
    assert.equal(loadAuthConfig({}, { nodeEnv: 'production', corsOrigins: [] }).codeHmacKey, null);
    const database = await createTestDatabase();
    try {
      await assert.rejects(
        startApp(database, { config: { auth: { ...loadAuthConfig({}, { nodeEnv: 'production', corsOrigins: [] }) } } }),
        /AUTH_CODE_HMAC_KEY must be set/,
      );
    } finally {
      await database.destroy();
    }
  });

  it('must have 32 characters; the public development key only comes with the development features', () => {
    assert.throws(() => codeHmacKeyOf({ AUTH_CODE_HMAC_KEY: 'too-short' }, true), /at least 32 characters/);
    const key = 'k'.repeat(32);
    assert.equal(codeHmacKeyOf({ AUTH_CODE_HMAC_KEY: key }, false), key);
    assert.equal(codeHmacKeyOf({}, true), DEV_CODE_HMAC_KEY);
    assert.equal(loadAuthConfig({ DEV_FEATURES: '1' }, { nodeEnv: 'development', corsOrigins: [] }).codeHmacKey, DEV_CODE_HMAC_KEY);
    assert.equal(loadAuthConfig({}, { nodeEnv: 'development', corsOrigins: [] }).codeHmacKey, null);
  });
});

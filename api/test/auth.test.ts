/**
 * Auth API: registration (spec §8 messages), activation, login, sessions, logout, password reset,
 * e-mail change, enumeration-safe answers, token expiry, password storage and policy, demo
 * accounts, the dev mailbox. New-device codes and rate limits: auth-device.test.ts; social
 * login: auth-oauth.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { buildApp } from '../src/app.js';
import * as authSchema from '../src/domains/auth/tables.js';
import { authMessage } from '../src/domains/auth/messages.js';
import { apiPasswordProblem as passwordProblem } from '../src/domains/auth/crypto.js';
import { MAIL_KINDS, renderMail } from '../src/domains/auth/mail-render.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TRUSTED_DEVICE } from '../src/domains/auth/seed.js';
import { LOCALE_CODES } from '@landing/domain';
import { activeAccount, freshIp, get, lastMail, mails, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, createTestDatabase, setupTestApp, sqlRows, startApp, TEST_CONFIG } from './helpers.js';

describe('auth: registration, activation, sessions, reset', () => {
  const t = setupTestApp();

  it('the drizzle schema matches the tables of migration 0100', async () => {
    for (const table of Object.values(authSchema)) {
      if (!(table instanceof PgTable)) continue;
      const name = getTableName(table);
      const cols = await sqlRows<{ column_name: string }>(
        t.handle,
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
        [name],
      );
      const have = new Set(cols.map((c) => c.column_name));
      for (const col of Object.values(getTableColumns(table))) assert.ok(have.has(col.name), `${name}.${col.name} exists`);
    }
  });

  describe('registration', () => {
    const reg = (body: object, lang = 'en') => post(t.app, '/royal/auth/register', body, { lang, ip: freshIp() });
    const good = () => ({ ...uniqueUser(), terms: true });

    it('answers the spec §8 messages for missing fields, in English and translated', async () => {
      const cases: Array<[object, string, string, string]> = [
        [{ ...good(), nickname: '' }, 'NICKNAME_REQUIRED', "Nickname hasn't been selected", 'Nie wybrano nicku'],
        [{ ...good(), email: '  ' }, 'EMAIL_REQUIRED', "Email hasn't been stated", 'Nie podano adresu e-mail'],
        [{ ...good(), password: '' }, 'PASSWORD_REQUIRED', "Password hasn't been stated", 'Nie podano hasła'],
        [{ ...good(), terms: false }, 'TERMS_REQUIRED', 'You have to agree to our Terms of Service', 'Musisz zaakceptować nasz Regulamin'],
        [
          { ...good(), terms: undefined },
          'TERMS_REQUIRED',
          'You have to agree to our Terms of Service',
          'Musisz zaakceptować nasz Regulamin',
        ],
      ];
      for (const [body, code, en, pl] of cases) {
        assert.equal(assertErrorBody(await reg(body), 400, code).message, en);
        assert.equal(assertErrorBody(await reg(body, 'pl'), 400, code).message, pl);
      }
      assert.equal(assertErrorBody(await reg({ ...good(), nickname: '' }, 'ru'), 400).message, 'Никнейм не выбран');
    });

    it('checks the player name, the e-mail and the new-password policy', async () => {
      assertErrorBody(await reg({ ...good(), nickname: 'ab' }), 400, 'NICKNAME_INVALID');
      assertErrorBody(await reg({ ...good(), nickname: 'has space' }), 400, 'NICKNAME_INVALID');
      assertErrorBody(await reg({ ...good(), email: 'not-an-email' }), 400, 'EMAIL_INVALID');
      assertErrorBody(await reg({ ...good(), password: 'Ab1!x' }), 400, 'PASSWORD_TOO_SHORT');
      assertErrorBody(await reg({ ...good(), password: 'x'.repeat(129) }), 400, 'PASSWORD_TOO_LONG');
      for (const common of ['password1', 'iloveyou', 'Qwertyuiop', '123456789', 'football1']) {
        assertErrorBody(await reg({ ...good(), password: common }), 400, 'PASSWORD_TOO_COMMON');
      }
      const u = good();
      assertErrorBody(await reg({ ...u, password: u.nickname }), 400, 'PASSWORD_LIKE_NAME');
      assert.equal(passwordProblem('correct horse battery staple'), null);
    });

    it('a taken player name (an account or a leaderboard player, any case) is 409', async () => {
      const u = good();
      assert.equal((await reg(u)).statusCode, 201);
      assertErrorBody(await reg({ ...good(), nickname: u.nickname.toUpperCase() }), 409, 'NICKNAME_TAKEN');
      const [player] = await sqlRows<{ nickname: string }>(
        t.handle,
        "SELECT nickname FROM players WHERE server = 'royal' AND nickname ~ '^[A-Za-z0-9_.-]{3,20}$' LIMIT 1",
      );
      assertErrorBody(await reg({ ...good(), nickname: player!.nickname.toLowerCase() }), 409, 'NICKNAME_TAKEN');
    });

    it('stores argon2id (OWASP m=19456,t=2,p=1) hashes, register params, consents; mails a translated activation link', async () => {
      const u = good();
      const params = {
        partner: 'fm-partner',
        click_id: 'c-123',
        sub1: 's1',
        banana: 'b',
        admitad_uid: 'adm',
        click_id_track: 'trk',
        ref_id_track: '42',
      };
      const res = await post(
        t.app,
        '/royal/auth/register',
        { ...u, newsletter: true, params },
        { lang: 'de', ip: freshIp(), origin: 'http://localhost:3000' },
      );
      assert.equal(res.statusCode, 201, res.body);
      assert.match(res.json().message, /Fast geschafft/);
      const [row] = await sqlRows<Record<string, unknown>>(t.handle, 'SELECT * FROM auth_accounts WHERE email = $1', [u.email]);
      assert.match(String(row!.password_hash), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.ok(!String(row!.password_hash).includes(u.password));
      assert.equal(row!.status, 'pending');
      assert.equal(row!.newsletter, true);
      assert.ok(row!.terms_accepted_at);
      assert.deepEqual(row!.register_params, params);
      assert.equal(row!.partner, 'fm-partner');
      assert.equal(row!.referrer, '42');
      const mail = lastMail(t.app, u.email);
      assert.equal(mail.kind, 'activation');
      assert.equal(mail.lang, 'de');
      assert.equal(mail.subject, 'Aktiviere dein Football-Manager-Konto');
      assert.match(mail.text, new RegExp(`http://localhost:3000/royal/account-activation#token=[A-Za-z0-9_-]{43}`));
      assert.match(mail.html, /Konto aktivieren/);
      // Only the token's hash is stored.
      const token = tokenOf(mail);
      const tokens = await sqlRows<{ token_hash: string }>(t.handle, 'SELECT token_hash FROM auth_tokens WHERE account_id = $1', [row!.id]);
      assert.equal(tokens.length, 1);
      assert.notEqual(tokens[0]!.token_hash, token);
      assert.match(tokens[0]!.token_hash, /^[0-9a-f]{64}$/);
    });

    it('a registered e-mail gets the same answer (no enumeration); its owner is told by mail, no second account', async () => {
      const u = good();
      const first = await reg(u);
      const again = await reg({ ...good(), email: u.email.toUpperCase() });
      assert.equal(first.statusCode, 201);
      assert.equal(again.statusCode, 201);
      const fresh = { ...good() };
      const other = await reg(fresh);
      assert.deepEqual(Object.keys(again.json()).sort(), Object.keys(other.json()).sort());
      assert.equal(again.json().message, `Almost there! Check your e-mail ${u.email} and open the activation link`);
      const [count] = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM auth_accounts WHERE email = $1', [u.email]);
      assert.equal(count!.n, 1);
      const notice = lastMail(t.app, u.email);
      assert.equal(notice.kind, 'registerExisting');
      assert.doesNotMatch(notice.text, /activation/);
    });

    it('links in mails use SITE_URL unless the request comes from an allowed origin', async () => {
      const u = good();
      await post(t.app, '/royal/auth/register', u, { ip: freshIp(), origin: 'https://evil.example' });
      assert.ok(lastMail(t.app, u.email).text.includes(`${t.app.apiConfig.auth.siteUrl}/royal/account-activation#token=`));
    });
  });

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

  describe('demo accounts and translations', () => {
    it('demo accounts log in on every server with the documented password; OVR above and below thresholds', async () => {
      for (const server of ['royal', 'pl', 'classic', 'en']) {
        for (const d of DEMO_ACCOUNTS) {
          const res = await post(
            t.app,
            `/${server}/auth/login`,
            { login: d.nickname, password: DEMO_PASSWORD, fingerprint: DEMO_TRUSTED_DEVICE },
            { ip: freshIp() },
          );
          assert.equal(res.statusCode, 200, res.body);
          assert.equal(res.json().user.ovr, d.ovr);
        }
      }
      // Any other device needs the e-mailed code.
      const other = await post(
        t.app,
        '/royal/auth/login',
        { login: 'demo', password: DEMO_PASSWORD, fingerprint: 'someone-else' },
        { ip: freshIp() },
      );
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().error, 'UNAUTHORIZED_DEVICE');
    });

    it('every mail renders in all nine languages, translated, with the name escaped in HTML (texts: src/locales, test/locales.test.ts)', () => {
      for (const lang of LOCALE_CODES) {
        for (const kind of MAIL_KINDS) {
          const m = renderMail(kind, lang, {
            nickname: 'Zoë <b>',
            serverName: 'Royal',
            link: 'http://localhost:3000/royal/x',
            code: kind === 'deviceCode' ? '123456' : undefined,
            email: 'a@b.cd',
          });
          assert.ok(m.subject && m.text.includes('Zoë <b>') && m.html.includes('Zoë &lt;b&gt;'), `${kind} ${lang}`);
          assert.ok(!/\{\{|\}\}/.test(m.text + m.subject), `${kind} ${lang}: every placeholder filled`);
          if (lang !== 'en')
            assert.notEqual(
              m.subject,
              renderMail(kind, 'en', { nickname: 'x', serverName: 'Royal', code: '123456' }).subject,
              `${kind} ${lang} is translated`,
            );
        }
        assert.notEqual(authMessage(lang, 'TOO_MANY_ATTEMPTS', { minutes: 5 }), '', lang);
        assert.ok(authMessage(lang, 'TOO_MANY_ATTEMPTS', { minutes: 5 }).includes('5'), lang);
      }
    });
  });

  describe('dev mailbox', () => {
    it('HTML for people, JSON for tests (with link and code), filtered by address', async () => {
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      const html = await get(t.app, '/dev/mailbox');
      assert.equal(html.statusCode, 200);
      assert.match(String(html.headers['content-type']), /text\/html/);
      assert.ok(html.body.includes(u.email));
      const json = (await get(t.app, `/dev/mailbox.json?to=${encodeURIComponent(u.email.toUpperCase())}`)).json();
      assert.equal(json.messages.length, 1);
      assert.match(json.messages[0].link, /\/royal\/account-activation#token=/);
      const one = await get(t.app, `/dev/mailbox/${json.messages[0].id}`);
      assert.equal(one.statusCode, 200);
      assert.ok(one.body.includes('Activate account'));
    });

    it('is off in production', async () => {
      const prod = await buildApp({
        db: t.handle,
        migrate: false,
        seed: false,
        config: { ...TEST_CONFIG, nodeEnv: 'production', auth: { ...t.app.apiConfig.auth, devMailbox: false } },
      });
      try {
        assert.equal((await prod.inject({ url: '/dev/mailbox' })).statusCode, 404);
        assert.equal((await prod.inject({ url: '/dev/mailbox.json' })).statusCode, 404);
      } finally {
        await prod.close();
      }
    });
  });

  it('flood guard: too many registrations from one IP → 429 TOO_MANY_REQUESTS, translated', async () => {
    const database2 = await createTestDatabase();
    const small = await startApp(database2, {
      seed: false,
      config: { auth: { ...t.app.apiConfig.auth, limits: { ...t.app.apiConfig.auth.limits, registerPerIp: { max: 2, windowS: 60 } } } },
    });
    try {
      const ip = freshIp();
      for (let i = 0; i < 2; i++)
        assert.equal((await post(small.app, '/royal/auth/register', { ...uniqueUser(), terms: true }, { ip })).statusCode, 201);
      const body = assertErrorBody(
        await post(small.app, '/royal/auth/register', { ...uniqueUser(), terms: true }, { ip, lang: 'tr' }),
        429,
        'TOO_MANY_REQUESTS',
      );
      assert.equal(body.message, 'Çok fazla istek. Biraz sonra tekrar dene');
      assert.equal((await post(small.app, '/royal/auth/register', { ...uniqueUser(), terms: true }, { ip: freshIp() })).statusCode, 201);
    } finally {
      await small.close();
      await database2.destroy();
    }
  });
});

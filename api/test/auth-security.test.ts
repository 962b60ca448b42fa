/**
 * Sessions and e-mail change in the auth routes (docs/SECURITY.md V7, V10, V4): the inactivity timeout beside the 24 h
 * one, e-mail change notifying the old address and ending the other sessions, passwordless
 * accounts proving control before changing the e-mail, PKCE for every provider, and the XSRF
 * token bound to the session's browser.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadAuthConfig } from '../src/domains/auth/config.js';
import { authorizeUrl } from '../src/domains/auth/oauth.js';
import { createSession, REAUTH_WINDOW_S, SESSION_IDLE_TIMEOUT_S } from '../src/domains/auth/sessions.js';
import { activeAccount, codeOf, freshIp, get, lastMail, mails, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, setupTestApp, sqlRows } from './helpers.js';

describe('auth: sessions, e-mail change, PKCE, XSRF bound to the session', () => {
  const t = setupTestApp();

  const me = (s: { token: string; uid: string }) => get(t.app, '/royal/auth/me', { token: s.token, uid: s.uid });
  const setLastUsed = (s: { uid: string }, minutesAgo: number) =>
    sqlRows(t.handle, `UPDATE auth_sessions SET last_used_at = now() - make_interval(mins => $2) WHERE account_id = $1`, [
      Number(s.uid),
      minutesAgo,
    ]);

  /** A social account (no password) on royal, active, with a session obtained by Google `minutesAgo` minutes ago. */
  async function socialAccount(email: string | null, minutesAgo = 0) {
    const u = uniqueUser('social');
    const [acc] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO auth_accounts (server, nickname, email, password_hash, status, lang) VALUES ('royal', $1, $2, NULL, 'active', 'en') RETURNING id`,
      [u.nickname, email],
    );
    const s = await createSession(t.app.db, acc!.id, { method: 'social:google', ip: null, ttlS: 86_400 });
    await sqlRows(
      t.handle,
      `UPDATE auth_sessions SET created_at = now() - make_interval(mins => $2), last_used_at = now() WHERE account_id = $1`,
      [acc!.id, minutesAgo],
    );
    return { ...u, email, session: { token: s.token, uid: s.uid } };
  }

  describe('inactivity timeout', () => {
    it(`is ${SESSION_IDLE_TIMEOUT_S / 60} minutes: a session idle for 29 min still works (and is renewed), one idle for 31 min is over`, async () => {
      assert.equal(SESSION_IDLE_TIMEOUT_S, 1800);
      const a = await activeAccount(t.app);
      await setLastUsed(a.session, 29);
      assert.equal((await me(a.session)).statusCode, 200);
      const [row] = await sqlRows<{ idle_s: number }>(
        t.handle,
        'SELECT extract(epoch FROM now() - last_used_at)::int AS idle_s FROM auth_sessions WHERE account_id = $1',
        [Number(a.session.uid)],
      );
      assert.ok(row!.idle_s < 60, 'the request renewed it');
      await setLastUsed(a.session, 31);
      assertErrorBody(await me(a.session), 401, 'SESSION_EXPIRED');
      // Also for other domains (comments, votes, bets read the same session).
      assert.equal((await get(t.app, '/royal/bets/tournaments', { token: a.session.token, uid: a.session.uid })).statusCode, 200);
    });

    it('the 24 h absolute limit still holds for a session in constant use', async () => {
      const a = await activeAccount(t.app);
      await sqlRows(
        t.handle,
        "UPDATE auth_sessions SET expires_at = now() - interval '1 second', last_used_at = now() WHERE account_id = $1",
        [Number(a.session.uid)],
      );
      assertErrorBody(await me(a.session), 401, 'SESSION_EXPIRED');
    });
  });

  describe('e-mail change', () => {
    it('notifies the old address and ends every other session of the account (the confirming one stays)', async () => {
      const a = await activeAccount(t.app);
      const other = await createSession(t.app.db, Number(a.session.uid), { method: 'password', ip: null, ttlS: 86_400 });
      const newEmail = `moved-${a.email}`;
      const asked = await post(
        t.app,
        '/royal/auth/email/change',
        { email: newEmail, password: a.password },
        { token: a.session.token, uid: a.session.uid, lang: 'de' },
      );
      assert.equal(asked.statusCode, 200, asked.body);
      const token = tokenOf(lastMail(t.app, newEmail));
      assert.equal((await me(other)).statusCode, 200, 'nothing ends before the change is confirmed');

      const done = await post(t.app, '/royal/auth/email/activate', { token }, { token: a.session.token, uid: a.session.uid, lang: 'de' });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json().email, newEmail);
      assertErrorBody(await me(other), 401, 'SESSION_EXPIRED');
      assert.equal((await me(a.session)).statusCode, 200, 'the session that confirmed stays');

      const notice = lastMail(t.app, a.email);
      assert.equal(notice.kind, 'emailChanged');
      assert.equal(notice.lang, 'de');
      assert.equal(notice.subject, 'Deine E-Mail-Adresse wurde geändert');
      assert.match(notice.text, /m\*\*\*@example\.org/, 'the new address, masked');
      assert.doesNotMatch(notice.text, new RegExp(newEmail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    });

    it('confirmed from a browser without a session: every session ends', async () => {
      const a = await activeAccount(t.app);
      await post(
        t.app,
        '/royal/auth/email/change',
        { email: `x-${a.email}`, password: a.password },
        { token: a.session.token, uid: a.session.uid },
      );
      const done = await post(t.app, '/royal/auth/email/activate', { token: tokenOf(lastMail(t.app, `x-${a.email}`)) });
      assert.equal(done.statusCode, 200, done.body);
      assertErrorBody(await me(a.session), 401, 'SESSION_EXPIRED');
    });

    it('a social account with an address proves control with a code mailed to it, bound to the new address', async () => {
      const s = await socialAccount(`${uniqueUser('own').email}`);
      const auth = { token: s.session.token, uid: s.session.uid, ip: freshIp() };
      const target = `new-${s.email}`;
      const first = await post(t.app, '/royal/auth/email/change', { email: target }, auth);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().code_required, true);
      assert.match(first.json().message, /6-digit code .* o\*\*\*@example\.org$/);
      assert.equal(mails(t.app, target).length, 0, 'no link to the new address before the proof');
      const mail = lastMail(t.app, s.email!);
      assert.equal(mail.kind, 'emailChangeCode');
      const code = codeOf(mail);
      const stored = await sqlRows<{ code_hash: string }>(t.handle, 'SELECT code_hash FROM auth_email_change_codes WHERE account_id = $1', [
        Number(s.session.uid),
      ]);
      assert.ok(stored.length === 1 && !stored[0]!.code_hash.includes(code), 'only a hash is stored');

      // Resend is throttled; the code does not work for another address; a wrong code counts.
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target }, auth), 429, 'CODE_RESEND_WAIT');
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: `other-${s.email}`, code }, auth), 400, 'CODE_INVALID');
      const wrong = code === '000000' ? '111111' : '000000';
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target, code: wrong }, auth), 400, 'CODE_INVALID');

      const ok = await post(t.app, '/royal/auth/email/change', { email: target, code }, auth);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().code_required, undefined);
      assert.equal(lastMail(t.app, target).kind, 'emailChange');
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target, code }, auth), 400, 'CODE_INVALID');
    });

    it('five wrong codes void the code', async () => {
      const s = await socialAccount(uniqueUser('five').email);
      const auth = { token: s.session.token, uid: s.session.uid, ip: freshIp() };
      const target = `five-${s.email}`;
      await post(t.app, '/royal/auth/email/change', { email: target }, auth);
      const code = codeOf(lastMail(t.app, s.email!));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++)
        assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target, code: wrong }, auth), 400, 'CODE_INVALID');
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target, code: wrong }, auth), 429, 'CODE_TOO_MANY');
      // Void: even the right code is refused now (ask for a new one).
      assertErrorBody(await post(t.app, '/royal/auth/email/change', { email: target, code }, auth), 429, 'CODE_TOO_MANY');
      assert.equal(mails(t.app, target).length, 0);
    });

    it(`a social account without any address needs a provider login of the last ${REAUTH_WINDOW_S / 60} minutes`, async () => {
      const stale = await socialAccount(null, 11);
      const target = uniqueUser('first').email;
      const refused = assertErrorBody(
        await post(t.app, '/royal/auth/email/change', { email: target }, { token: stale.session.token, uid: stale.session.uid }),
        403,
        'REAUTH_REQUIRED',
      );
      assert.match(refused.message, /log in again with your social account/);
      assert.equal(mails(t.app, target).length, 0);
      const fresh = await socialAccount(null, 1);
      const ok = await post(t.app, '/royal/auth/email/change', { email: target }, { token: fresh.session.token, uid: fresh.session.uid });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(lastMail(t.app, target).kind, 'emailChange');
    });

    it('a password account still needs its password', async () => {
      const a = await activeAccount(t.app);
      assertErrorBody(
        await post(t.app, '/royal/auth/email/change', { email: `y-${a.email}` }, { token: a.session.token, uid: a.session.uid }),
        400,
        'CURRENT_PASSWORD_REQUIRED',
      );
    });
  });

  describe('PKCE', () => {
    it('every real provider gets a PKCE S256 challenge by default (Google, Facebook, VK ID), in production too', () => {
      const env = {
        OAUTH_GOOGLE_CLIENT_ID: 'g',
        OAUTH_FACEBOOK_CLIENT_ID: 'f',
        OAUTH_VK_CLIENT_ID: 'v',
        OAUTH_VK_AUTHORIZE_URL: 'https://id.vk.com/authorize',
        OAUTH_VK_TOKEN_URL: 'https://id.vk.com/oauth2/auth',
        OAUTH_VK_USERINFO_URL: 'https://id.vk.com/oauth2/user_info',
      };
      for (const nodeEnv of ['production', 'development']) {
        const { oauth } = loadAuthConfig(env, { nodeEnv, corsOrigins: ['https://site.example'] });
        for (const id of ['google', 'facebook', 'vk'] as const) {
          const p = oauth[id];
          assert.ok(p, `${id} enabled`);
          assert.equal(p.pkce, true, `${id} uses PKCE`);
          const url = new URL(
            authorizeUrl(p, { state: 's', redirectUri: 'https://site.example/auth_callback', codeChallenge: 'c'.repeat(43) }),
          );
          assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
        }
      }
      // A provider that refuses it can be switched off explicitly.
      assert.equal(
        loadAuthConfig({ ...env, OAUTH_FACEBOOK_PKCE: '0' }, { nodeEnv: 'production', corsOrigins: [] }).oauth.facebook?.pkce,
        false,
      );
    });

    it('the popup start stores a verifier and sends its challenge to Facebook', async () => {
      const res = await post(
        t.app,
        '/royal/auth/oauth/facebook/start',
        { redirectUri: `${t.app.apiConfig.auth.allowedOrigins[0]}/auth/facebook/callback` },
        { ip: freshIp() },
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.match(new URL(res.json().authorizeUrl).searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
      const [state] = await sqlRows<{ code_verifier: string | null }>(
        t.handle,
        `SELECT code_verifier FROM auth_oauth_states WHERE provider = 'facebook' ORDER BY created_at DESC LIMIT 1`,
      );
      assert.match(state!.code_verifier ?? '', /^[A-Za-z0-9_-]{43,128}$/);
    });
  });

  describe('XSRF token bound to the session (item 8)', () => {
    it("a session started in one browser refuses mutating requests carrying another browser's valid XSRF pair", async () => {
      const u = uniqueUser();
      const ip = freshIp();
      const pairOf = async () => Object.fromEntries((await t.app.inject({ url: '/royal/csrf' })).cookies.map((c) => [c.name, c.value]));
      const mine = await pairOf();
      const theirs = await pairOf();
      const send = (cookies: Record<string, string>, url: string, payload: object, extra: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url,
          payload,
          cookies,
          headers: { 'x-xsrf-token': cookies['XSRF-TOKEN']!, ...extra },
          remoteAddress: ip,
        });
      assert.equal((await send(mine, '/royal/auth/register', { ...u, terms: true })).statusCode, 201);
      await t.app.mailOutbox.drain();
      const login = await send(mine, '/royal/auth/activate', { token: tokenOf(lastMail(t.app, u.email)), fingerprint: 'bound-dev' });
      assert.equal(login.statusCode, 200, login.body);
      const session = { 'x-auth-token': login.json().token, 'x-auth-id': login.json().uid };
      const [row] = await sqlRows<{ h: string | null }>(t.handle, 'SELECT xsrf_secret_hash AS h FROM auth_sessions WHERE account_id = $1', [
        Number(login.json().uid),
      ]);
      assert.match(row!.h ?? '', /^[0-9a-f]{64}$/, 'the session records a hash of the browser secret');

      // The other browser's pair is valid on its own (visitor requests pass) …
      const visitor = await send(theirs, '/royal/contact', {
        name: 'Other browser',
        email: u.email,
        message: 'A visitor message is fine.',
      });
      assert.equal(visitor.statusCode, 201, visitor.body);
      // … but not with this session: the token is bound to the session's browser.
      assertErrorBody(await send(theirs, '/royal/auth/logout', {}, session), 401, 'SESSION_EXPIRED');
      assertErrorBody(
        await send(theirs, '/royal/contact', { name: 'Stolen session', email: u.email, message: 'This must not pass here.' }, session),
        401,
        'SESSION_EXPIRED',
      );
      // The session's own browser goes on.
      const own = await send(
        mine,
        '/royal/contact',
        { name: 'Own browser', email: u.email, message: 'This passes in the right browser.' },
        session,
      );
      assert.equal(own.statusCode, 201, own.body);
      assert.equal((await send(mine, '/royal/auth/logout', {}, session)).statusCode, 200);
    });
  });
});

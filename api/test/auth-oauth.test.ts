/**
 * Social login against a local OAuth provider (a tiny authorization server in this file): state
 * (single use, expiring, per provider and server), PKCE, redirect URI checks, client secret,
 * identities per (server, provider, user id), linking by verified e-mail only.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { OAuthProviderConfig } from '../src/domains/auth/config.js';
import { isAllowedRedirect } from '../src/domains/auth/oauth.routes.js';
import { activeAccount, codeOf, freshIp, get, lastMail, post, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, setupTestApp, sqlRows } from './helpers.js';

interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** A minimal authorization server: /token checks what a real one checks, /userinfo answers the user of the code. */
class FakeProvider {
  server!: Server;
  url = '';
  /** code → { user, challenge, redirectUri } as "authorized" by the test. */
  codes = new Map<string, { user: FakeUser; challenge?: string; redirectUri: string }>();
  tokens = new Map<string, FakeUser>();
  tokenRequests: Array<Record<string, string>> = [];
  failToken = false;

  async start() {
    this.server = createServer(async (req, res) => {
      const body = await read(req);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/token' && req.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(body));
        this.tokenRequests.push(form);
        const grant = this.codes.get(form.code ?? '');
        if (this.failToken) return send(500, { error: 'server_error' });
        if (form.grant_type !== 'authorization_code' || !grant) return send(400, { error: 'invalid_grant' });
        if (form.client_id !== 'test-client' || form.client_secret !== 'test-secret') return send(401, { error: 'invalid_client' });
        if (form.redirect_uri !== grant.redirectUri) return send(400, { error: 'invalid_grant', error_description: 'redirect_uri' });
        if (grant.challenge) {
          const computed = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url');
          if (computed !== grant.challenge) return send(400, { error: 'invalid_grant', error_description: 'pkce' });
        }
        this.codes.delete(form.code!);
        const token = `at-${Math.random().toString(36).slice(2)}`;
        this.tokens.set(token, grant.user);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.url === '/userinfo') {
        const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user ? send(200, user) : send(401, { error: 'invalid_token' });
      }
      send(404, { error: 'not_found' });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What the provider's /authorize page does after the user agrees: a code for the redirect. */
  authorize(authorizeUrl: string, user: FakeUser): { code: string; state: string; redirectUri: string } {
    const u = new URL(authorizeUrl);
    const code = `code-${Math.random().toString(36).slice(2)}`;
    const redirectUri = u.searchParams.get('redirect_uri')!;
    this.codes.set(code, { user, challenge: u.searchParams.get('code_challenge') ?? undefined, redirectUri });
    return { code, state: u.searchParams.get('state')!, redirectUri };
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

describe('auth: social login (popup authorization-code flow)', () => {
  const provider = new FakeProvider();
  const SITE = 'http://localhost:3000';

  before(() => provider.start());
  const t = setupTestApp(async () => {
    const cfg = (id: 'google' | 'facebook', pkce: boolean): OAuthProviderConfig => ({
      id,
      clientId: 'test-client',
      clientSecret: 'test-secret',
      authorizeUrl: `${provider.url}/authorize`,
      tokenUrl: `${provider.url}/token`,
      userinfoUrl: `${provider.url}/userinfo`,
      scope: 'openid email profile',
      pkce,
      mock: false,
    });
    const { loadConfig } = await import('../src/config.js');
    const auth = loadConfig(process.env).auth;
    return {
      config: { auth: { ...auth, allowedOrigins: [SITE], oauth: { google: cfg('google', true), facebook: cfg('facebook', false) } } },
    };
  });
  after(() => {
    provider.server?.close();
  });

  const start = (p: string, redirectUri = `${SITE}/auth/${p}/callback`, server = 'royal') =>
    post(t.app, `/${server}/auth/oauth/${p}/start`, { redirectUri }, { ip: freshIp() });

  async function socialLogin(p: 'google' | 'facebook', user: FakeUser, server = 'royal', fingerprint?: string) {
    const started = await start(p, undefined, server);
    assert.equal(started.statusCode, 200, started.body);
    const { code, state } = provider.authorize(started.json().authorizeUrl, user);
    return post(t.app, `/${server}/auth/${p}`, { code, state, ...(fingerprint ? { fingerprint } : {}) }, { ip: freshIp() });
  }

  /** Sends the code of a 403 link challenge and enters it (as the two-factor dialog does). */
  async function confirmLink(challenge: string, email: string, fingerprint: string) {
    assert.equal((await post(t.app, '/royal/auth/device/send', { challenge })).statusCode, 200);
    const code = codeOf(lastMail(t.app, email));
    return post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint }, { ip: freshIp() });
  }

  it('lists the providers: Google and Facebook enabled, VK shown but disabled when not configured', async () => {
    assert.deepEqual((await get(t.app, '/royal/auth/providers')).json(), {
      providers: [
        { id: 'google', enabled: true },
        { id: 'facebook', enabled: true },
        { id: 'vk', enabled: false },
      ],
    });
    assertErrorBody(await start('vk', `${SITE}/auth_callback`), 404, 'OAUTH_PROVIDER_DISABLED');
  });

  it('start: authorize URL with response_type=code, state and PKCE S256 (Google); the return address must be ours', async () => {
    const res = await start('google');
    const url = new URL(res.json().authorizeUrl);
    assert.equal(url.origin + url.pathname, `${provider.url}/authorize`);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('client_id'), 'test-client');
    assert.equal(url.searchParams.get('redirect_uri'), `${SITE}/auth/google/callback`);
    assert.equal(url.searchParams.get('state'), res.json().state);
    assert.match(res.json().state, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.match(url.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
    const fb = new URL((await start('facebook')).json().authorizeUrl);
    assert.equal(fb.searchParams.get('code_challenge'), null, 'no PKCE where the provider does not support it');
    assert.equal((await start('google', `${SITE}/auth_callback`)).statusCode, 200);
    for (const bad of [
      'https://evil.example/auth/google/callback',
      `${SITE}/auth/facebook/callback`,
      `${SITE}/auth/google/callback?x=1`,
      `${SITE}/royal`,
      'not a url',
    ]) {
      assertErrorBody(await start('google', bad), 400, 'REDIRECT_URI_INVALID');
    }
    assert.equal(isAllowedRedirect(`${SITE}/auth/google/callback`, 'google', [SITE]), true);
  });

  it('exchange: a new account (name from the provider), logged in; the same provider user comes back to it', async () => {
    const user = { sub: 'g-1001', email: 'jan.kowalski@gmail.test', email_verified: true, name: 'Jan Kowalski' };
    const res = await socialLogin('google', user);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.user.nickname, 'JanKowalski');
    assert.equal(body.user.email, 'jan.kowalski@gmail.test');
    assert.equal(body.user.ovr, 40);
    assert.equal((await get(t.app, '/royal/auth/me', { token: body.token, uid: body.uid })).statusCode, 200);
    const last = provider.tokenRequests.at(-1)!;
    assert.equal(last.grant_type, 'authorization_code');
    assert.match(last.code_verifier!, /^[A-Za-z0-9_-]{43,128}$/);
    const again = await socialLogin('google', { ...user, name: 'Renamed' });
    assert.equal(again.json().uid, body.uid);
    assert.notEqual(again.json().token, body.token);
    // Accounts are per server.
    const pl = await socialLogin('google', user, 'pl');
    assert.notEqual(pl.json().uid, body.uid);
    assert.equal(pl.json().user.server, 'pl');
    // A second person with the same name gets a free variant.
    const twin = await socialLogin('facebook', { sub: 'fb-77', name: 'Jan Kowalski' });
    assert.equal(twin.json().user.nickname, 'JanKowalski2');
    assert.equal(twin.json().user.email, null);
  });

  it('state: unknown, replayed, expired, or of another provider/server → 400 OAUTH_STATE_INVALID', async () => {
    const started = (await start('google')).json();
    const { code, state } = provider.authorize(started.authorizeUrl, { sub: 'g-2002', name: 'State Tester' });
    assertErrorBody(await post(t.app, '/royal/auth/google', { code, state: 'forged-state' }), 400, 'OAUTH_STATE_INVALID');
    assertErrorBody(await post(t.app, '/royal/auth/facebook', { code, state }), 400, 'OAUTH_STATE_INVALID');
    const ok = await post(t.app, '/royal/auth/google', { code, state }, { ip: freshIp() });
    // The facebook attempt above did not spend it: states are per provider.
    assert.equal(ok.statusCode, 200, ok.body);
    assertErrorBody(await post(t.app, '/royal/auth/google', { code, state }), 400, 'OAUTH_STATE_INVALID');

    const s2 = (await start('google')).json();
    const g2 = provider.authorize(s2.authorizeUrl, { sub: 'g-2003' });
    assertErrorBody(await post(t.app, '/pl/auth/google', { code: g2.code, state: g2.state }), 400, 'OAUTH_STATE_INVALID');
    const s3 = (await start('google')).json();
    const g3 = provider.authorize(s3.authorizeUrl, { sub: 'g-2004' });
    await t.handle.withSession((s) =>
      s.query("UPDATE auth_oauth_states SET expires_at = now() - interval '1 second' WHERE used_at IS NULL"),
    );
    assertErrorBody(await post(t.app, '/royal/auth/google', { code: g3.code, state: g3.state }), 400, 'OAUTH_STATE_INVALID');
    const stored = await sqlRows<{ state_hash: string }>(t.handle, 'SELECT state_hash FROM auth_oauth_states');
    assert.ok(
      stored.every((r) => r.state_hash !== s3.state),
      'only hashes of states are stored',
    );
  });

  it('a failing provider (bad code, token endpoint down) → 400 OAUTH_FAILED, translated', async () => {
    const started = (await start('google')).json();
    assertErrorBody(await post(t.app, '/royal/auth/google', { code: 'not-issued', state: started.state }), 400, 'OAUTH_FAILED');
    const s2 = (await start('google')).json();
    const g = provider.authorize(s2.authorizeUrl, { sub: 'g-3001' });
    provider.failToken = true;
    try {
      const res = await post(t.app, '/royal/auth/google', { code: g.code, state: g.state }, { lang: 'es' });
      assert.equal(assertErrorBody(res, 400, 'OAUTH_FAILED').message, 'El inicio de sesión social ha fallado. Inténtalo de nuevo');
    } finally {
      provider.failToken = false;
    }
  });

  it('a verified provider e-mail of an existing account links it only after the code mailed to the account; an unverified one never', async () => {
    const a = await activeAccount(t.app);
    const unverified = await socialLogin('google', { sub: 'g-4001', email: a.email, email_verified: false, name: 'Someone Else' });
    assert.notEqual(unverified.json().uid, a.session.uid);
    assert.equal(unverified.json().user.email, null);
    const asked = await socialLogin(
      'google',
      { sub: 'g-4002', email: a.email, email_verified: true, name: 'Owner' },
      'royal',
      'owner-tab-1',
    );
    assert.equal(asked.statusCode, 403, asked.body);
    const body = asked.json();
    assert.equal(body.error, 'UNAUTHORIZED_DEVICE');
    assert.equal(body.link, 'google');
    assert.match(body.email, /^.\*\*\*@example\.org$/);
    assert.match(body.message, /already has an account: confirm with the code we send to it to link your Google login/);
    assert.deepEqual(
      await sqlRows(t.handle, 'SELECT 1 FROM auth_oauth_identities WHERE account_id = $1', [Number(a.session.uid)]),
      [],
      'nothing linked before the proof',
    );
    // The challenge is bound to the device that started it.
    const elsewhere = await post(t.app, '/royal/auth/device/confirm', {
      challenge: body.challenge,
      code: '123456',
      fingerprint: 'other-tab',
    });
    assert.equal(elsewhere.json().error, 'CHALLENGE_INVALID');
    const linked = await confirmLink(body.challenge, a.email, 'owner-tab-1');
    assert.equal(linked.statusCode, 200, linked.body);
    assert.equal(linked.json().uid, a.session.uid);
    assert.equal(linked.json().message, 'Google login is now linked to your account');
    const ids = await sqlRows<{ provider: string; subject: string }>(
      t.handle,
      'SELECT provider, subject FROM auth_oauth_identities WHERE account_id = $1',
      [Number(a.session.uid)],
    );
    assert.deepEqual(ids, [{ provider: 'google', subject: 'g-4002' }]);
    // From now on the identity logs straight in.
    const again = await socialLogin('google', { sub: 'g-4002', email: a.email, email_verified: true });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().uid, a.session.uid);
    // A password login of the account never completes a link challenge (and vice versa).
    const pw = await post(
      t.app,
      '/royal/auth/login',
      { login: a.nickname, password: a.password, fingerprint: 'owner-tab-2' },
      { ip: freshIp() },
    );
    assert.equal(pw.json().link, undefined);
  });

  it("pre-hijacking: an unactivated account registered with the victim's e-mail is not handed over; the code activates it and drops the squatter's password", async () => {
    const victim = uniqueUser('victim');
    const squatterPassword = 'Squatter-Pass-2026!';
    const reg = await post(
      t.app,
      '/royal/auth/register',
      { nickname: `sq${victim.nickname}`.slice(0, 20), email: victim.email, password: squatterPassword, terms: true },
      { ip: freshIp() },
    );
    assert.equal(reg.statusCode, 201, reg.body);
    const [pending] = await sqlRows<{ id: number; status: string }>(t.handle, 'SELECT id, status FROM auth_accounts WHERE email = $1', [
      victim.email,
    ]);
    assert.equal(pending!.status, 'pending');

    const social = await socialLogin(
      'google',
      { sub: 'g-victim', email: victim.email, email_verified: true, name: 'Victim' },
      'royal',
      'victim-laptop',
    );
    assert.equal(social.statusCode, 403, `no session without proof: ${social.body}`);
    assert.equal(social.json().link, 'google');
    const [still] = await sqlRows<{ status: string }>(t.handle, 'SELECT status FROM auth_accounts WHERE id = $1', [pending!.id]);
    assert.equal(still!.status, 'pending');

    const linked = await confirmLink(social.json().challenge, victim.email, 'victim-laptop');
    assert.equal(linked.statusCode, 200, linked.body);
    assert.equal(linked.json().uid, String(pending!.id));
    const [after] = await sqlRows<{ status: string; password_hash: string | null }>(
      t.handle,
      'SELECT status, password_hash FROM auth_accounts WHERE id = $1',
      [pending!.id],
    );
    assert.deepEqual(after, { status: 'active', password_hash: null });
    const squatter = await post(
      t.app,
      '/royal/auth/login',
      { login: victim.email, password: squatterPassword, fingerprint: 'squat-dev' },
      { ip: freshIp() },
    );
    assertErrorBody(squatter, 401, 'INVALID_CREDENTIALS');
  });

  it('Facebook e-mails count as verified only when the provider says so: otherwise no link and no address on the new account', async () => {
    const a = await activeAccount(t.app);
    const fb = await socialLogin('facebook', { sub: 'fb-5001', email: a.email, name: 'Fb Person' });
    assert.equal(fb.statusCode, 200, fb.body);
    assert.notEqual(fb.json().uid, a.session.uid, 'not linked to the account of that e-mail');
    assert.equal(fb.json().user.email, null);
    const fresh = await socialLogin('facebook', { sub: 'fb-5002', email: `fresh-${a.email}`, name: 'Fb Fresh' });
    assert.equal(fresh.json().user.email, null, "an unverified address is not the new account's address");
    const vouched = await socialLogin('facebook', {
      sub: 'fb-5003',
      email: `vouched-${a.email}`,
      email_verified: true,
      name: 'Fb Vouched',
    });
    assert.equal(vouched.json().user.email, `vouched-${a.email}`);
  });
});

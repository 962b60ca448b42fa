/**
 * Social login against a local OAuth provider (auth-oauth-fixture.ts): providers, state (single use,
 * expiring, per provider and server), PKCE, redirect URI checks, client secret, identities per
 * (server, provider, user id).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAllowedRedirect } from '../src/domains/auth/oauth.routes.js';
import { freshIp, get, post } from './auth-helpers.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { setupOAuthApp } from './auth-oauth-fixture.js';

describe('auth: social login (popup authorization-code flow)', () => {
  const { t, provider, SITE, start, socialLogin } = setupOAuthApp();

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
});

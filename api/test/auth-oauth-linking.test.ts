/**
 * Social login linking by verified e-mail only, after the code mailed to the account (pre-hijacking
 * included), against a local OAuth provider (auth-oauth-fixture.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeAccount, freshIp, post, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { setupOAuthApp } from './auth-oauth-fixture.js';

describe('auth: social login (popup authorization-code flow)', () => {
  const { t, socialLogin, confirmLink } = setupOAuthApp();

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

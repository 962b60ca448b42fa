/**
 * Trusted devices (spec §4 new-device check): trust lasts 90 days from the proof, and a password
 * reset or an e-mail change forgets every trusted device (src/domains/auth/service.ts,
 * docs/SECURITY.md "V6 Authentication").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TRUSTED_DEVICE_TTL_DAYS } from '../src/domains/auth/service.js';
import { activeAccount, freshIp, lastMail, post, tokenOf } from './auth-helpers.js';
import { setupTestApp, sqlRows } from './helpers.js';

describe('trusted devices: 90 days, forgotten on password reset and e-mail change', () => {
  const t = setupTestApp();

  const login = (a: { nickname: string; password: string }, fingerprint: string) =>
    post(t.app, '/royal/auth/login', { login: a.nickname, password: a.password, fingerprint }, { ip: freshIp() });
  const trustedAgo = (uid: string, days: number) =>
    sqlRows(t.handle, `UPDATE auth_devices SET created_at = now() - make_interval(days => $2) WHERE account_id = $1`, [Number(uid), days]);

  it(`a device confirmed ${TRUSTED_DEVICE_TTL_DAYS} days ago asks for a code again; one confirmed ${TRUSTED_DEVICE_TTL_DAYS - 1} days ago does not`, async () => {
    assert.equal(TRUSTED_DEVICE_TTL_DAYS, 90);
    const a = await activeAccount(t.app);
    await trustedAgo(a.session.uid, 89);
    assert.equal((await login(a, a.fingerprint)).statusCode, 200, 'still trusted, however often it was used');
    await trustedAgo(a.session.uid, 91);
    const expired = await login(a, a.fingerprint);
    assert.equal(expired.statusCode, 403, expired.body);
    assert.equal(expired.json().error, 'UNAUTHORIZED_DEVICE');
    // The code trusts it again, for another 90 days.
    const challenge = expired.json().challenge as string;
    await post(t.app, '/royal/auth/device/send', { challenge });
    const code = /\b(\d{6})\b/.exec(lastMail(t.app, a.email).text)![1]!;
    const ok = await post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint: a.fingerprint });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await login(a, a.fingerprint)).statusCode, 200);
  });

  it('a password reset forgets every trusted device; the browser that used the link is trusted', async () => {
    const a = await activeAccount(t.app, 'royal', 'old-laptop');
    assert.equal((await login(a, 'old-laptop')).statusCode, 200);
    await post(t.app, '/royal/auth/password/forgot', { email: a.email }, { ip: freshIp() });
    const token = tokenOf(lastMail(t.app, a.email));
    const password = 'Brand-New-Pass-2031!';
    const reset = await post(t.app, '/royal/auth/password/reset', { token, password, fingerprint: 'reset-phone' });
    assert.equal(reset.statusCode, 200, reset.body);
    const old = await login({ ...a, password }, 'old-laptop');
    assert.equal(old.statusCode, 403, 'an attacker who had trusted a device before the reset must prove it again');
    assert.equal(old.json().error, 'UNAUTHORIZED_DEVICE');
    assert.equal((await login({ ...a, password }, 'reset-phone')).statusCode, 200);
  });

  it('an e-mail change forgets every trusted device', async () => {
    const a = await activeAccount(t.app, 'royal', 'home-pc');
    const s = a.session;
    const newEmail = `moved-${Date.now().toString(36)}@example.org`;
    const asked = await post(
      t.app,
      '/royal/auth/email/change',
      { email: newEmail, password: a.password },
      { token: s.token, uid: s.uid, ip: freshIp() },
    );
    assert.equal(asked.statusCode, 200, asked.body);
    const done = await post(t.app, '/royal/auth/email/activate', { token: tokenOf(lastMail(t.app, newEmail)) });
    assert.equal(done.statusCode, 200, done.body);
    const again = await login(a, 'home-pc');
    assert.equal(again.statusCode, 403, again.body);
    assert.equal(again.json().error, 'UNAUTHORIZED_DEVICE');
    assert.match(again.json().email, /^m\*\*\*@example\.org$/, 'the code goes to the new address');
  });
});

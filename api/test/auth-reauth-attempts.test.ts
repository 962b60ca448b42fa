/**
 * Authenticating again with the current password is counted before the comparison, on one
 * counter per account shared by every route that asks for it (src/domains/auth/reauth.ts;
 * docs/SECURITY.md "V6"): password change, e-mail change and ending sessions.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { DEFAULT_AUTH_LIMITS } from '../src/domains/auth/config.js';
import { reauthCheck } from '../src/domains/auth/reauth.js';
import { activeAccount, freshIp, post } from './auth-helpers.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { setupAccountSecurityApp } from './account-security-fixture.js';

describe('re-authentication: counted per account before the password is compared', () => {
  const { t, as } = setupAccountSecurityApp();
  const max = DEFAULT_AUTH_LIMITS.reauthPerAccount.max;

  it('50 concurrent wrong current passwords over three routes, each from its own address, reach at most 5 comparisons', async () => {
    assert.equal(max, 5);
    const a = await activeAccount(t.app);
    const wrong = 'Not-The-Current-Password-9';
    const calls = [
      ...Array.from(
        { length: 30 },
        () => ['/royal/auth/password/change', { currentPassword: wrong, password: 'Brand-New-Pitch-91' }] as const,
      ),
      ...Array.from({ length: 12 }, () => ['/royal/auth/email/change', { email: 'attacker@example.org', password: wrong }] as const),
      ...Array.from({ length: 8 }, () => ['/royal/auth/sessions/revoke', { password: wrong }] as const),
    ];
    const compared = mock.method(reauthCheck, 'verify');
    let answers;
    try {
      answers = await Promise.all(calls.map(([url, body]) => post(t.app, url, body, as(a.session, { ip: freshIp() }))));
    } finally {
      compared.mock.restore();
    }
    const n = compared.mock.callCount();
    assert.ok(n <= max, `${n} comparisons for ${calls.length} attempts (limit ${max})`);
    const codes = answers.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 400).length, n, `each comparison answered WRONG_PASSWORD: ${codes.join(' ')}`);
    assert.equal(codes.filter((c) => c === 429).length, calls.length - n, codes.join(' '));
    for (const r of answers.filter((x) => x.statusCode === 429)) assertErrorBody(r, 429, 'TOO_MANY_ATTEMPTS');

    // Each comparison is a `login_failed` event of the account; nothing changed.
    const failed = await sqlRows<{ n: number }>(
      t.handle,
      `SELECT count(*)::int AS n FROM auth_security_events WHERE account_id = $1 AND kind = 'login_failed'`,
      [Number(a.session.uid)],
    );
    assert.equal(failed[0]!.n, n);
    const [row] = await sqlRows<{ email: string }>(t.handle, 'SELECT email FROM auth_accounts WHERE id = $1', [Number(a.session.uid)]);
    assert.equal(row!.email, a.email, 'the address is unchanged');
  });

  it('wrong passwords on e-mail change use up the counter that password change checks', async () => {
    const a = await activeAccount(t.app);
    for (let i = 0; i < max; i++) {
      const res = await post(
        t.app,
        '/royal/auth/email/change',
        { email: `new${i}@example.org`, password: `wrong-${i}` },
        as(a.session, { ip: freshIp() }),
      );
      assertErrorBody(res, 400, 'WRONG_PASSWORD');
    }
    // Even the right password is not compared any more in this window.
    const compared = mock.method(reauthCheck, 'verify');
    try {
      const res = await post(
        t.app,
        '/royal/auth/password/change',
        { currentPassword: a.password, password: 'Brand-New-Pitch-92' },
        as(a.session, { ip: freshIp() }),
      );
      assertErrorBody(res, 429, 'TOO_MANY_ATTEMPTS');
      assert.equal(compared.mock.callCount(), 0);
    } finally {
      compared.mock.restore();
    }
  });

  it('a right current password gives its attempt back: wrong ones before it no longer count', async () => {
    const a = await activeAccount(t.app);
    for (let i = 0; i < max - 1; i++) {
      assertErrorBody(await post(t.app, '/royal/auth/sessions/revoke', { password: `wrong-${i}` }, as(a.session)), 400, 'WRONG_PASSWORD');
    }
    const ok = await post(t.app, '/royal/auth/email/change', { email: 'moved@example.org', password: a.password }, as(a.session));
    assert.equal(ok.statusCode, 200, ok.body);
    for (let i = 0; i < max; i++) {
      assertErrorBody(await post(t.app, '/royal/auth/sessions/revoke', { password: `again-${i}` }, as(a.session)), 400, 'WRONG_PASSWORD');
    }
  });
});

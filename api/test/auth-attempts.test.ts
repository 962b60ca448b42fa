/**
 * Attempts at e-mailed codes are taken before the comparison (src/domains/auth/attempts.ts): 50
 * concurrent wrong codes get at most 5 comparisons, for a new-device code and for an e-mail
 * change code; and wrong codes are limited per account across challenges (docs/SECURITY.md "V6").
 * A login attempt is counted before its password is checked (src/domains/auth/login-limits.ts):
 * N + 5 concurrent wrong passwords get at most N checks.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { codeCheck } from '../src/domains/auth/attempts.js';
import { passwordCheck } from '../src/domains/auth/crypto.js';
import { DEFAULT_AUTH_LIMITS } from '../src/domains/auth/config.js';
import { createSession } from '../src/domains/auth/sessions.js';
import { activeAccount, codeOf, freshIp, lastMail, post, uniqueUser } from './auth-helpers.js';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

/** Errors of device-code answers that compared the code (a wrong code); the others were refused before comparing. */
const COMPARED = new Set(['CODE_INVALID', 'CODE_TOO_MANY']);

describe('code attempts: taken atomically before the comparison, limited per account', () => {
  const t = setupTestApp();
  const L = DEFAULT_AUTH_LIMITS;

  const login = (a: { nickname: string; password: string }, fingerprint: string) =>
    post(t.app, '/royal/auth/login', { login: a.nickname, password: a.password, fingerprint }, { ip: freshIp() });

  /** A login challenge of a new device with its code mailed; returns the challenge and the right code. */
  async function challengeWithCode(a: { nickname: string; password: string; email: string }, fingerprint: string) {
    const res = await login(a, fingerprint);
    assert.equal(res.statusCode, 403, res.body);
    const challenge = res.json().challenge as string;
    assert.equal((await post(t.app, '/royal/auth/device/send', { challenge })).statusCode, 200);
    return { challenge, code: codeOf(lastMail(t.app, a.email)) };
  }

  it('login: N + 5 concurrent wrong passwords from one address reach the password check at most N times', async () => {
    const n = L.loginPerLoginIp.max;
    const a = await activeAccount(t.app);
    const ip = freshIp();
    const x = await xsrfPair(t.app);
    const checks = mock.method(passwordCheck, 'verify');
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: n + 5 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/royal/auth/login',
            payload: { login: a.nickname, password: 'Wrong-Password-1', fingerprint: a.fingerprint },
            headers: { cookie: x.cookieHeader, ...x.headers },
            remoteAddress: ip,
          }),
        ),
      );
    } finally {
      checks.mock.restore();
    }
    // A call with the stored hash is a real check; null is the dummy work of a refused attempt.
    const real = checks.mock.calls.filter((c) => c.arguments[0]).length;
    assert.ok(real <= n, `${real} password checks for ${n + 5} attempts (limit ${n})`);
    const codes = answers.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 401).length + codes.filter((c) => c === 429).length, n + 5, codes.join(' '));
    assert.ok(codes.filter((c) => c === 429).length >= 5, codes.join(' '));
  });

  it('new-device code: 50 concurrent wrong codes give at most 5 comparisons', async () => {
    assert.equal(L.codeAttemptsPerChallenge, 5);
    const a = await activeAccount(t.app);
    const { challenge, code } = await challengeWithCode(a, 'race-device');
    const wrong = code === '000000' ? '000001' : '000000';
    const x = await xsrfPair(t.app);
    const counted = mock.method(codeCheck, 'matches');
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/royal/auth/device/confirm',
            payload: { challenge, code: wrong, fingerprint: 'race-device' },
            headers: { cookie: x.cookieHeader, ...x.headers },
            remoteAddress: freshIp(),
          }),
        ),
      );
    } finally {
      counted.mock.restore();
    }
    const errors = answers.map((r) => (r.json() as { error: string }).error);
    assert.ok(counted.mock.callCount() <= 5, `${counted.mock.callCount()} comparisons`);
    assert.ok(errors.filter((e) => COMPARED.has(e)).length <= 5, errors.join(' '));
    const [row] = await sqlRows<{ failed_attempts: number }>(
      t.handle,
      'SELECT failed_attempts FROM auth_device_challenges WHERE account_id = $1',
      [Number(a.session.uid)],
    );
    assert.ok(row!.failed_attempts <= 5, `failed_attempts ${row!.failed_attempts}`);
    // On PostgreSQL the burst may be refused by the account's counter before taking every attempt
    // (requests run side by side there, one after the other on PGlite): use up what is left.
    for (let left = 5 - row!.failed_attempts; left > 0; left--) {
      await post(t.app, '/royal/auth/device/confirm', { challenge, code: wrong, fingerprint: 'race-device' }, { ip: freshIp() });
    }
    // The challenge is spent: even the right code is refused now.
    const late = await post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint: 'race-device' });
    assert.equal(late.json().error, 'CHALLENGE_INVALID');
  });

  it('e-mail change code: 50 concurrent wrong codes give at most 5 comparisons', async () => {
    const u = uniqueUser('racer');
    const [acc] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO auth_accounts (server, nickname, email, password_hash, status, lang) VALUES ('royal', $1, $2, NULL, 'active', 'en') RETURNING id`,
      [u.nickname, u.email],
    );
    const s = await createSession(t.app.db, acc!.id, { method: 'social:google', ip: null, ttlS: 86_400 });
    const auth = { token: s.token, uid: s.uid };
    const target = `new-${u.email}`;
    assert.equal((await post(t.app, '/royal/auth/email/change', { email: target }, { ...auth, ip: freshIp() })).json().code_required, true);
    const code = codeOf(lastMail(t.app, u.email));
    const wrong = code === '000000' ? '111111' : '000000';
    const counted = mock.method(codeCheck, 'matches');
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          post(t.app, '/royal/auth/email/change', { email: target, code: wrong }, { ...auth, ip: freshIp() }),
        ),
      );
    } finally {
      counted.mock.restore();
    }
    assert.ok(counted.mock.callCount() <= 5, `${counted.mock.callCount()} comparisons`);
    assert.ok(
      answers.every((r) => r.statusCode === 400 || r.statusCode === 429),
      answers.map((r) => r.statusCode).join(' '),
    );
    const [row] = await sqlRows<{ failed_attempts: number }>(
      t.handle,
      'SELECT failed_attempts FROM auth_email_change_codes WHERE account_id = $1',
      [acc!.id],
    );
    assert.ok(row!.failed_attempts <= 5, `failed_attempts ${row!.failed_attempts}`);
    // (as above: on PostgreSQL the burst may leave attempts untaken)
    for (let left = 5 - row!.failed_attempts; left > 0; left--) {
      await post(t.app, '/royal/auth/email/change', { email: target, code: wrong }, { ...auth, ip: freshIp() });
    }
    const right = await post(t.app, '/royal/auth/email/change', { email: target, code }, { ...auth, ip: freshIp() });
    assert.equal(right.statusCode, 429, 'the code is void after its 5 attempts');
  });

  it(`wrong codes per account across challenges: ${L.codePerAccount.max} an hour, then even the right code is refused`, async () => {
    assert.deepEqual(L.codePerAccount, { max: 10, windowS: 3600 });
    const a = await activeAccount(t.app);
    for (let round = 0; round < 2; round++) {
      const { challenge, code } = await challengeWithCode(a, `multi-${round}-device`);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) {
        const r = await post(
          t.app,
          '/royal/auth/device/confirm',
          { challenge, code: wrong, fingerprint: `multi-${round}-device` },
          { ip: freshIp() },
        );
        assert.equal(r.json().error, i < 4 ? 'CODE_INVALID' : 'CODE_TOO_MANY');
      }
    }
    // A third login attempt from yet another device and IP: the account has had its 10 wrong codes.
    const { challenge, code } = await challengeWithCode(a, 'multi-2-device');
    const blocked = await post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint: 'multi-2-device' }, { ip: freshIp() });
    assert.equal(blocked.statusCode, 429, blocked.body);
    assert.equal(blocked.json().error, 'TOO_MANY_ATTEMPTS');
    // A right code is given back: another account is not affected, and its right code leaves no count.
    const b = await activeAccount(t.app);
    const other = await challengeWithCode(b, 'b-device-1');
    const ok = await post(t.app, '/royal/auth/device/confirm', { challenge: other.challenge, code: other.code, fingerprint: 'b-device-1' });
    assert.equal(ok.statusCode, 200, ok.body);
    const rows = await sqlRows<{ points: number }>(t.handle, `SELECT points FROM rate_limits WHERE key = $1`, [
      `auth:code:account:${b.session.uid}`,
    ]);
    assert.ok(
      rows.every((r) => Number(r.points) === 0),
      JSON.stringify(rows),
    );
  });
});

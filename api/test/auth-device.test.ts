/**
 * New-device verification (spec §4: 403 UNAUTHORIZED_DEVICE, code by e-mail, "I already have the
 * code") and the rate limits on login and code entry — including that an attacker cannot lock the
 * owner out of their trusted device.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activeAccount, codeOf, freshIp, get, lastMail, mails, post } from './auth-helpers.js';
import { assertErrorBody, setupTestApp, sqlRows } from './helpers.js';

describe('auth: new device and rate limits', () => {
  const t = setupTestApp(async () => ({
    config: {
      auth: {
        ...(await import('../src/config.js')).loadConfig(process.env).auth,
        // Small limits keep the tests short; the defaults are in src/domains/auth/config.ts.
        limits: {
          ...(await import('../src/domains/auth/config.js')).DEFAULT_AUTH_LIMITS,
          loginPerLoginIp: { max: 5, windowS: 900 },
          loginPerIp: { max: 12, windowS: 900 },
          loginPerLogin: { max: 8, windowS: 3600 },
          codePerIp: { max: 8, windowS: 900 },
          codeResendS: 30,
        },
      },
    },
  }));

  const login = (a: { nickname: string; password: string }, fingerprint: string, ip = freshIp(), lang = 'en') =>
    post(t.app, '/royal/auth/login', { login: a.nickname, password: a.password, fingerprint }, { ip, lang });

  it('a new device gets 403 UNAUTHORIZED_DEVICE with a challenge; Send mails a 6-digit code; the code logs in and trusts the device', async () => {
    const a = await activeAccount(t.app);
    const res = await login(a, 'new-laptop', freshIp(), 'it');
    assert.equal(res.statusCode, 403);
    const body = res.json();
    assert.equal(body.error, 'UNAUTHORIZED_DEVICE');
    assert.equal(body.message, 'Nuovo dispositivo: confermalo con il codice che invieremo alla tua e-mail');
    assert.match(body.challenge, /^[A-Za-z0-9_-]{32}$/);
    assert.match(body.email, /^.\*\*\*@example\.org$/);
    assert.equal(mails(t.app, a.email).filter((m) => m.kind === 'deviceCode').length, 0, 'no mail before Send');

    const sent = await post(t.app, '/royal/auth/device/send', { challenge: body.challenge }, { lang: 'it' });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().codeTtlS, 600, 'codes live at most 10 minutes');
    const mail = lastMail(t.app, a.email);
    assert.equal(mail.kind, 'deviceCode');
    assert.equal(mail.lang, 'it');
    const code = codeOf(mail);
    assert.match(code, /^\d{6}$/);
    assert.equal(mail.subject, `Il tuo codice di verifica: ${code}`);
    const stored = await sqlRows<{ code_hash: string }>(t.handle, 'SELECT code_hash FROM auth_device_challenges WHERE account_id = $1', [
      Number(a.session.uid),
    ]);
    assert.ok(
      stored.every((s) => s.code_hash !== code),
      'only a hash of the code is stored',
    );

    const ok = await post(t.app, '/royal/auth/device/confirm', { challenge: body.challenge, code, fingerprint: 'new-laptop' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().user.nickname, a.nickname);
    assert.equal((await get(t.app, '/royal/auth/me', { token: ok.json().token, uid: ok.json().uid })).statusCode, 200);
    // Single use, and the device is trusted from now on.
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: body.challenge, code, fingerprint: 'new-laptop' }),
      400,
      'CHALLENGE_INVALID',
    );
    assert.equal((await login(a, 'new-laptop')).statusCode, 200);
  });

  it('"I already have the code": a new login attempt from the same device keeps the code already sent', async () => {
    const a = await activeAccount(t.app);
    const first = (await login(a, 'phone-123')).json();
    await post(t.app, '/royal/auth/device/send', { challenge: first.challenge });
    const code = codeOf(lastMail(t.app, a.email));
    const second = (await login(a, 'phone-123')).json();
    assert.notEqual(second.challenge, first.challenge);
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: first.challenge, code, fingerprint: 'phone-123' }),
      400,
      'CHALLENGE_INVALID',
    );
    const ok = await post(t.app, '/royal/auth/device/confirm', { challenge: second.challenge, code, fingerprint: 'phone-123' });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  it('the code is bound to its login attempt: not another device, not another account, not after 10 minutes', async () => {
    const a = await activeAccount(t.app);
    const b = await activeAccount(t.app);
    const ca = (await login(a, 'tablet-a1')).json().challenge;
    const cb = (await login(b, 'tablet-b1')).json().challenge;
    await post(t.app, '/royal/auth/device/send', { challenge: ca });
    const codeA = codeOf(lastMail(t.app, a.email));
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: cb, code: codeA, fingerprint: 'tablet-b1' }),
      400,
      'CODE_INVALID',
    );
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: ca, code: codeA, fingerprint: 'other-device' }),
      400,
      'CHALLENGE_INVALID',
    );
    await t.handle.withSession((s) =>
      s.query("UPDATE auth_device_challenges SET code_expires_at = now() - interval '1 second' WHERE account_id = $1", [
        Number(a.session.uid),
      ]),
    );
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: ca, code: codeA, fingerprint: 'tablet-a1' }),
      400,
      'CODE_INVALID',
    );
    // The whole attempt expires too.
    await t.handle.withSession((s) =>
      s.query("UPDATE auth_device_challenges SET expires_at = now() - interval '1 second' WHERE account_id = $1", [Number(a.session.uid)]),
    );
    assertErrorBody(await post(t.app, '/royal/auth/device/send', { challenge: ca }), 400, 'CHALLENGE_INVALID');
    assertErrorBody(await post(t.app, '/royal/auth/device/send', { challenge: 'made-up-challenge' }), 400, 'CHALLENGE_INVALID');
  });

  it('resend waits 30 s between mails', async () => {
    const a = await activeAccount(t.app);
    const c = (await login(a, 'watch-123')).json().challenge;
    assert.equal((await post(t.app, '/royal/auth/device/send', { challenge: c })).statusCode, 200);
    const wait = assertErrorBody(await post(t.app, '/royal/auth/device/send', { challenge: c }), 429, 'CODE_RESEND_WAIT');
    assert.match(wait.message, /^Wait \d+ s before asking for a new code$/);
  });

  it('wrong codes are rate limited: 5 per attempt, then the attempt is void (log in again)', async () => {
    const a = await activeAccount(t.app);
    const c = (await login(a, 'pc-000001')).json().challenge;
    await post(t.app, '/royal/auth/device/send', { challenge: c });
    const code = codeOf(lastMail(t.app, a.email));
    const wrong = code === '000000' ? '000001' : '000000';
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      assertErrorBody(
        await post(t.app, '/royal/auth/device/confirm', { challenge: c, code: wrong, fingerprint: 'pc-000001' }, { ip }),
        400,
        'CODE_INVALID',
      );
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: c, code: wrong, fingerprint: 'pc-000001' }, { ip }),
      429,
      'CODE_TOO_MANY',
    );
    // Even the right code no longer works for this attempt.
    assertErrorBody(
      await post(t.app, '/royal/auth/device/confirm', { challenge: c, code, fingerprint: 'pc-000001' }, { ip }),
      400,
      'CHALLENGE_INVALID',
    );
    // A fresh login attempt starts over.
    const c2 = (await login(a, 'pc-000001')).json().challenge;
    assert.notEqual(c2, c);
    assert.equal((await post(t.app, '/royal/auth/device/send', { challenge: c2 })).statusCode, 200);
  });

  it('wrong codes are also limited per IP across attempts', async () => {
    const ip = freshIp();
    let blocked = false;
    for (let round = 0; round < 3 && !blocked; round++) {
      const a = await activeAccount(t.app);
      const c = (await login(a, `ipdev-${round}aa`)).json().challenge;
      for (let i = 0; i < 4; i++) {
        const r = await post(
          t.app,
          '/royal/auth/device/confirm',
          { challenge: c, code: '999999', fingerprint: `ipdev-${round}aa` },
          { ip },
        );
        if (r.statusCode === 429) {
          assert.equal(r.json().error, 'TOO_MANY_ATTEMPTS');
          blocked = true;
          break;
        }
        assert.equal(r.json().error, 'CODE_INVALID');
      }
    }
    assert.ok(blocked, 'the IP is blocked after 8 wrong codes');
  });

  it('wrong passwords: 5 per (name, IP), then 429 even with the right password — from another IP the owner still gets in', async () => {
    const a = await activeAccount(t.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      assertErrorBody(await login({ ...a, password: `Wrong-${i}-pass` }, a.fingerprint, ip), 401, 'INVALID_CREDENTIALS');
    const blocked = assertErrorBody(await login(a, a.fingerprint, ip, 'pl'), 429, 'TOO_MANY_ATTEMPTS');
    assert.match(blocked.message, /^Zbyt wiele prób. Spróbuj ponownie za \d+ min$/);
    assert.equal((await login(a, a.fingerprint, freshIp())).statusCode, 200);
  });

  it('unknown names are limited exactly like real ones (no enumeration through the limit)', async () => {
    const ip = freshIp();
    const ghost = { nickname: 'ghost-player-zz', password: 'Nope-nope-123' };
    for (let i = 0; i < 5; i++) assertErrorBody(await login(ghost, 'x-device-1', ip), 401, 'INVALID_CREDENTIALS');
    assertErrorBody(await login(ghost, 'x-device-1', ip), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('one IP trying many names is limited per IP', async () => {
    const ip = freshIp();
    let status = 0;
    for (let i = 0; i < 13; i++)
      status = (await login({ nickname: `spray-${i}-name`, password: 'Nope-nope-123' }, 'spray-dev', ip)).statusCode;
    assert.equal(status, 429);
  });

  it('a distributed attack on one name blocks untrusted devices only: the owner keeps logging in from a trusted device', async () => {
    const a = await activeAccount(t.app, 'royal', 'owner-laptop');
    for (let i = 0; i < 8; i++)
      assertErrorBody(await login({ ...a, password: `Guess-${i}-xx` }, `bot-${i}-dev`, freshIp()), 401, 'INVALID_CREDENTIALS');
    // The attacker (any IP, untrusted device) is stopped, even with the right password.
    assertErrorBody(await login(a, 'bot-99-dev', freshIp()), 429, 'TOO_MANY_ATTEMPTS');
    // The owner on their trusted device is not locked out.
    const owner = await login(a, 'owner-laptop', freshIp());
    assert.equal(owner.statusCode, 200, owner.body);
  });

  it('the nickname and the e-mail of one account share one counter per IP: over it, either name is refused like a wrong password', async () => {
    const a = await activeAccount(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      assertErrorBody(await login({ ...a, password: `Wrong-${i}-pass` }, a.fingerprint, ip), 401, 'INVALID_CREDENTIALS');
    for (let i = 3; i < 5; i++)
      assertErrorBody(
        await login({ nickname: a.email.toUpperCase(), password: `Wrong-${i}-pass` }, a.fingerprint, ip),
        401,
        'INVALID_CREDENTIALS',
      );
    // 3 + 2 failures = the 5 of the account from this IP: the right password is refused by
    // nickname and by e-mail (no doubling of the guesses), with the answer of a wrong password.
    assertErrorBody(await login({ nickname: a.email, password: a.password }, a.fingerprint, ip), 401, 'INVALID_CREDENTIALS');
    assertErrorBody(
      await login({ nickname: a.nickname.toUpperCase(), password: a.password }, a.fingerprint, ip),
      401,
      'INVALID_CREDENTIALS',
    );
    // From another IP the owner gets in.
    assert.equal((await login(a, a.fingerprint, freshIp())).statusCode, 200);
  });

  it('the shared counter does not tell which e-mail belongs to a nickname: after the nickname is blocked, its e-mail answers like any other', async () => {
    const a = await activeAccount(t.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      assertErrorBody(await login({ ...a, password: `Wrong-${i}-pass` }, 'probe-dev', ip), 401, 'INVALID_CREDENTIALS');
    assertErrorBody(await login({ ...a, password: 'Wrong-5-pass' }, 'probe-dev', ip), 429, 'TOO_MANY_ATTEMPTS');
    // The attacker now tries e-mail addresses from the same IP: the owner's and a stranger's look alike.
    const owner = await login({ nickname: a.email, password: 'Wrong-6-pass' }, 'probe-dev', ip);
    const stranger = await login({ nickname: `nobody-${Date.now()}@example.org`, password: 'Wrong-6-pass' }, 'probe-dev', ip);
    assert.equal(owner.statusCode, stranger.statusCode);
    assert.deepEqual(owner.json(), stranger.json());
    assertErrorBody(owner, 401, 'INVALID_CREDENTIALS');
  });

  it('the per-account limit from everywhere counts nickname and e-mail attempts together (untrusted devices refused like a wrong password)', async () => {
    const a = await activeAccount(t.app, 'royal', 'owner-phone1');
    for (let i = 0; i < 4; i++)
      assertErrorBody(await login({ ...a, password: `Guess-${i}-xx` }, `bot-n${i}-dev`, freshIp()), 401, 'INVALID_CREDENTIALS');
    for (let i = 4; i < 8; i++)
      assertErrorBody(
        await login({ nickname: a.email, password: `Guess-${i}-xx` }, `bot-e${i}-dev`, freshIp()),
        401,
        'INVALID_CREDENTIALS',
      );
    // 4 + 4 = the 8 allowed per account: untrusted devices are stopped whichever name they type,
    // even with the right password.
    assertErrorBody(await login(a, 'bot-99-dev', freshIp()), 401, 'INVALID_CREDENTIALS');
    assertErrorBody(await login({ nickname: a.email, password: a.password }, 'bot-98-dev', freshIp()), 401, 'INVALID_CREDENTIALS');
    assert.equal(
      (await login({ nickname: a.email, password: a.password }, 'owner-phone1', freshIp())).statusCode,
      200,
      'the owner on a trusted device',
    );
  });
});

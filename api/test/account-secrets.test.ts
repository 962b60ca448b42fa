/**
 * The secrets of account e-mails: tokens in the URL fragment of the links, 6-digit codes stored as
 * an HMAC under a server key (AUTH_CODE_HMAC_KEY).
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { assertCodeHmacKey, codeHmacKeyOf, DEV_CODE_HMAC_KEY, loadAuthConfig } from '../src/domains/auth/config.js';
import { activeAccount, codeOf, freshIp, lastMail, post, uniqueUser } from './auth-helpers.js';
import { createTestDatabase, sqlRows, startApp } from './helpers.js';
import { setupAccountSecurityApp } from './account-security-fixture.js';

describe('account security: password change, sessions, security events (ASVS L2)', () => {
  const { t, as } = setupAccountSecurityApp();

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

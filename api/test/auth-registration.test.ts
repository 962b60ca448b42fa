/**
 * Auth API registration: the drizzle schema against the migration, spec §8 messages, the name,
 * e-mail and password policy, password storage, enumeration-safe answers, the per-IP flood guard.
 * The auth tests: auth-login, auth-reset, auth-demo-mailbox; new-device codes and rate limits:
 * auth-device.test.ts; social login: auth-oauth.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as authSchema from '../src/domains/auth/tables.js';
import { apiPasswordProblem as passwordProblem } from '../src/domains/auth/crypto.js';
import { freshIp, lastMail, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { assertErrorBody, createTestDatabase, setupTestApp, sqlRows, startApp } from './helpers.js';

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

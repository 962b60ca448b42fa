/**
 * No account enumeration (docs/SECURITY.md V6) through timing on /auth/password/forgot and
 * /auth/register. Nothing here measures time: the tests prove that a known and an unknown
 * e-mail take the same code path — the same SQL statements in the same order, the same answer —
 * and that the mail is only queued on the request path (the outbox worker sends it later).
 * `pnpm --filter ./api run timing` measures the remaining difference and prints the figures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { activeAccount, freshIp, mails, uniqueUser } from './auth-helpers.js';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

describe('auth: same work for known and unknown accounts (docs/SECURITY.md V6)', () => {
  const t = setupTestApp();

  /** Sends one POST (without running the outbox) and records the SQL statements it ran. */
  async function traced(url: string, payload: object): Promise<{ res: LightMyRequestResponse; statements: string[] }> {
    const x = await xsrfPair(t.app);
    const statements: string[] = [];
    const off = t.handle.onQuery((q) => statements.push(q.replace(/\s+/g, ' ').trim()));
    try {
      const res = await t.app.inject({ method: 'POST', url, payload, cookies: x.cookies, headers: x.headers, remoteAddress: freshIp() });
      return { res, statements };
    } finally {
      off();
    }
  }

  const queued = async () => (await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM auth_mail_outbox'))[0]!.n;

  it('password reset: the same statements and answer for a known and an unknown e-mail; the mail is queued, not sent', async () => {
    const known = await activeAccount(t.app);
    await t.app.mailOutbox.drain();
    const before = mails(t.app).length;
    const a = await traced('/royal/auth/password/forgot', { email: known.email });
    const b = await traced('/royal/auth/password/forgot', { email: uniqueUser('nobody').email });
    assert.equal(a.res.statusCode, 200);
    assert.deepEqual(b.res.json(), a.res.json());
    assert.deepEqual(b.statements, a.statements, 'same SQL, same order');
    assert.ok(a.statements.some((q) => /insert into "auth_mail_outbox"/i.test(q)));
    assert.ok(!a.statements.some((q) => /"auth_accounts"|"auth_tokens"/.test(q)), 'no account lookup on the request path');

    assert.equal(mails(t.app).length, before, 'nothing sent during the request');
    assert.equal(await queued(), 2);
    await t.app.mailOutbox.drain();
    assert.equal(await queued(), 0);
    assert.equal(mails(t.app, known.email)[0]?.kind, 'passwordReset', 'the worker mailed the known account');
    assert.equal(mails(t.app).length, before + 1, 'and nobody else');
  });

  it('registration: the same statements and answer for a new and an already registered e-mail; the mail is queued, not sent', async () => {
    const owner = await activeAccount(t.app);
    await t.app.mailOutbox.drain();
    const before = mails(t.app).length;
    const fresh = uniqueUser('fresh');
    const twin = uniqueUser('twin');
    const a = await traced('/royal/auth/register', { ...fresh, terms: true });
    const b = await traced('/royal/auth/register', { ...twin, email: owner.email, terms: true });
    assert.equal(a.res.statusCode, 201, a.res.body);
    assert.equal(b.res.statusCode, 201, b.res.body);
    assert.deepEqual(b.statements, a.statements, 'same SQL, same order');
    assert.ok(a.statements.some((q) => /insert into "auth_accounts".*on conflict do nothing/i.test(q)));
    assert.ok(!a.statements.some((q) => /"auth_tokens"/.test(q)), 'no token made on the request path');

    assert.equal(mails(t.app).length, before, 'nothing sent during the request');
    await t.app.mailOutbox.drain();
    assert.equal(mails(t.app, fresh.email)[0]?.kind, 'activation');
    assert.equal(mails(t.app, owner.email)[0]?.kind, 'registerExisting');
    const [twinAccount] = await sqlRows(t.handle, 'SELECT id FROM auth_accounts WHERE nickname = $1', [twin.nickname]);
    assert.equal(twinAccount, undefined, 'no account for the known e-mail');
  });

  it('a job survives a worker that died: after its lease another worker sends it once', async () => {
    const a = await activeAccount(t.app);
    await t.app.mailOutbox.drain();
    const before = mails(t.app, a.email).length;
    await traced('/royal/auth/password/forgot', { email: a.email });
    // Claimed by a worker that then died (its lease ran out a second ago).
    await sqlRows(t.handle, "UPDATE auth_mail_outbox SET locked_until = now() - interval '1 second', attempts = 1");
    await t.app.mailOutbox.drain();
    await t.app.mailOutbox.drain();
    assert.equal(mails(t.app, a.email).length, before + 1);
    assert.equal(await queued(), 0);
  });
});

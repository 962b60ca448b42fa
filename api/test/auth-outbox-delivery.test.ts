/**
 * The mail outbox keeps a job until the mailer's transport has accepted its mail
 * (src/domains/auth/outbox.ts): a refused delivery is retried later, not dropped, so an
 * activation link is never lost to an SMTP server that is down or a process that dies mid-send.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { freshIp, mails, post, tokenOf, uniqueUser } from './auth-helpers.js';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

/** A port where nothing listens: a TCP server opened and closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail outbox: a job lives until its mail is handed over', () => {
  const previous = process.env.SMTP_URL;
  before(async () => {
    // Read when the app is built (setupTestApp's hook, after this one): an SMTP server that refuses connections.
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
  });
  const t = setupTestApp();
  after(() => {
    if (previous === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previous;
  });

  it('a registration whose activation mail the SMTP server refuses keeps its job, to be sent again later', async () => {
    const x = await xsrfPair(t.app);
    const u = uniqueUser('smtpdown');
    const res = await t.app.inject({
      method: 'POST',
      url: '/royal/auth/register',
      payload: { ...u, terms: true },
      cookies: x.cookies,
      headers: x.headers,
      remoteAddress: freshIp(),
    });
    assert.equal(res.statusCode, 201, res.body);
    await t.app.mailOutbox.drain();
    const jobs = await sqlRows<{ attempts: number; locked: boolean; later: boolean }>(
      t.handle,
      `SELECT attempts, locked_until IS NOT NULL AS locked, run_after > now() AS later FROM auth_mail_outbox
       WHERE job->>'kind' = 'register'`,
    );
    assert.deepEqual(jobs, [{ attempts: 1, locked: false, later: true }]);
  });
});

describe('mail outbox: a worker that dies after sending', () => {
  const t = setupTestApp();

  it('sends the mail again after the lease, as the same message (one Message-ID), whose link activates', async () => {
    const u = uniqueUser('diedsend');
    // The worker dies after the transport took the mail and before it deleted the job: here the
    // delete does nothing, which leaves the row claimed, as a killed process would.
    await sqlRows(t.handle, `CREATE RULE outbox_keep AS ON DELETE TO auth_mail_outbox DO INSTEAD NOTHING`);
    try {
      const res = await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      assert.equal(res.statusCode, 201, res.body);
    } finally {
      await sqlRows(t.handle, `DROP RULE outbox_keep ON auth_mail_outbox`);
    }
    assert.equal(mails(t.app, u.email).length, 1);
    // Not before its lease ends: the job is still another worker's.
    assert.equal(await t.app.mailOutbox.drain(), 0);
    await sqlRows(t.handle, `UPDATE auth_mail_outbox SET locked_until = now() - interval '1 second' WHERE job->>'email' = $1`, [u.email]);
    assert.equal(await t.app.mailOutbox.drain(), 1);

    const [second, first] = mails(t.app, u.email);
    assert.ok(first && second, 'the mail was sent again');
    assert.match(first.messageId ?? '', /^<outbox-\d+\.\d{20}@[^>]+>$/);
    assert.equal(second.messageId, first.messageId, 'the same Message-ID: the recipient sees one message');
    const left = await sqlRows(t.handle, `SELECT 1 FROM auth_mail_outbox WHERE job->>'email' = $1`, [u.email]);
    assert.equal(left.length, 0, 'the job is done');
    // The player opens the first one.
    const x = await xsrfPair(t.app);
    const act = await t.app.inject({
      method: 'POST',
      url: '/royal/auth/activate',
      payload: { token: tokenOf(first), fingerprint: 'fp-diedsend-1' },
      cookies: x.cookies,
      headers: x.headers,
      remoteAddress: freshIp(),
    });
    assert.equal(act.statusCode, 200, act.body);
  });

  it('gives every job its own Message-ID', async () => {
    const a = uniqueUser('msgida');
    const b = uniqueUser('msgidb');
    await post(t.app, '/royal/auth/register', { ...a, terms: true }, { ip: freshIp() });
    await post(t.app, '/royal/auth/register', { ...b, terms: true }, { ip: freshIp() });
    const [ma] = mails(t.app, a.email);
    const [mb] = mails(t.app, b.email);
    assert.ok(ma?.messageId && mb?.messageId);
    assert.notEqual(ma.messageId, mb.messageId);
  });
});

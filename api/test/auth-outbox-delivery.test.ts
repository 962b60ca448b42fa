/**
 * The mail outbox keeps a job until the mailer's transport has accepted its mail
 * (src/domains/auth/outbox.ts): a refused delivery is retried later, not dropped, so an
 * activation link is never lost to an SMTP server that is down or a process that dies mid-send.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { freshIp, uniqueUser } from './auth-helpers.js';
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

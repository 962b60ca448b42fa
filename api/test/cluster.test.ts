/**
 * Several API processes on one PostgreSQL database: two apps share the rate limits,
 * the login throttles, the dev mailbox and the read cache's invalidations, and the tickers run in
 * one of them only. Each app has its own pool, LISTEN connection and caches, as separate
 * processes would. Needs PostgreSQL (DATABASE_URL; `npm test` runs the suite on both engines).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSession } from '../src/domains/auth/sessions.js';
import { mailerFor } from '../src/domains/auth/mail.js';
import { activeAccount, post, uniqueUser, type CallOptions } from './auth-helpers.js';
import { createTestDatabase, sqlRows, startApp, usingPostgres, type TestApp, type TestDatabase } from './helpers.js';

const skip = usingPostgres ? false : 'needs PostgreSQL: run with DATABASE_URL (npm test does, on a server it starts)';

describe('two API processes on one PostgreSQL database', { skip }, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  before(async () => {
    database = await createTestDatabase({ seeded: true });
    a = await startApp(database, { config: { leaderRetryMs: 100 } });
    await a.app.ready();
    // The second process starts on the migrated, seeded database, as a replica does.
    b = await startApp(database, { config: { leaderRetryMs: 100 } });
    await b.app.ready();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.destroy();
  });

  it('the 6th failed login from one address is refused, whichever process answers', async () => {
    const account = await activeAccount(a.app, 'royal');
    const ip = '203.0.113.77';
    const attempt = (app: TestApp) =>
      post(app.app, '/royal/auth/login', { login: account.nickname, password: 'Wrong-Password-1!', fingerprint: 'device-one' }, { ip });
    for (let i = 0; i < 5; i++) {
      const res = await attempt(i % 2 === 0 ? a : b);
      assert.equal(res.statusCode, 401, `attempt ${i + 1}: ${res.body}`);
    }
    for (const app of [a, b]) {
      const res = await attempt(app);
      assert.equal(res.statusCode, 429, res.body);
      assert.equal((res.json() as { error: string }).error, 'TOO_MANY_ATTEMPTS');
    }
  });

  it('@fastify/rate-limit counts across processes (contact form: 5 a minute per address)', async () => {
    const o: CallOptions = { ip: '198.51.100.23' };
    const body = { name: 'Shared Limit', email: 'shared@example.org', message: 'Ten characters at least, surely.' };
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 === 0 ? a.app : b.app, '/royal/contact', body, o);
      assert.equal(res.statusCode, 201, `message ${i + 1}: ${res.body}`);
    }
    for (const app of [a, b]) {
      const res = await post(app.app, '/royal/contact', body, o);
      assert.equal(res.statusCode, 429, res.body);
    }
    // Another address is not affected.
    assert.equal((await post(b.app, '/royal/contact', body, { ip: '198.51.100.24' })).statusCode, 201);
  });

  it('the tickers run in exactly one process; when it stops, the other takes over', async () => {
    const leaders = () => [a, b].filter((x) => x.app.leadership?.isLeader).length;
    // Tests turn the demo tickers off, so start two more processes with them on.
    const c = await startApp(database, { config: { demoActivity: true, leaderRetryMs: 100 } });
    await c.app.ready();
    const d = await startApp(database, { config: { demoActivity: true, leaderRetryMs: 100 } });
    await d.app.ready();
    try {
      const deadline = Date.now() + 10_000;
      while ([c, d].filter((x) => x.app.leadership?.isLeader).length !== 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      assert.equal([c, d].filter((x) => x.app.leadership?.isLeader).length, 1, 'one leader');
      assert.equal(leaders(), 0, 'apps without jobs never lead');
      const [leader, follower] = c.app.leadership?.isLeader ? [c, d] : [d, c];
      await leader.close();
      while (!follower.app.leadership?.isLeader && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 50));
      assert.equal(follower.app.leadership?.isLeader, true, 'the other process took over');
      assert.equal(follower.app.leadership?.terms, 1);
    } finally {
      await c.close().catch(() => undefined);
      await d.close().catch(() => undefined);
    }
  });

  it('a write through one process is in the very next read through the other (cached before)', async () => {
    const [player] = await sqlRows<{ id: number }>(
      a.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ('royal', 'TwoProcWriter', 'PL', 80) RETURNING id`,
    );
    const [account] = await sqlRows<{ id: number }>(
      a.handle,
      `INSERT INTO auth_accounts (server, nickname, email, status, player_id, activated_at) VALUES ('royal', 'TwoProcWriter', 'twoproc@example.com', 'active', $1, now()) RETURNING id`,
      [player!.id],
    );
    const session = await createSession(a.app.db, account!.id, { method: 'password', ip: null, ttlS: 3600 });
    const o: CallOptions = { token: session.token, uid: session.uid };
    const [row] = await sqlRows<{ slug: string }>(
      a.handle,
      `SELECT slug FROM news_articles WHERE server = 'royal' AND published_at <= now() ORDER BY published_at DESC LIMIT 1`,
    );
    const read = async (app: TestApp) =>
      (await app.app.inject({ url: `/royal/news/${row!.slug}` })).json() as { comments: Array<{ id: number }> };
    await read(b); // cached in B
    for (let i = 0; i < 5; i++) {
      const res = await post(a.app, `/royal/news/${row!.slug}/comments`, { text: `Through process A, number ${i}.` }, o);
      assert.equal(res.statusCode, 201, res.body);
      const id = (res.json() as { comment: { id: number } }).comment.id;
      assert.equal((await read(b)).comments[0]!.id, id, `comment ${i} is in B's next read`);
    }
    assert.ok(b.app.readCache.stats.invalidations > 0);
  });

  it('the dev mailbox is shared: a mail sent by one process is listed by the other', async () => {
    const u = uniqueUser('mailbox');
    const reg = await post(a.app, '/royal/auth/register', { ...u, terms: true }, { ip: '192.0.2.10' });
    assert.equal(reg.statusCode, 201, reg.body);
    await mailerFor(a.app.apiConfig, a.app.log).idle(); // stored in the background of the request
    const res = await b.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(u.email)}` });
    assert.equal(res.statusCode, 200);
    const { messages } = res.json() as { messages: Array<{ kind: string; link: string | null }> };
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.kind, 'activation');
    assert.match(messages[0]!.link ?? '', /activation#token=/);
  });
});

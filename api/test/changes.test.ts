/**
 * `GET /changes` (src/domains/core/changes.routes.ts): the event stream page servers subscribe to,
 * so the HTML they keep is dropped when the content under it changes. It is internal: only the
 * page servers' credential gets a stream, subscribers are capped, one that does not read is
 * dropped, and writes that change nothing send nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connect, type AddressInfo } from 'node:net';
import { MAX_SUBSCRIBERS } from '../src/domains/core/changes.routes.js';
import { buildApp } from '../src/app.js';
import { createSession } from '../src/domains/auth/sessions.js';
import { setupTestApp, sqlRows, TEST_CONFIG } from './helpers.js';

/** The page servers' credential in these tests (CHANGES_TOKEN). */
const TOKEN = 'changes-test-token-0123456789abcdefghij';
const AUTH = { Authorization: `Bearer ${TOKEN}`, Accept: 'text/event-stream' };

/** Reads Server-Sent Events from a fetch body until `until` returns true or `timeoutMs` passes. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  until: (events: Array<{ event: string; data: string }>) => boolean,
  timeoutMs = 5000,
): Promise<Array<{ event: string; data: string }>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: string }> = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? '' });
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return events;
}

describe('GET /changes: the content change stream of the page servers', () => {
  const t = setupTestApp({ config: { changesToken: TOKEN } });
  let origin = '';
  const listening = async () => {
    if (!origin) {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    return origin;
  };

  it('says ready on connection, then names the topic of a write (a published news post → news)', async () => {
    const res = await fetch(`${await listening()}/changes`, { headers: AUTH });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const seen = readEvents(res.body!, (events) => events.some((e) => e.event === 'change'));
    // A write whoever makes it (here plain SQL): the table's trigger notifies the read cache.
    await new Promise((r) => setTimeout(r, 100));
    await sqlRows(t.handle, `UPDATE news_articles SET updated_at = now() WHERE id = (SELECT min(id) FROM news_articles)`);
    const events = await seen;
    assert.equal(events[0]?.event, 'ready');
    const change = events.find((e) => e.event === 'change');
    assert.ok(change, `no change event in ${JSON.stringify(events)}`);
    assert.deepEqual(JSON.parse(change.data), { topic: 'news' });
  });

  it('is not part of the OpenAPI document (a stream, not a request/answer route)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    assert.equal(doc.paths['/changes'], undefined);
  });

  it('without the credential, or with another one, a client gets 401 and no event stream', async () => {
    for (const headers of [
      { Accept: 'text/event-stream' },
      { Accept: 'text/event-stream', Authorization: 'Bearer not-the-token' },
      { Accept: 'text/event-stream', Authorization: TOKEN },
    ]) {
      const res = await fetch(`${await listening()}/changes`, { headers });
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.doesNotMatch(res.headers.get('content-type') ?? '', /event-stream/);
      assert.equal(((await res.json()) as { error: string }).error, 'UNAUTHORIZED');
    }
  });

  it(`subscribers are capped: with ${MAX_SUBSCRIBERS} streams open the next one gets 503`, async () => {
    const base = await listening();
    const streams = await Promise.all(Array.from({ length: MAX_SUBSCRIBERS }, () => fetch(`${base}/changes`, { headers: AUTH })));
    try {
      assert.ok(streams.every((r) => r.status === 200));
      const over = await fetch(`${base}/changes`, { headers: AUTH });
      assert.equal(over.status, 503);
      assert.equal(((await over.json()) as { error: string }).error, 'TOO_MANY_SUBSCRIBERS');
    } finally {
      await Promise.all(streams.map((r) => r.body?.cancel()));
    }
    // Closed streams free their places.
    const again = await waitFor(async () => {
      const r = await fetch(`${base}/changes`, { headers: AUTH });
      await r.body?.cancel();
      return r.status === 200;
    });
    assert.ok(again, 'a place is free again once the streams closed');
  });

  it('a subscriber that stops reading is dropped once 64 KiB wait unsent: the API does not buffer every event', async () => {
    const { port } = new URL(await listening());
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let received = 0;
    let headers = '';
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        headers += chunk.toString('latin1');
        if (headers.includes('event: ready')) resolve();
      });
      socket.write(`GET /changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    });
    assert.match(headers, /^HTTP\/1\.1 200/);
    socket.pause(); // a subscriber that never reads again
    try {
      // 200,000 events (about 8 MB): far more than the socket buffers hold.
      const events = 200_000;
      for (let i = 0; i < events; i += 10_000) {
        for (let j = 0; j < 10_000; j++) t.app.readCache.invalidate('news');
        await new Promise((r) => setImmediate(r));
      }
      socket.resume();
      await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
      assert.ok(socket.destroyed || socket.readableEnded, 'the API closed the stream');
      const eventBytes = '\nevent: change\ndata: {"topic":"news"}\n\n'.length;
      assert.ok(received < (events * eventBytes) / 2, `received ${received} bytes of ${events * eventBytes}`);
    } finally {
      socket.destroy();
    }
  });

  it('writes that change nothing send nothing: a refused repeat vote, the same prediction again, a no-op update', async () => {
    const seen: string[] = [];
    const stop = t.app.readCache.onChange((topic) => seen.push(topic));
    try {
      await sqlRows(t.handle, `UPDATE news_articles SET slug = slug WHERE id = (SELECT min(id) FROM news_articles)`);
      await sqlRows(t.handle, `UPDATE players SET ovr = ovr WHERE false`);
      // A repeat ballot: the insert of the refused vote (polls.ts castVote) changes no row.
      await sqlRows(
        t.handle,
        `INSERT INTO news_poll_ballots (poll_id, player_id) SELECT poll_id, player_id FROM news_poll_ballots LIMIT 1
         ON CONFLICT (poll_id, player_id) DO NOTHING`,
      );
      // The same prediction again (bets/predictions.ts savePrediction's upsert).
      await sqlRows(
        t.handle,
        `INSERT INTO bet_predictions (match_id, player_id, home_score, away_score)
         SELECT match_id, player_id, home_score, away_score FROM bet_predictions LIMIT 1
         ON CONFLICT (match_id, player_id) DO UPDATE SET home_score = excluded.home_score, away_score = excluded.away_score, updated_at = now()
         WHERE (bet_predictions.home_score, bet_predictions.away_score) IS DISTINCT FROM (excluded.home_score, excluded.away_score)`,
      );
      // A write that changes a row still notifies. Notifications reach the listener in commit
      // order (on PostgreSQL over its own connection, a moment after the write answered): once this
      // one is in, one sent by a write above would be in before it.
      await sqlRows(t.handle, `UPDATE players SET ovr = ovr + 1 WHERE id = (SELECT min(id) FROM players)`);
      const deadline = Date.now() + 5000;
      while (!seen.includes('leaderboard') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(seen, ['leaderboard']);
    } finally {
      stop();
    }
  });

  it('a revoked session is announced with its account id (`session` event)', async () => {
    const res = await fetch(`${await listening()}/changes`, { headers: AUTH });
    const seen = readEvents(res.body!, (events) => events.some((e) => e.event === 'session'));
    await new Promise((r) => setTimeout(r, 100));
    const [account] = await sqlRows<{ id: number }>(t.handle, `SELECT min(id) AS id FROM auth_accounts`);
    const live = await createSession(t.app.db, account!.id, { method: 'password', ip: null, ttlS: 3600 });
    await sqlRows(t.handle, `UPDATE auth_sessions SET revoked_at = now() WHERE id = (SELECT max(id) FROM auth_sessions)`);
    const session = (await seen).find((e) => e.event === 'session');
    assert.ok(session, 'a session event');
    assert.deepEqual(JSON.parse(session.data), { uid: live.uid });
  });

  it('without CHANGES_TOKEN the API has no change stream (404)', async () => {
    const other = await buildApp({ db: t.handle, config: TEST_CONFIG });
    try {
      const res = await other.inject({ method: 'GET', url: '/changes', headers: { Accept: 'text/event-stream' } });
      assert.equal(res.statusCode, 404);
    } finally {
      await other.close();
    }
  });
});

/** Polls `check` every 50 ms for up to 3 s; whether it came true. */
async function waitFor(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

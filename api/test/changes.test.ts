/**
 * `GET /changes` (src/domains/core/changes.routes.ts): the event stream page servers subscribe to,
 * so the HTML they keep for anonymous visitors is dropped when the content under it changes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { setupTestApp, sqlRows } from './helpers.js';

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
  const t = setupTestApp();

  it('says ready on connection, then names the topic of a write (a published news post → news)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/changes`, { headers: { Accept: 'text/event-stream' } });
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
});

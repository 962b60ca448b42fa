/**
 * `GET /changes`: the stream of content changes that page servers subscribe to (Server-Sent
 * Events, @fastify/sse). The shell's page servers keep server-rendered HTML of anonymous pages;
 * they drop what a change makes stale when this stream says so, instead of polling the API or
 * the database (docs/ARCHITECTURE.md "Page cache").
 *
 * Events:
 * - `ready` on every (re)connection, data `{}`: a subscriber may have missed changes while it was
 *   not connected, so it treats everything as changed;
 * - `change`, data `{ "topic": "core" | "leaderboard" | "news" | "bets" | "all" }`, after this API
 *   process has applied an invalidation of its read cache (src/lib/read-cache.ts; the triggers of
 *   every table NOTIFY it, whoever writes); `all` when anything may have changed;
 * - a comment every 15 s keeps proxies from closing an idle stream.
 * Not in the OpenAPI document: it is a server-to-server stream, not a request/answer route.
 */
import { fastifySSE } from '@fastify/sse';
import { defineRoutes } from '../../lib/domain-routes.js';

/** Seconds between heartbeat comments (a proxy's idle timeout is usually 60 s). */
const HEARTBEAT_MS = 15_000;

export default defineRoutes({
  async root(app) {
    await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
    // Streams never end by themselves: closing the API ends them (else close waits for the subscribers).
    const open = new Set<{ close(): void }>();
    app.addHook('preClose', async () => {
      for (const stream of open) stream.close();
    });
    app.get('/changes', { sse: 'only', schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.sse.keepAlive();
      const unsubscribe = app.readCache.onChange((topic) => {
        if (reply.sse.isConnected) void reply.sse.send({ event: 'change', data: { topic } }).catch(() => undefined);
      });
      open.add(reply.sse);
      reply.sse.onClose(() => {
        unsubscribe();
        open.delete(reply.sse);
      });
      await reply.sse.send({ event: 'ready', data: {} });
    });
  },
});

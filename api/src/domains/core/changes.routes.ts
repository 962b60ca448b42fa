/**
 * `GET /changes`: the stream of content changes that page servers subscribe to (Server-Sent
 * Events, @fastify/sse). The shell's page servers keep server-rendered HTML; they drop what a
 * change makes stale when this stream says so, instead of polling the API or the database
 * (docs/ARCHITECTURE.md "Page cache").
 *
 * Internal (docs/SECURITY.md "V4"): the route exists only when CHANGES_TOKEN is configured, and
 * answers only a request with `Authorization: Bearer <CHANGES_TOKEN>` (compared in constant
 * time; anything else is 401 with no stream). At most {@link MAX_SUBSCRIBERS} streams are open at
 * once (then 503), and a subscriber that does not read is dropped once more than
 * {@link MAX_UNSENT_BYTES} wait in its socket's buffer: the API never buffers without bound.
 *
 * Events:
 * - `ready` on every (re)connection, data `{}`: a subscriber may have missed changes while it was
 *   not connected, so it treats everything as changed;
 * - `change`, data `{ "topic": "core" | "leaderboard" | "news" | "bets" | "all" }`, after this API
 *   process has applied an invalidation of its read cache (src/lib/read-cache.ts; the triggers of
 *   every table NOTIFY it when a write changed a row, whoever writes); `all` when anything may
 *   have changed;
 * - `session`, data `{ "uid": "<account id>" }`, when a session of that account was revoked
 *   (logout, "log out everywhere", a password or e-mail change; migration 0152): a page server
 *   drops its cached check of that account's sessions;
 * - a comment every 15 s keeps proxies from closing an idle stream.
 * Not in the OpenAPI document: it is a server-to-server stream, not a request/answer route.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { fastifySSE } from '@fastify/sse';
import { defineRoutes } from '../../lib/domain-routes.js';
import { ApiError } from '../../lib/errors.js';

/** Milliseconds between heartbeat comments (a proxy's idle timeout is usually 60 s). */
const HEARTBEAT_MS = 15_000;
/** Streams open at once (page server workers: a few per replica). */
export const MAX_SUBSCRIBERS = 64;
/** Bytes a subscriber may leave unread in its socket's buffer before it is dropped (64 KiB ≈ 1,500 events). */
export const MAX_UNSENT_BYTES = 64 * 1024;

/** SHA-256 of a credential, so two of any length compare in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

export default defineRoutes({
  async root(app) {
    const token = app.apiConfig.changesToken;
    if (!token) {
      app.log.info('GET /changes is off (no CHANGES_TOKEN): page servers keep pages 5 s');
      return;
    }
    const expected = digest(`Bearer ${token}`);
    await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
    // Streams never end by themselves: closing the API ends them (else close waits for the subscribers).
    const open = new Set<{ close(): void }>();
    app.addHook('preClose', async () => {
      for (const stream of open) stream.close();
    });
    app.get(
      '/changes',
      {
        sse: 'only',
        schema: { hide: true },
        onRequest: async (request) => {
          const given = request.headers.authorization ?? '';
          if (!timingSafeEqual(digest(given), expected)) throw new ApiError(401, 'UNAUTHORIZED', 'This stream is for the page servers');
          if (open.size >= MAX_SUBSCRIBERS) throw new ApiError(503, 'TOO_MANY_SUBSCRIBERS', 'Too many change stream subscribers');
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.sse.keepAlive();
        const sse = reply.sse;
        /** Sends an event, or drops a subscriber that stopped reading (its unsent bytes past the bound). */
        const send = (event: string, data: object) => {
          if (!sse.isConnected) return;
          if (reply.raw.writableLength > MAX_UNSENT_BYTES) {
            request.log.warn({ unsent: reply.raw.writableLength }, 'change stream: dropping a subscriber that does not read');
            sse.close();
            reply.raw.destroy();
            return;
          }
          void sse.send({ event, data }).catch(() => undefined);
        };
        const stopChanges = app.readCache.onChange((topic) => send('change', { topic }));
        const stopSessions = app.readCache.onSessionRevoked((uid) => send('session', { uid }));
        open.add(sse);
        sse.onClose(() => {
          stopChanges();
          stopSessions();
          open.delete(sse);
        });
        await sse.send({ event: 'ready', data: {} });
      },
    );
  },
});

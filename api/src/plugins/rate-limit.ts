/**
 * @fastify/rate-limit (plugin `rate-limit`), not global: a route opts in with
 * `config: { rateLimit: { max, timeWindow } }` (the auth routes' flood guards, contact,
 * newsletter, comments, votes, telemetry), and src/domains/auth/current-user.ts `perPlayerLimit`
 * counts per player with the same plugin. On PostgreSQL the counters live in the database, so
 * every API process shares them (src/lib/rate-limit-store.ts); on PGlite (one process) in memory.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { databaseRateLimitStore } from '../lib/rate-limit-store.js';

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.dbHandle.kind === 'postgres' ? { store: databaseRateLimitStore(app.db) as unknown as FastifyRateLimitStoreCtor } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

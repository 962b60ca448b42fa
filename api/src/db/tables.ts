/**
 * Drizzle tables of the API's own machinery, used by src/lib/ and src/plugins/ (not by a domain):
 * the seed markers of src/db/seed.ts (migrations/0001_core_servers_settings.sql) and the
 * rate-limit counters (migrations/0004_core_cache_invalidation.sql).
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/** Marks a (domain, server) as seeded; `server` is `'*'` for domain-wide data. */
export const seedMarkers = pgTable(
  'seed_markers',
  {
    domain: text('domain').notNull(),
    server: text('server').notNull(),
    seededAt: instant('seeded_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.server] })],
);

/**
 * Counters of @fastify/rate-limit shared by every API process on PostgreSQL
 * (migrations/0004_core_cache_invalidation.sql; the columns rate-limiter-flexible's
 * RateLimiterDrizzle expects: `key`, `points`, `expire`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: instant('expire'),
});

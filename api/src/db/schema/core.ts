/**
 * Drizzle schema of the core domain. Mirrors migrations/0001_core_servers_settings.sql —
 * the SQL migration is the source of truth; keep both in step.
 */
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per game server (spec §1, §9). */
export const servers = pgTable('servers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  status: text('status').$type<'open' | 'new' | 'locked'>().notNull().default('open'),
  /** Short plain-text promo for the landing header; null = none. */
  landingHeaderCode: text('landing_header_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Key/value switches; `scope` is `'*'` (global) or a server code. */
export const settings = pgTable(
  'settings',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Marks a (domain, server) as seeded; `server` is `'*'` for domain-wide data. */
export const seedMarkers = pgTable(
  'seed_markers',
  {
    domain: text('domain').notNull(),
    server: text('server').notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.server] })],
);

/** Scope value meaning "all servers" in {@link settings}. */
export const GLOBAL_SCOPE = '*';

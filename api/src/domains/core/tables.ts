/** Drizzle tables of the core domain: servers, settings, landing texts. */
import { jsonb, pgTable, primaryKey, text, timestamp, type ReferenceConfig } from 'drizzle-orm/pg-core';
import type { LocaleCode, ServerStatus } from '@landing/domain';

/** One row per game server (spec §1, §9). */
export const servers = pgTable('servers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  status: text('status').$type<ServerStatus>().notNull().default('open'),
  /**
   * Short plain-text promo for the landing header, English; null = none. Last fallback of
   * `GET /:server/landing` after {@link landingHeaderTexts} (X-Lang, then `en`).
   */
  landingHeaderCode: text('landing_header_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The `server` column of a row that belongs to one game server: `server text NOT NULL REFERENCES
 * servers(code)`, with the given ON DELETE / ON UPDATE actions (none: the SQL default, NO ACTION).
 * A new builder per call, as drizzle binds a column builder to the one table it is declared in.
 */
export function serverColumn(actions?: ReferenceConfig['actions']) {
  return text('server')
    .notNull()
    .references(() => servers.code, actions);
}

/**
 * Landing header promo per (server, interface language) — spec §3 landingHeaderCode. `text` is
 * plain text; `lang` is one of the nine codes of `LANGS` (checked by the SQL).
 */
export const landingHeaderTexts = pgTable(
  'landing_header_texts',
  {
    server: serverColumn({ onDelete: 'cascade' }),
    lang: text('lang').$type<LocaleCode>().notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.server, t.lang] })],
);

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

/** Scope value meaning "all servers" in {@link settings}. */
export const GLOBAL_SCOPE = '*';

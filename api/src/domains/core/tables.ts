/** Drizzle tables of the core domain: servers, settings, landing texts. */
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ServerStatus } from '@landing/domain';
import { translationTable, updatedAt } from '../../db/columns.js';

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
  updatedAt: updatedAt(),
});

/** `server text NOT NULL REFERENCES servers(code)`: the game server a row belongs to. */
export const serverCode = () =>
  text('server')
    .notNull()
    .references(() => servers.code);

/**
 * Landing header promo per (server, interface language) — spec §3 landingHeaderCode. `text` is
 * plain text; `lang` is one of the nine codes of `LANGS` (checked by the SQL).
 */
export const landingHeaderTexts = translationTable('landing_header_texts', { server: text('server') }, () => servers.code, {
  text: text('text').notNull(),
  updatedAt: updatedAt(),
});

/** Key/value switches; `scope` is `'*'` (global) or a server code. */
export const settings = pgTable(
  'settings',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Scope value meaning "all servers" in {@link settings}. */
export const GLOBAL_SCOPE = '*';

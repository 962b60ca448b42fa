/**
 * Drizzle schema of the newsletter (founder pack / early access) domain. Mirrors
 * migrations/0401_newsletter_campaigns_signups.sql (the SQL is the source of truth).
 */
import { boolean, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { serverCode, servers } from '../core/tables.js';

/** Kind of sign-up offer: founder pack only, or early access (start date + energy prize) on top. */
export type CampaignKind = 'founder_pack' | 'early_access';

/** The sign-up offer of one server (spec §1: euro, energy, free keys; early access: start, energy). */
export const newsletterCampaigns = pgTable('newsletter_campaigns', {
  server: text('server')
    .primaryKey()
    .references(() => servers.code),
  kind: text('kind').$type<CampaignKind>().notNull(),
  rewardEuro: integer('reward_euro').notNull(),
  rewardEnergy: integer('reward_energy').notNull(),
  rewardFreeKeys: integer('reward_free_keys').notNull(),
  /** Set (and required) for `early_access`. */
  earlyAccessStartsAt: timestamp('early_access_starts_at', { withTimezone: true }),
  /** Energy prize of early access; set (and required) for `early_access`. */
  earlyAccessEnergy: integer('early_access_energy'),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One sign-up per (server, lower-cased e-mail). */
export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    server: serverCode(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** `lower(trim(email))`: the duplicate check. */
    emailNormalized: text('email_normalized').notNull(),
    kind: text('kind').$type<CampaignKind>().notNull(),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.server, t.emailNormalized)],
);

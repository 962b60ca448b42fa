/**
 * Drizzle schema of the contact domain. Mirrors migrations/0400_contact_messages.sql (the SQL
 * is the source of truth; keep both in step).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serverCode } from '../core/tables.js';

/** A message sent with the contact modal (spec §2) on one server. */
export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: serverCode(),
  /** 2..80 characters, trimmed. */
  name: text('name').notNull(),
  /** As typed (trimmed), at most 254 characters. */
  email: text('email').notNull(),
  /** 10..4000 characters, trimmed. */
  message: text('message').notNull(),
  /** Interface language of the sender (`X-Lang`). */
  lang: text('lang').notNull(),
  /** `X-Auth-Id` as sent by the browser (not verified); null for visitors. */
  claimedUserId: text('claimed_user_id'),
  status: text('status').$type<'new' | 'answered' | 'spam'>().notNull().default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

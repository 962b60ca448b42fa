/**
 * Drizzle schema of the auth domain. Mirrors migrations/0100_auth_accounts.sql (the SQL is the
 * source of truth; keep both in step).
 */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { servers } from './core.js';
import { players } from './leaderboard.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts, one per (server, nickname) and (server, e-mail). */
export const authAccounts = pgTable('auth_accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: text('server')
    .notNull()
    .references(() => servers.code),
  nickname: text('nickname').notNull(),
  /** Lower case; null for a social account without e-mail. */
  email: text('email'),
  /** argon2id PHC string; null for social-only accounts. */
  passwordHash: text('password_hash'),
  status: text('status').$type<'pending' | 'active' | 'disabled'>().notNull().default('pending'),
  playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
  lang: text('lang').notNull().default('en'),
  newsletter: boolean('newsletter').notNull().default(false),
  termsAcceptedAt: ts('terms_accepted_at'),
  registerParams: jsonb('register_params').$type<Record<string, string>>().notNull().default({}),
  partner: text('partner'),
  referrer: text('referrer'),
  createdAt: ts('created_at').notNull().defaultNow(),
  activatedAt: ts('activated_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Session tokens (hash only). */
export const authSessions = pgTable('auth_sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** How the session was obtained: password, device, activation, social:<provider>. */
  method: text('method').notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  lastUsedAt: ts('last_used_at'),
});

export type AuthTokenKind = 'activation' | 'password_reset' | 'email_change';

/** Single-use e-mail tokens (hash only). */
export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<AuthTokenKind>().notNull(),
  newEmail: text('new_email'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Trusted devices (hash of the FT-fingerprint cookie). */
export const authDevices = pgTable(
  'auth_devices',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => authAccounts.id, { onDelete: 'cascade' }),
    fingerprintHash: text('fingerprint_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.fingerprintHash] })],
);

/** New-device challenges with their e-mailed code (hashes only). */
export const authDeviceChallenges = pgTable('auth_device_challenges', {
  idHash: text('id_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  fingerprintHash: text('fingerprint_hash').notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  codeHash: text('code_hash'),
  codeExpiresAt: ts('code_expires_at'),
  codeSentAt: ts('code_sent_at'),
  sends: integer('sends').notNull().default(0),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  completedAt: ts('completed_at'),
});

/** Social identities: (server, provider, provider user id) → account. */
export const authOauthIdentities = pgTable(
  'auth_oauth_identities',
  {
    server: text('server')
      .notNull()
      .references(() => servers.code),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => authAccounts.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.server, t.provider, t.subject] })],
);

/** Started OAuth logins: `state` (hash), redirect URI and PKCE verifier. */
export const authOauthStates = pgTable('auth_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  server: text('server')
    .notNull()
    .references(() => servers.code),
  provider: text('provider').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Failed attempts counted by the auth rate limits. */
export const authFailures = pgTable('auth_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

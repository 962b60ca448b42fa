/**
 * Drizzle schema of the auth domain. Mirrors migrations/0100_auth_accounts.sql and later 01xx files (the SQL is the
 * source of truth; keep both in step).
 */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { serverColumn } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts, one per (server, nickname) and (server, e-mail). */
export const authAccounts = pgTable('auth_accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: serverColumn(),
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
  /** SHA-256 of the browser's XSRF secret at login (migration 0110); null = not bound. */
  xsrfSecretHash: text('xsrf_secret_hash'),
  /** The browser's User-Agent at login, at most 512 characters (migration 0151); null = unknown. */
  userAgent: text('user_agent'),
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
  /** A social identity waiting for this challenge's code to be linked to the account (migration 0150); null = a new-device challenge. */
  linkProvider: text('link_provider'),
  linkSubject: text('link_subject'),
  linkEmail: text('link_email'),
});

/** Social identities: (server, provider, provider user id) → account. */
export const authOauthIdentities = pgTable(
  'auth_oauth_identities',
  {
    server: serverColumn(),
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
  server: serverColumn(),
  provider: text('provider').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * Failed attempts of the auth rate limits as rows (migration 0100). No longer written: the counters
 * are rate-limiter-flexible's, in `rate_limits` (./throttle.ts); the table stays until a migration drops it.
 */
export const authFailures = pgTable('auth_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Codes mailed to the current address before a passwordless account changes its e-mail (migration 0110). */
export const authEmailChangeCodes = pgTable('auth_email_change_codes', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

/** Mail jobs waiting for the outbox worker (migration 0111, ./outbox.ts). */
export const authMailOutbox = pgTable('auth_mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  server: serverColumn(),
  lang: text('lang').notNull(),
  siteBase: text('site_base').notNull(),
  job: jsonb('job').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  runAfter: ts('run_after').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  attempts: integer('attempts').notNull().default(0),
});

/** Dev mailbox shared by every API process (migrations/0120_auth_dev_mailbox.sql; outside production). */
export const devMailbox = pgTable('dev_mailbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  fromAddress: text('from_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  kind: text('kind').notNull(),
  lang: text('lang').notNull(),
  server: text('server'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Kinds of {@link authSecurityEvents} (the CHECK of migration 0151). */
export type SecurityEventKind =
  'login' | 'login_failed' | 'lockout' | 'password_reset' | 'password_changed' | 'email_changed' | 'new_device' | 'sessions_revoked';

/** Security events of an account, shown to its owner (migrations/0151_auth_security_events_session_agent.sql). */
export const authSecurityEvents = pgTable('auth_security_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<SecurityEventKind>().notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

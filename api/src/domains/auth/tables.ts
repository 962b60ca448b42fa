/**
 * Drizzle schema of the auth domain. Mirrors migrations/0100_auth_accounts.sql and later 01xx files (the SQL is the
 * source of truth; keep both in step).
 */
import type { LocaleCode } from '@landing/domain';
import type { SecurityEventKind } from '@landing/domain/schemas/account';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigIdentityId, cascadeRef, createdAt, identityId, instant, updatedAt } from '../../db/columns.js';
import { serverCode } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

/** `account_id integer NOT NULL REFERENCES auth_accounts(id) ON DELETE CASCADE`. */
const accountId = () => cascadeRef(integer('account_id'), () => authAccounts.id);

/** Accounts, one per (server, nickname) and (server, e-mail). */
export const authAccounts = pgTable('auth_accounts', {
  id: identityId(),
  server: serverCode(),
  nickname: text('nickname').notNull(),
  /** Lower case; null for a social account without e-mail. */
  email: text('email'),
  /** argon2id PHC string; null for social-only accounts. */
  passwordHash: text('password_hash'),
  status: text('status').$type<'pending' | 'active' | 'disabled'>().notNull().default('pending'),
  playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
  lang: text('lang').notNull().default('en'),
  newsletter: boolean('newsletter').notNull().default(false),
  termsAcceptedAt: instant('terms_accepted_at'),
  registerParams: jsonb('register_params').$type<Record<string, string>>().notNull().default({}),
  partner: text('partner'),
  referrer: text('referrer'),
  createdAt: createdAt(),
  activatedAt: instant('activated_at'),
  updatedAt: updatedAt(),
});

/**
 * The columns of a grant made to one request, in this order: `ip text` (the requester's address;
 * null = unknown), `created_at timestamptz NOT NULL DEFAULT now()` and `expires_at timestamptz NOT
 * NULL` (when the grant lapses). Sessions and new-device challenges declare them.
 */
const issued = () => ({
  ip: text('ip'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
});

/** Session tokens (hash only). */
export const authSessions = pgTable('auth_sessions', {
  id: bigIdentityId(),
  accountId: accountId(),
  tokenHash: text('token_hash').notNull().unique(),
  /** How the session was obtained: password, device, activation, social:<provider>. */
  method: text('method').notNull(),
  ...issued(),
  revokedAt: instant('revoked_at'),
  lastUsedAt: instant('last_used_at'),
  /** SHA-256 of the browser's XSRF secret at login (migration 0110); null = not bound. */
  xsrfSecretHash: text('xsrf_secret_hash'),
  /** The browser's User-Agent at login, at most 512 characters (migration 0151); null = unknown. */
  userAgent: text('user_agent'),
});

export type AuthTokenKind = 'activation' | 'password_reset' | 'email_change';

/** Single-use e-mail tokens (hash only). */
export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: accountId(),
  kind: text('kind').$type<AuthTokenKind>().notNull(),
  newEmail: text('new_email'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/** Trusted devices (hash of the FT-fingerprint cookie). */
export const authDevices = pgTable(
  'auth_devices',
  {
    accountId: accountId(),
    fingerprintHash: text('fingerprint_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.fingerprintHash] })],
);

/** New-device challenges with their e-mailed code (hashes only). */
export const authDeviceChallenges = pgTable('auth_device_challenges', {
  idHash: text('id_hash').primaryKey(),
  accountId: accountId(),
  fingerprintHash: text('fingerprint_hash').notNull(),
  ...issued(),
  codeHash: text('code_hash'),
  codeExpiresAt: instant('code_expires_at'),
  codeSentAt: instant('code_sent_at'),
  sends: integer('sends').notNull().default(0),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  completedAt: instant('completed_at'),
  /** A social identity waiting for this challenge's code to be linked to the account (migration 0150); null = a new-device challenge. */
  linkProvider: text('link_provider'),
  linkSubject: text('link_subject'),
  linkEmail: text('link_email'),
});

/** Social identities: (server, provider, provider user id) → account. */
export const authOauthIdentities = pgTable(
  'auth_oauth_identities',
  {
    server: serverCode(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: accountId(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.server, t.provider, t.subject] })],
);

/** Started OAuth logins: `state` (hash), redirect URI and PKCE verifier. */
export const authOauthStates = pgTable('auth_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  server: serverCode(),
  provider: text('provider').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * Failed attempts of the auth rate limits as rows (migration 0100). No longer written: the counters
 * are rate-limiter-flexible's, in `rate_limits` (./throttle.ts); the table stays until a migration drops it.
 */
export const authFailures = pgTable('auth_failures', {
  id: bigIdentityId(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  createdAt: createdAt(),
});

/** Codes mailed to the current address before a passwordless account changes its e-mail (migration 0110). */
export const authEmailChangeCodes = pgTable('auth_email_change_codes', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => authAccounts.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  sentAt: instant('sent_at').notNull().defaultNow(),
  expiresAt: instant('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

/** Mail jobs waiting for the outbox worker (migration 0111, ./outbox.ts). */
export const authMailOutbox = pgTable('auth_mail_outbox', {
  id: bigIdentityId(),
  server: serverCode(),
  lang: text('lang').$type<LocaleCode>().notNull(),
  siteBase: text('site_base').notNull(),
  job: jsonb('job').notNull(),
  createdAt: createdAt(),
  runAfter: instant('run_after').notNull().defaultNow(),
  lockedUntil: instant('locked_until'),
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
  createdAt: createdAt(),
});

/** Kinds of {@link authSecurityEvents} (the CHECK of migration 0151): the `SECURITY_EVENT_KINDS` the account page shows. */
export type { SecurityEventKind };

/** Security events of an account, shown to its owner (migrations/0151_auth_security_events_session_agent.sql). */
export const authSecurityEvents = pgTable('auth_security_events', {
  id: bigIdentityId(),
  accountId: accountId(),
  kind: text('kind').$type<SecurityEventKind>().notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
  createdAt: createdAt(),
});

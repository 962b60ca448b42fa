/**
 * Requests and answers of the player's account security (the account page of mf-auth, API
 * `api/src/domains/auth/account.routes.ts`): changing the password while logged in, the list of
 * the player's sessions and ending them, the security event log.
 */
import { z } from 'zod';
import { dbId, IsoDate, wholeNumber } from './common.ts';
import { MessageAnswer } from './auth.ts';

// ---- requests -------------------------------------------------------------------------------

/** Body of `POST /{server}/auth/password/change`. Missing fields are answered 400 with the translated reason. */
export const PasswordChangeBody = z.object({
  currentPassword: z.string().max(1024).optional().describe('The current password (required)'),
  password: z.string().max(1024).optional().describe('The new password (the password policy of registration)'),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/**
 * Body of `POST /{server}/auth/sessions/revoke`: one session (`session`, an id of
 * `GET /auth/sessions`) or, without it, every session of the account including this one ("log out
 * everywhere"). `password` re-authenticates (accounts with a password).
 */
export const RevokeSessionsBody = z.object({
  session: dbId().optional().describe('Id of the session to end; omitted = every session of the account, this one included'),
  password: z.string().max(1024).optional().describe('The current password (accounts with a password)'),
});
export type RevokeSessionsBody = z.infer<typeof RevokeSessionsBody>;

/** `?limit=` of `GET /{server}/auth/security-events` (1..100, default 50). */
export const SecurityEventsQuery = z.object({ limit: wholeNumber(1, 100, 50) });

// ---- answers --------------------------------------------------------------------------------

/** Kinds of security event the player sees (the API's `auth_security_events.kind`). */
export const SECURITY_EVENT_KINDS = [
  'login',
  'login_failed',
  'lockout',
  'password_reset',
  'password_changed',
  'email_changed',
  'new_device',
  'sessions_revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** The browser of a session or event, read from its User-Agent (null fields when unknown). */
export const ClientInfo = z.object({
  ip: z.string().nullable().describe('Client address as the API saw it'),
  browser: z.string().nullable().describe('Browser name, e.g. Chrome'),
  os: z.string().nullable().describe('Operating system, e.g. Windows'),
  device: z.enum(['desktop', 'mobile', 'tablet']).nullable().describe('Kind of device'),
});
export type ClientInfo = z.infer<typeof ClientInfo>;

/** One live session of the logged-in player. */
export const AccountSession = ClientInfo.extend({
  id: z.number().int().describe('Session id (send it to /auth/sessions/revoke)'),
  current: z.boolean().describe('The session of this request'),
  method: z.string().describe('How it started: password, device, activation, social:<provider>'),
  createdAt: IsoDate,
  lastUsedAt: IsoDate,
}).meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSession>;

/**
 * Answer of `GET /{server}/auth/sessions`: the live sessions, this one first, then by last use,
 * and how the player authenticates again to end them (`password`, or `social`: a fresh social login).
 */
export const SessionsAnswer = z.object({
  sessions: z.array(AccountSession),
  reauth: z.enum(['password', 'social']).describe('`password`: send it to end sessions; `social`: the account has no password'),
});
export type SessionsAnswer = z.infer<typeof SessionsAnswer>;

/** Answer of `POST /{server}/auth/sessions/revoke`. */
export const RevokeSessionsAnswer = MessageAnswer.extend({
  revoked: z.number().int().describe('Sessions ended'),
  current: z.boolean().describe('The session of this request was one of them (the client logs out)'),
});
export type RevokeSessionsAnswer = z.infer<typeof RevokeSessionsAnswer>;

/** One security event of the player's account. */
export const SecurityEvent = ClientInfo.extend({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  createdAt: IsoDate,
  detail: z
    .object({
      method: z.string().optional().describe('login: how (password, device, activation, social:<provider>)'),
      count: z.number().int().optional().describe('sessions_revoked: how many ended'),
      email: z.string().optional().describe('email_changed: the new address, masked'),
      scope: z.string().optional().describe('lockout: `ip` (this address) or `account` (untrusted devices)'),
    })
    .describe('What the player needs to recognise the event'),
}).meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof SecurityEvent>;

/** Answer of `GET /{server}/auth/security-events`: newest first, the last 180 days at most. */
export const SecurityEventsAnswer = z.object({ events: z.array(SecurityEvent) });
export type SecurityEventsAnswer = z.infer<typeof SecurityEventsAnswer>;

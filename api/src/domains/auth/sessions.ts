/**
 * Sessions and the account behind them, for the auth routes. Other domains ask
 * ./current-user.ts (`currentUser` / `requireUser`: the player behind a request), which reads
 * the session through {@link sessionUser}:
 *
 * ```ts
 * import { requireSessionUser, sessionUser } from './sessions.js';
 * const user = await requireSessionUser(app.db, request.ctx);   // 401 when not logged in
 * ```
 *
 * A session is a random 256-bit token (only its SHA-256 is stored) plus the account id, sent by
 * the client as `X-Auth-Token` / `X-Auth-Id` (spec §7). It belongs to one server's account and
 * ends after `sessionTtlS` (86400 s, like the auth cookies of spec §9) or after
 * {@link SESSION_IDLE_TIMEOUT_S} without a request (docs/SECURITY.md V7), whichever comes first.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authAccounts, authSessions } from './tables.js';
import { players } from '../leaderboard/tables.js';
import type { ServerCode } from '@landing/domain';
import type { LoginAnswer, User } from '@landing/domain/schemas/auth';
import { randomToken, sameDigest, sha256 } from './crypto.js';
import { recordSecurityEvent } from './events.js';
import { authError } from './messages.js';
import { NEW_PLAYER_OVR } from './service.js';
import type { RequestContext } from '../../lib/request-context.js';

/**
 * Inactivity timeout of a session: 30 minutes (1800 s) without an authenticated request. The
 * value of NIST SP 800-63B for AAL2 (ASVS L2): the landing only holds low-stakes actions
 * (comments, votes, predictions), but a session can change the account's e-mail, i.e. take the
 * account over. A player reading the site keeps the session alive (every authenticated request
 * counts; `last_used_at` is written at most once a minute, so the timeout is exact to ±60 s);
 * the 24 h absolute limit still applies.
 */
export const SESSION_IDLE_TIMEOUT_S = 30 * 60;

/** How recent a social login must be to stand in for a password (e-mail change without one). */
export const REAUTH_WINDOW_S = 10 * 60;

/** Reads the user of an account (spec §3 User, the domain's `User`: with the footballer's OVR); null when the account does not exist. */
async function userOf(db: Db, accountId: number): Promise<User | null> {
  const [row] = await db
    .select({
      id: authAccounts.id,
      nickname: authAccounts.nickname,
      email: authAccounts.email,
      server: authAccounts.server,
      ovr: players.ovr,
    })
    .from(authAccounts)
    .leftJoin(players, eq(players.id, authAccounts.playerId))
    .where(eq(authAccounts.id, accountId));
  if (!row) return null;
  return { id: String(row.id), nickname: row.nickname, email: row.email, ovr: row.ovr ?? NEW_PLAYER_OVR, server: row.server as ServerCode };
}

/**
 * Starts a new session for an account (a new token on every login) and records the login in the
 * account's security events (events.ts). With `xsrfSecret` (the browser's XSRF secret cookie)
 * the session only accepts mutating requests from that browser; `userAgent` (events.ts
 * `userAgentOf`) lets the session list name the browser.
 */
export async function createSession(
  db: Db,
  accountId: number,
  options: { method: string; ip: string | null; ttlS: number; xsrfSecret?: string | undefined; userAgent?: string | null },
): Promise<LoginAnswer> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + options.ttlS * 1000);
  await db.insert(authSessions).values({
    accountId,
    tokenHash: sha256(token),
    method: options.method,
    ip: options.ip,
    expiresAt,
    lastUsedAt: new Date(),
    // The session is bound to the browser's XSRF session (src/lib/xsrf.ts).
    xsrfSecretHash: options.xsrfSecret ? sha256(options.xsrfSecret) : null,
    userAgent: options.userAgent ?? null,
  });
  await recordSecurityEvent(db, accountId, 'login', { ip: options.ip, userAgent: options.userAgent ?? null }, { method: options.method });
  const user = await userOf(db, accountId);
  if (!user) throw new Error(`account ${accountId} vanished`);
  return { token, uid: user.id, expiresAt: expiresAt.toISOString(), user };
}

/**
 * The user of the request's `X-Auth-Token` / `X-Auth-Id` on the request's server, or null when
 * absent, unknown, revoked, expired (24 h), idle too long ({@link SESSION_IDLE_TIMEOUT_S}), of
 * another account or of another server.
 */
export async function sessionUser(db: Db, ctx: Pick<RequestContext, 'authToken' | 'authId' | 'server'>): Promise<User | null> {
  const session = await sessionOf(db, ctx);
  return session ? userOf(db, session.accountId) : null;
}

/** A live session of the request: id, account, how it was obtained (`password`, `social:google`, …) and when. */
export interface SessionRow {
  id: number;
  accountId: number;
  method: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The live session of the request's `X-Auth-Token` / `X-Auth-Id` (see {@link sessionUser}), or null; notes its use. */
export async function sessionOf(db: Db, ctx: Pick<RequestContext, 'authToken' | 'authId' | 'server'>): Promise<SessionRow | null> {
  if (!ctx.authToken || !ctx.authId || !/^\d{1,10}$/.test(ctx.authId) || !ctx.server) return null;
  const [row] = await db
    .select({
      id: authSessions.id,
      accountId: authSessions.accountId,
      method: authSessions.method,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
    })
    .from(authSessions)
    .innerJoin(authAccounts, eq(authAccounts.id, authSessions.accountId))
    .where(
      and(
        eq(authSessions.tokenHash, sha256(ctx.authToken)),
        eq(authSessions.accountId, Number(ctx.authId)),
        eq(authAccounts.server, ctx.server),
        eq(authAccounts.status, 'active'),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        sql`coalesce(${authSessions.lastUsedAt}, ${authSessions.createdAt}) > now() - make_interval(secs => ${SESSION_IDLE_TIMEOUT_S})`,
      ),
    );
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - new Date(row.lastUsedAt).getTime() > 60_000) {
    await db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, row.id));
  }
  return row;
}

/**
 * The logged-in user, or 401: `UNAUTHORIZED` without credentials, `SESSION_EXPIRED` with
 * credentials that are not (or no longer) valid. The shared client logs out on 401 (spec §8).
 */
export async function requireSessionUser(db: Db, ctx: RequestContext): Promise<User> {
  const user = await sessionUser(db, ctx);
  if (user) return user;
  throw authError(401, ctx.lang, ctx.authToken ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
}

/** Revokes the request's session (logout). Returns whether a session was revoked. */
export async function revokeSession(db: Db, ctx: RequestContext): Promise<boolean> {
  const session = await sessionOf(db, ctx);
  if (!session) return false;
  await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, session.id));
  return true;
}

/**
 * Whether a mutating request may use its session: true without a live session (the route
 * decides what a visitor may do), for a session not bound to an XSRF secret, or when the
 * request's XSRF secret cookie is the one the session was started with.
 */
export async function sessionAcceptsXsrfSecret(
  db: Db,
  ctx: Pick<RequestContext, 'authToken' | 'authId'>,
  xsrfSecret: string | undefined,
): Promise<boolean> {
  if (!ctx.authToken || !ctx.authId) return true;
  const [row] = await db
    .select({ hash: authSessions.xsrfSecretHash })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.tokenHash, sha256(ctx.authToken)),
        eq(authSessions.accountId, Number(ctx.authId)),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    );
  if (!row?.hash) return true;
  return !!xsrfSecret && sameDigest(row.hash, sha256(xsrfSecret));
}

/**
 * Revokes every session of an account except `keepSessionId` (the one that made the change, if
 * any): after an e-mail change.
 */
export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number | null): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authSessions.accountId, accountId),
        isNull(authSessions.revokedAt),
        keepSessionId === null ? undefined : ne(authSessions.id, keepSessionId),
      ),
    );
}

/** Revokes every session of an account (after a password reset). */
export async function revokeAllSessions(db: Db, accountId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)));
}

/**
 * Accounts, trusted devices, e-mailed tokens and new-device challenges of the auth domain: the
 * queries behind the auth routes (sessions are in ./sessions.ts).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authAccounts, authDevices, authTokens, type AuthTokenKind } from './tables.js';
import { players } from '../leaderboard/tables.js';
import type { ServerCode, LocaleCode } from '@landing/domain';
import { randomToken, sha256 } from './crypto.js';

/** OVR of a new footballer, and of an account whose footballer is gone. */
export const NEW_PLAYER_OVR = 40;

/**
 * How long a device stays trusted after the proof that made it so (an e-mailed code or link):
 * 90 days, however often it is used; then its next login asks for a code again.
 */
export const TRUSTED_DEVICE_TTL_DAYS = 90;

/**
 * Marks a device (its FT-fingerprint) as trusted for an account, for {@link TRUSTED_DEVICE_TTL_DAYS}
 * from now (a device trusted before starts its 90 days again: it has just proved itself).
 */
export async function trustDevice(db: Db, accountId: number, fingerprint: string): Promise<void> {
  const now = new Date();
  await db
    .insert(authDevices)
    .values({ accountId, fingerprintHash: sha256(fingerprint), createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [authDevices.accountId, authDevices.fingerprintHash], set: { createdAt: now, lastUsedAt: now } });
}

/** Whether a device is trusted for an account: trusted less than {@link TRUSTED_DEVICE_TTL_DAYS} ago (notes its use). */
export async function isTrustedDevice(db: Db, accountId: number, fingerprint: string | undefined): Promise<boolean> {
  if (!fingerprint) return false;
  const rows = await db
    .update(authDevices)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(authDevices.accountId, accountId),
        eq(authDevices.fingerprintHash, sha256(fingerprint)),
        gt(authDevices.createdAt, sql`now() - make_interval(days => ${TRUSTED_DEVICE_TTL_DAYS})`),
      ),
    )
    .returning({ a: authDevices.accountId });
  return rows.length > 0;
}

/** Forgets every trusted device of an account (after a password reset and an e-mail change): each asks for a code again. */
export async function forgetTrustedDevices(db: Db, accountId: number): Promise<void> {
  await db.delete(authDevices).where(eq(authDevices.accountId, accountId));
}

/** Issues a single-use e-mail token; returns the token (only its hash is stored). */
export async function issueToken(db: Db, accountId: number, kind: AuthTokenKind, ttlS: number, newEmail?: string): Promise<string> {
  const token = randomToken(32);
  await db
    .insert(authTokens)
    .values({ tokenHash: sha256(token), accountId, kind, newEmail: newEmail ?? null, expiresAt: new Date(Date.now() + ttlS * 1000) });
  return token;
}

/** The conditions on `auth_tokens` of a token of `kind` that is known, unused and not expired. */
function usableToken(token: string, kind: AuthTokenKind) {
  return [
    eq(authTokens.tokenHash, sha256(token)),
    eq(authTokens.kind, kind),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  ];
}

/**
 * Consumes a single-use e-mail token of `kind`: marks it used and returns its row, or null when
 * it is unknown, of another kind, already used, expired, or of another server's account.
 * The update is atomic, so two concurrent uses cannot both succeed.
 */
export async function consumeToken(db: Db, token: string, kind: AuthTokenKind, server: ServerCode) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(...usableToken(token, kind), sql`${authTokens.accountId} IN (SELECT id FROM auth_accounts WHERE server = ${server})`))
    .returning();
  return row ?? null;
}

/** Whether a token of `kind` is currently usable (does not consume it). */
export async function tokenUsable(db: Db, token: string, kind: AuthTokenKind, server: ServerCode): Promise<boolean> {
  const rows = await db
    .select({ a: authTokens.accountId })
    .from(authTokens)
    .innerJoin(authAccounts, eq(authAccounts.id, authTokens.accountId))
    .where(and(...usableToken(token, kind), eq(authAccounts.server, server)));
  return rows.length > 0;
}

/** Country of a new footballer from the interface language (players.country is required). */
const LANG_COUNTRY: Record<LocaleCode, string> = {
  ru: 'RU',
  pl: 'PL',
  en: 'GB',
  br: 'BR',
  es: 'ES',
  it: 'IT',
  de: 'DE',
  fr: 'FR',
  tr: 'TR',
};

/**
 * Activates an account: status `active`, and the footballer of spec §3 (OVR {@link NEW_PLAYER_OVR})
 * in `players` so it counts in the server's stats. Idempotent.
 */
export async function activateAccount(db: Db, accountId: number): Promise<void> {
  const [acc] = await db.select().from(authAccounts).where(eq(authAccounts.id, accountId));
  if (!acc) return;
  let playerId = acc.playerId;
  if (!playerId) {
    const [p] = await db
      .insert(players)
      .values({
        server: acc.server,
        nickname: acc.nickname,
        country: LANG_COUNTRY[acc.lang as LocaleCode] ?? 'GB',
        ovr: NEW_PLAYER_OVR,
        lastSeenAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: players.id });
    playerId = p?.id ?? null;
  }
  await db
    .update(authAccounts)
    .set({
      status: acc.status === 'pending' ? 'active' : acc.status,
      activatedAt: acc.activatedAt ?? new Date(),
      playerId,
      updatedAt: new Date(),
    })
    .where(eq(authAccounts.id, accountId));
}

/** Whether a player name is used on a server (an account or a leaderboard player, any case). */
export async function nicknameTaken(db: Db, server: ServerCode, nickname: string): Promise<boolean> {
  const rows = await db.execute<{ x: number }>(sql`
    SELECT 1 AS x FROM ${authAccounts} WHERE ${authAccounts.server} = ${server} AND lower(${authAccounts.nickname}) = lower(${nickname})
    UNION ALL
    SELECT 1 AS x FROM ${players} WHERE ${players.server} = ${server} AND lower(${players.nickname}) = lower(${nickname})
    LIMIT 1`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return list.length > 0;
}

/** Finds the account a login name (nickname or e-mail) refers to on a server. */
export async function findByLogin(db: Db, server: ServerCode, login: string) {
  const byEmail = login.includes('@');
  const [acc] = await db
    .select()
    .from(authAccounts)
    .where(
      and(
        eq(authAccounts.server, server),
        byEmail ? eq(authAccounts.email, login.toLowerCase()) : sql`lower(${authAccounts.nickname}) = lower(${login})`,
      ),
    );
  return acc ?? null;
}

/** The account row of `accountId`, or null. */
export async function accountById(db: Db, accountId: number) {
  const [acc] = await db.select().from(authAccounts).where(eq(authAccounts.id, accountId));
  return acc ?? null;
}

/** Name and e-mail of the account an e-mailed token belongs to (used or not), or null. */
export async function tokenOwner(db: Db, token: string): Promise<{ nickname: string; email: string | null } | null> {
  const [row] = await db
    .select({ nickname: authAccounts.nickname, email: authAccounts.email })
    .from(authAccounts)
    .innerJoin(authTokens, eq(authTokens.accountId, authAccounts.id))
    .where(eq(authTokens.tokenHash, sha256(token)));
  return row ?? null;
}

/** Sets an account's password (argon2id hash) and retires its other unused reset links. */
export async function setPassword(db: Db, accountId: number, passwordHash: string): Promise<void> {
  await db.update(authAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(authAccounts.id, accountId));
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.kind, 'password_reset'), isNull(authTokens.usedAt)));
}

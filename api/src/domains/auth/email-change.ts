/**
 * E-mail change (docs/SECURITY.md V6): the code that proves control of the current address for an
 * account without a password, and the change itself once the new address's link is used.
 */
import { and, eq } from 'drizzle-orm';
import type { ServerCode } from '@landing/domain';
import type { Db } from '../../db/client.js';
import { authAccounts, authEmailChangeCodes } from './tables.js';

/** The account's pending e-mail-change code (its new address and when it was sent), or null. */
export async function pendingEmailCode(db: Db, accountId: number) {
  const [pending] = await db.select().from(authEmailChangeCodes).where(eq(authEmailChangeCodes.accountId, accountId));
  return pending ?? null;
}

/**
 * Starts (or restarts) the account's e-mail-change code for `newEmail`, valid `ttlS` seconds: the
 * outbox worker makes the code (its hash replaces the empty one) and mails it.
 */
export async function startEmailCode(db: Db, accountId: number, newEmail: string, ttlS: number): Promise<void> {
  const row = { newEmail, codeHash: '', sentAt: new Date(), expiresAt: new Date(Date.now() + ttlS * 1000), failedAttempts: 0 };
  await db
    .insert(authEmailChangeCodes)
    .values({ accountId, ...row })
    .onConflictDoUpdate({ target: authEmailChangeCodes.accountId, set: row });
}

/** Whether an account of `server` has the address `email`. */
export async function emailTaken(db: Db, server: ServerCode, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.server, server), eq(authAccounts.email, email)));
  return !!taken;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Gives the account its new address.
 * @returns the address and name before the change, or null when another account took the
 *   address meanwhile (nothing changed)
 */
export async function changeEmail(
  db: Db,
  accountId: number,
  newEmail: string,
): Promise<{ before: { email: string | null; nickname: string } | undefined } | null> {
  const [before] = await db
    .select({ email: authAccounts.email, nickname: authAccounts.nickname })
    .from(authAccounts)
    .where(eq(authAccounts.id, accountId));
  try {
    await db.update(authAccounts).set({ email: newEmail, updatedAt: new Date() }).where(eq(authAccounts.id, accountId));
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return { before };
}

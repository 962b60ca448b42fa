/**
 * Attempts at e-mailed codes (new-device codes, e-mail change codes), taken atomically BEFORE
 * the code is compared: one `UPDATE … SET failed_attempts = failed_attempts + 1 WHERE … AND
 * failed_attempts < max RETURNING …` per attempt, so however many guesses arrive at once, at most
 * `max` of them are compared with the code (docs/SECURITY.md "V6"). A right code uses its attempt
 * too; the challenge or code is then spent.
 *
 * Across challenges, wrong codes are also limited per account and per IP by counters reserved
 * before the comparison (throttle.ts `reserveAttempts`).
 */
import { and, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sameDigest } from './crypto.js';
import { authDeviceChallenges, authEmailChangeCodes } from './tables.js';

/**
 * The comparison of a submitted code's hash with the stored one (constant time). One object, so a
 * test can count the comparisons (`mock.method(codeCheck, 'matches')`).
 */
export const codeCheck = {
  /** Whether `computed` (hex digest of the submitted code) equals `stored` (null or empty = no code yet: false). */
  matches(stored: string | null | undefined, computed: string): boolean {
    return !!stored && sameDigest(stored, computed);
  },
};

/** The tables of codes taken by attempts: each row has an expiry and a count of wrong codes. */
type AttemptTable = typeof authDeviceChallenges | typeof authEmailChangeCodes;

/**
 * Takes one attempt at the row of `table` that `match` selects, if it is not expired (database
 * clock) and has fewer than `maxAttempts` attempts taken: the row with the attempt counted, or null.
 */
async function takeAttempt<T extends AttemptTable>(
  db: Db,
  table: T,
  match: SQL | undefined,
  maxAttempts: number,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .update(table as AttemptTable)
    .set({ failedAttempts: sql`${table.failedAttempts} + 1` })
    .where(and(match, gt(table.expiresAt, sql`now()`), lt(table.failedAttempts, maxAttempts)))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** A device challenge row after its attempt was taken. */
export type ChallengeRow = typeof authDeviceChallenges.$inferSelect;

/**
 * Takes one attempt of a live device challenge (not completed, not expired, fewer than
 * `maxAttempts` taken): returns the challenge with the attempt counted, or null when there is
 * none left (or no such challenge for this device).
 */
export function takeChallengeAttempt(db: Db, idHash: string, fingerprintHash: string, maxAttempts: number): Promise<ChallengeRow | null> {
  const match = and(
    eq(authDeviceChallenges.idHash, idHash),
    eq(authDeviceChallenges.fingerprintHash, fingerprintHash),
    isNull(authDeviceChallenges.completedAt),
  );
  return takeAttempt(db, authDeviceChallenges, match, maxAttempts);
}

/** A pending e-mail change code row after its attempt was taken. */
export type EmailCodeRow = typeof authEmailChangeCodes.$inferSelect;

/**
 * Takes one attempt at the account's pending e-mail change code (mailed, not expired, fewer than
 * `maxAttempts` taken): returns the row with the attempt counted, or null.
 */
export function takeEmailCodeAttempt(db: Db, accountId: number, maxAttempts: number): Promise<EmailCodeRow | null> {
  const match = and(eq(authEmailChangeCodes.accountId, accountId), ne(authEmailChangeCodes.codeHash, ''));
  return takeAttempt(db, authEmailChangeCodes, match, maxAttempts);
}

/** Whether the account's pending e-mail change code has used up its attempts (the answer is then 429 CODE_TOO_MANY). */
export async function emailCodeExhausted(db: Db, accountId: number, maxAttempts: number): Promise<boolean> {
  const [row] = await db
    .select({ failed: authEmailChangeCodes.failedAttempts })
    .from(authEmailChangeCodes)
    .where(eq(authEmailChangeCodes.accountId, accountId));
  return !!row && row.failed >= maxAttempts;
}

/** Spends the e-mail change code `codeHash` of the account (single use): true for the one request that deletes it. */
export async function spendEmailCode(db: Db, accountId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(authEmailChangeCodes)
    .where(and(eq(authEmailChangeCodes.accountId, accountId), eq(authEmailChangeCodes.codeHash, codeHash)))
    .returning({ a: authEmailChangeCodes.accountId });
  return rows.length > 0;
}

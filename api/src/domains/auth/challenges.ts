/**
 * New-device challenges (docs/SECURITY.md V6): a login from an untrusted device starts one; the
 * 6-digit code e-mailed for it (./outbox.ts makes it) completes it once. The attempts on a
 * challenge are taken in ./attempts.ts.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from './crypto.js';
import { authDeviceChallenges } from './tables.js';

/**
 * The login attempt of an untrusted device: the pending challenge of this (account, device) gets a
 * fresh id (so a code already e-mailed for it stays valid: "I already have the code"), or a new
 * challenge starts.
 */
export async function startChallenge(
  db: Db,
  accountId: number,
  fingerprint: string,
  ip: string,
  ttlS: number,
  maxAttempts: number,
): Promise<string> {
  const id = randomToken(24);
  const fpHash = sha256(fingerprint);
  const [pending] = await db
    .select({ idHash: authDeviceChallenges.idHash })
    .from(authDeviceChallenges)
    .where(
      and(
        eq(authDeviceChallenges.accountId, accountId),
        eq(authDeviceChallenges.fingerprintHash, fpHash),
        isNull(authDeviceChallenges.completedAt),
        gt(authDeviceChallenges.expiresAt, sql`now()`),
        sql`${authDeviceChallenges.failedAttempts} < ${maxAttempts}`,
        // Not a social-link challenge (social-link.ts): a password login never completes a link.
        isNull(authDeviceChallenges.linkProvider),
      ),
    )
    .orderBy(desc(authDeviceChallenges.createdAt))
    .limit(1);
  if (pending) {
    await db
      .update(authDeviceChallenges)
      .set({ idHash: sha256(id), ip })
      .where(eq(authDeviceChallenges.idHash, pending.idHash));
  } else {
    await db
      .insert(authDeviceChallenges)
      .values({ idHash: sha256(id), accountId, fingerprintHash: fpHash, ip, expiresAt: new Date(Date.now() + ttlS * 1000) });
  }
  return id;
}

/**
 * The live challenge of id `id`: not completed, not expired, with fewer than `maxAttempts` wrong
 * codes; null otherwise.
 */
export async function liveChallenge(db: Db, id: string, maxAttempts: number) {
  const [c] = await db
    .select()
    .from(authDeviceChallenges)
    .where(
      and(
        eq(authDeviceChallenges.idHash, sha256(id)),
        isNull(authDeviceChallenges.completedAt),
        gt(authDeviceChallenges.expiresAt, sql`now()`),
        sql`${authDeviceChallenges.failedAttempts} < ${maxAttempts}`,
      ),
    );
  return c ?? null;
}

/** Notes that a code was (re)sent for a challenge: `sends` is the new number of sends. */
export async function markCodeSent(db: Db, idHash: string, sends: number): Promise<void> {
  await db.update(authDeviceChallenges).set({ codeSentAt: new Date(), sends }).where(eq(authDeviceChallenges.idHash, idHash));
}

/** Completes a challenge (single use: true for the one request that completed it, false after). */
export async function completeChallenge(db: Db, idHash: string): Promise<boolean> {
  const done = await db
    .update(authDeviceChallenges)
    .set({ completedAt: new Date(), codeHash: null })
    .where(and(eq(authDeviceChallenges.idHash, idHash), isNull(authDeviceChallenges.completedAt)))
    .returning({ a: authDeviceChallenges.accountId });
  return done.length > 0;
}

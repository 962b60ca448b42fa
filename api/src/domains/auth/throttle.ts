/**
 * Failure counters behind the auth rate limits (wrong passwords, wrong device codes). Each failure
 * is a row `(kind, subject, created_at)`; a limit counts the rows of one subject inside a sliding
 * window. Stored in the database so every API process sees the same counts.
 *
 * Two ways to use them: {@link blockedFor} before and {@link recordFailure} after an attempt
 * (check, then count: concurrent attempts all pass the check), or {@link reserveAttempts}, which
 * counts the attempt first and then checks, so N concurrent attempts never get past a limit of M < N.
 */
import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures } from './tables.js';
import type { WindowLimit } from './config.js';

/** A limit to check: which counter and how much it allows. */
export interface Counter {
  kind: string;
  subject: string;
  limit: WindowLimit;
}

/**
 * Checks counters; returns the seconds until the first exhausted one frees a slot, or 0 when all
 * still allow an attempt.
 */
export async function blockedFor(db: Db, counters: Counter[]): Promise<number> {
  let wait = 0;
  for (const c of counters) {
    const since = new Date(Date.now() - c.limit.windowS * 1000);
    const [row] = await db
      .select({ n: count(), oldest: min(authFailures.createdAt) })
      .from(authFailures)
      .where(and(eq(authFailures.kind, c.kind), eq(authFailures.subject, c.subject), gt(authFailures.createdAt, since)));
    if ((row?.n ?? 0) >= c.limit.max) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
      wait = Math.max(wait, Math.ceil((oldest + c.limit.windowS * 1000 - Date.now()) / 1000), 1);
    }
  }
  return wait;
}

/** Records one failure on each counter (and now and then prunes rows older than a day). */
export async function recordFailure(db: Db, counters: Array<Pick<Counter, 'kind' | 'subject'>>): Promise<void> {
  if (!counters.length) return;
  await db.insert(authFailures).values(counters.map((c) => ({ kind: c.kind, subject: c.subject })));
  if (Math.random() < 0.02) {
    await db.delete(authFailures).where(lt(authFailures.createdAt, sql`now() - interval '1 day'`));
  }
}

/** Forgets the failures of one counter (e.g. a successful login for that name from that IP). */
export async function clearFailures(db: Db, counter: Pick<Counter, 'kind' | 'subject'>): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.kind, counter.kind), eq(authFailures.subject, counter.subject)));
}

/** An attempt counted in advance by {@link reserveAttempts}. */
export interface Reservation {
  /** Seconds until a counter that was over its limit frees a slot; 0 = the attempt may go on. */
  wait: number;
  /** Takes the reserved failures back (the attempt succeeded, or never happened). Idempotent. */
  refund(): Promise<void>;
}

/**
 * Counts one failure on each counter BEFORE the attempt, then checks the counts including it: an
 * attempt that makes a counter exceed its limit is refused (`wait` > 0) and its rows removed
 * again. Race-free for any number of processes: each insert commits before its count, so the
 * k-th committed reservation sees at least k rows and at most `max` reservations get through.
 * Call `refund()` when the attempt turns out right (only failures should count).
 */
export async function reserveAttempts(db: Db, counters: Counter[]): Promise<Reservation> {
  if (!counters.length) return { wait: 0, refund: async () => {} };
  const rows = await db
    .insert(authFailures)
    .values(counters.map((c) => ({ kind: c.kind, subject: c.subject })))
    .returning({ id: authFailures.id });
  let refunded = false;
  const refund = async () => {
    if (refunded) return;
    refunded = true;
    await db.delete(authFailures).where(
      inArray(
        authFailures.id,
        rows.map((r) => r.id),
      ),
    );
  };
  // blockedFor answers "no room for another one"; here our own row is already counted.
  const wait = await blockedFor(
    db,
    counters.map((c) => ({ ...c, limit: { ...c.limit, max: c.limit.max + 1 } })),
  );
  if (wait) await refund();
  return { wait, refund };
}

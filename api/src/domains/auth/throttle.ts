/**
 * Failure counters behind the auth rate limits (wrong passwords, wrong codes): rate-limiter-flexible's
 * RateLimiterDrizzle on table `rate_limits` (src/db/tables.ts), one row per (kind, subject) with an
 * atomic upsert, so every API process on one database sees the same counts. A counter's window
 * starts at its first failure and lasts `limit.windowS` seconds.
 *
 * Every limit is used through {@link reserveAttempts}, which counts the attempt first and then
 * checks, so N concurrent attempts never get past a limit of M < N (a check before the attempt and
 * a count after it would let a concurrent burst through). Expired rows are swept now and then.
 */
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/tables.js';
import type { WindowLimit } from './config.js';

/** A limit to check: which counter and how much it allows. */
export interface Counter {
  kind: string;
  subject: string;
  limit: WindowLimit;
}

/** Key prefix of the auth counters in `rate_limits` (the flood guards use `<method> <route>`). */
const KEY_PREFIX = 'auth';

const limiters = new WeakMap<Db, Map<string, RateLimiterDrizzle>>();

/** The limiter of a counter's kind and limit on `db` (made once, kept with the database). */
function limiterOf(db: Db, c: Pick<Counter, 'kind'> & { limit?: WindowLimit }): RateLimiterDrizzle {
  const limit = c.limit ?? { max: 1, windowS: 1 };
  const id = `${c.kind}/${limit.max}/${limit.windowS}`;
  let byId = limiters.get(db);
  if (!byId) limiters.set(db, (byId = new Map()));
  let l = byId.get(id);
  if (!l) {
    l = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: `${KEY_PREFIX}:${c.kind}`,
      points: limit.max,
      duration: limit.windowS,
      // Expired rows are swept by reserveAttempts now and then (no timer per limiter).
      clearExpiredByTimeout: false,
    } as ConstructorParameters<typeof RateLimiterDrizzle>[0]);
    byId.set(id, l);
  }
  return l;
}

/** Failures of one counter inside its window. */
export async function failuresOf(db: Db, c: Counter): Promise<number> {
  const res = await limiterOf(db, c).get(c.subject);
  return res && res.msBeforeNext !== 0 ? res.consumedPoints : 0;
}

/** Seconds until a counter with `consumed` failures allows another attempt (0 = it does now). */
function waitOf(c: Counter, consumed: number, msBeforeNext: number): number {
  return consumed > c.limit.max ? Math.max(1, Math.ceil(msBeforeNext / 1000)) : 0;
}

/** Forgets the failures of one counter (e.g. a successful login for that name from that IP). */
export async function clearFailures(db: Db, counter: Counter): Promise<void> {
  await limiterOf(db, counter).delete(counter.subject);
}

/** An attempt counted in advance by {@link reserveAttempts}. */
export interface Reservation {
  /** Seconds until a counter that was over its limit frees a slot; 0 = the attempt may go on. */
  wait: number;
  /** Per counter (in the order given): seconds until it frees a slot when this attempt put it over its limit, else 0. */
  waits: number[];
  /** Takes the reserved failures back (the attempt succeeded, or never happened). Idempotent. */
  refund(): Promise<void>;
}

/**
 * Counts one failure on each counter BEFORE the attempt, then checks the counts including it: an
 * attempt that makes a counter exceed its limit is refused (`wait` > 0) and its counts taken
 * back. Race-free for any number of processes: each count is one atomic upsert returning the new
 * value, so the k-th concurrent reservation sees k and at most `max` reservations get through.
 * Call `refund()` when the attempt turns out right (only failures should count).
 * @param options `keepWhenOver`: keep the counts of a refused attempt (the caller refunds)
 */
export async function reserveAttempts(db: Db, counters: Counter[], options: { keepWhenOver?: boolean } = {}): Promise<Reservation> {
  const waits: number[] = [];
  for (const c of counters) {
    const res = await limiterOf(db, c).penalty(c.subject, 1);
    waits.push(waitOf(c, res.consumedPoints, res.msBeforeNext));
  }
  // Now and then, sweep counters whose window is over (no timer per limiter).
  if (counters.length && Math.random() < 0.02) await db.delete(rateLimits).where(lt(rateLimits.expire, new Date()));
  const wait = Math.max(0, ...waits);
  let refunded = false;
  const refund = async () => {
    if (refunded) return;
    refunded = true;
    for (const c of counters) await limiterOf(db, c).reward(c.subject, 1);
  };
  if (wait && !options.keepWhenOver) await refund();
  return { wait, waits, refund };
}

/**
 * The bets clock: the server time that decides when a match kicks off and predictions close.
 *
 * Outside production it can be shifted for end-to-end tests (`POST /admin/bets/clock`, behind
 * ADMIN_SECRET): the offset is stored in `settings` (scope `*`, key `bets_clock_offset_ms`) so it
 * holds for every process on the same database. In production the stored offset is ignored and
 * the clock is the machine clock.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { GLOBAL_SCOPE, settings } from '../core/tables.js';

/** Settings key of the clock offset (milliseconds added to the machine clock). */
const CLOCK_OFFSET_KEY = 'bets_clock_offset_ms';

/** Largest offset accepted, in ms (10 years either way). */
const MAX_CLOCK_OFFSET_MS = 10 * 365 * 86_400_000;

/** Is the fake clock honoured in this environment? Never in production. */
export function clockFakeable(nodeEnv: string): boolean {
  return nodeEnv !== 'production';
}

/** The stored offset in ms (0 when none is stored or it is not a finite number). */
export async function storedClockOffset(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.scope, GLOBAL_SCOPE), eq(settings.key, CLOCK_OFFSET_KEY)));
  const v = row?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * Current time of the bets game: machine time plus the stored offset outside production.
 * @param nodeEnv the API's NODE_ENV (`production` ignores the offset)
 */
export async function betsNow(db: Db, nodeEnv: string): Promise<Date> {
  const offset = clockFakeable(nodeEnv) ? await storedClockOffset(db) : 0;
  return new Date(Date.now() + offset);
}

/**
 * Stores a clock offset (0 resets the clock).
 * @throws RangeError when `offsetMs` is not a whole number within ±{@link MAX_CLOCK_OFFSET_MS}
 */
export async function setClockOffset(db: Db, offsetMs: number): Promise<void> {
  if (!Number.isInteger(offsetMs) || Math.abs(offsetMs) > MAX_CLOCK_OFFSET_MS) {
    throw new RangeError(`clock offset must be a whole number of ms within ±${MAX_CLOCK_OFFSET_MS}`);
  }
  await db
    .insert(settings)
    .values({ scope: GLOBAL_SCOPE, key: CLOCK_OFFSET_KEY, value: offsetMs })
    .onConflictDoUpdate({ target: [settings.scope, settings.key], set: { value: offsetMs, updatedAt: sql`now()` } });
}

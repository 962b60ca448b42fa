import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { GLOBAL_SCOPE, settings } from '../db/schema/core.js';

/** Settings key of the technical-break switch (spec §4 "The site may be in a technical-break state"). */
export const TECHNICAL_BREAK_KEY = 'technical_break';

/**
 * Is the technical break on for `server`? True when it is on globally (scope `*`) or for that
 * server. Read from the `settings` table on every call, so a switch made by the CLI against a
 * shared PostgreSQL applies at once.
 */
export async function isTechnicalBreak(db: Db, server: string): Promise<boolean> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, TECHNICAL_BREAK_KEY), inArray(settings.scope, [GLOBAL_SCOPE, server])));
  return rows.some((r) => r.value === true);
}

/**
 * Turns the technical break on or off.
 *
 * @param scope a server code, or `*` for every server. Turning a server off does not clear a
 *   global break, and turning the global switch off does not clear per-server breaks.
 */
export async function setTechnicalBreak(db: Db, scope: string, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ scope, key: TECHNICAL_BREAK_KEY, value: on })
    .onConflictDoUpdate({
      target: [settings.scope, settings.key],
      set: { value: on, updatedAt: sql`now()` },
    });
}

/** Every stored technical-break switch, as `{ scope: on }` (scopes never set are absent). */
export async function technicalBreakSwitches(db: Db): Promise<Record<string, boolean>> {
  const rows = await db
    .select({ scope: settings.scope, value: settings.value })
    .from(settings)
    .where(eq(settings.key, TECHNICAL_BREAK_KEY));
  return Object.fromEntries(rows.map((r) => [r.scope, r.value === true]));
}

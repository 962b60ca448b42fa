/**
 * Core services: the technical break (spec §4, stored in `settings`), the landing info of a
 * server (spec §3 landingHeaderCode) and the switcher's server list (spec §2).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SERVER_HEADER_ORDER, SERVER_LISTING, type LocaleCode, type ServerCode } from '@landing/domain';
import type { LandingResponse, ServerEntry, TechnicalBreakState } from '@landing/domain/schemas/core';
import type { Db } from '../../db/client.js';
import { GLOBAL_SCOPE, landingHeaderTexts, servers, settings } from './tables.js';

/** Settings key of the technical-break switch (spec §4 "The site may be in a technical-break state"). */
const TECHNICAL_BREAK_KEY = 'technical_break';

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

/** {@link isTechnicalBreak} through the read cache (topic `core`: the settings trigger invalidates it). */
export function cachedTechnicalBreak(app: FastifyInstance, server: string): Promise<boolean> {
  return app.readCache.get(`technical-break:${server}`, ['core'], async () => ({ value: await isTechnicalBreak(app.db, server) }));
}

/** Stored switches and the effective state of every served server (`/admin/technical-break`). */
export async function technicalBreakState(db: Db, served: readonly ServerCode[]): Promise<TechnicalBreakState> {
  const switches = await technicalBreakSwitches(db);
  const effective: Record<string, boolean> = {};
  for (const s of served) effective[s] = await isTechnicalBreak(db, s);
  return { switches, servers: effective };
}

/**
 * Landing info of a server in a language: the header promo in `lang` (table
 * `landing_header_texts`), else English, else the server's English column; and the break flag.
 */
export async function landingInfo(db: Db, server: ServerCode, lang: LocaleCode): Promise<LandingResponse> {
  const [texts, [row]] = await Promise.all([
    db
      .select({ lang: landingHeaderTexts.lang, text: landingHeaderTexts.text })
      .from(landingHeaderTexts)
      .where(and(eq(landingHeaderTexts.server, server), inArray(landingHeaderTexts.lang, [lang, 'en']))),
    db.select({ code: servers.landingHeaderCode }).from(servers).where(eq(servers.code, server)),
  ]);
  const byLang = new Map(texts.map((t) => [t.lang, t.text]));
  return {
    landing_header_code: byLang.get(lang) ?? byLang.get('en') ?? row?.code ?? null,
    technical_break: await isTechnicalBreak(db, server),
    server,
  };
}

/**
 * The switcher's list (spec §2): the servers of this environment with their stored status, plus
 * rows stored as `locked`, in header order (then by code).
 */
export async function switcherServers(db: Db, served: readonly ServerCode[]): Promise<ServerEntry[]> {
  const servedSet = new Set<string>(served);
  const rows = await db
    .select({ code: servers.code, name: servers.name, status: servers.status, timeZone: servers.timeZone })
    .from(servers)
    .orderBy(asc(servers.code));
  const order = SERVER_HEADER_ORDER as readonly string[];
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  return rows
    .filter((r) => SERVER_LISTING[r.code] && (servedSet.has(r.code) || r.status === 'locked'))
    .sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code))
    .map((r) => ({
      value: r.code,
      name: r.name,
      status: r.status,
      gmt: SERVER_LISTING[r.code]!.gmt,
      region: SERVER_LISTING[r.code]!.region,
      time_zone: r.timeZone,
    }));
}

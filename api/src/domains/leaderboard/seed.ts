import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { players, teams, weeklyPoints, weeklyPrizes } from './tables.js';
import { defineSeeder } from '../../db/seed.js';
import type { Rng } from '../../lib/random.js';
import { previousWeekStart, weekOf } from '../../lib/week.js';
import { SERVERS, type ServerCode } from '@landing/domain';
import {
  BADGE_COLORS,
  CLUB_CITIES,
  CLUB_PATTERNS,
  CLUB_WORDS,
  COUNTRY_GROUP,
  COUNTRY_WEIGHTS,
  NAME_GROUPS,
  NICK_ADJECTIVES,
  NICK_FOOTBALL,
  NICK_NOUNS,
} from './seed-names.js';

/** How much demo data each server gets. Royal is the NEW server, so it is the smallest real one. */
export const SEED_SIZES: Record<ServerCode, { players: number; teams: number; inTeamShare: number; ageDays: number }> = {
  pl: { players: 4200, teams: 260, inTeamShare: 0.7, ageDays: 5800 },
  classic: { players: 3100, teams: 190, inTeamShare: 0.65, ageDays: 3600 },
  royal: { players: 640, teams: 44, inTeamShare: 0.55, ageDays: 120 },
  en: { players: 260, teams: 18, inTeamShare: 0.5, ageDays: 700 },
};

/** Largest club in the demo data. */
export const MAX_TEAM_MEMBERS = 30;

/** Weekly Top 3 prizes per server (euro = in-game currency amount, energy, free keys). */
export const SEED_PRIZES: Record<ServerCode, Array<{ place: 1 | 2 | 3; euro: number; energy: number; keys: number }>> = {
  pl: [
    { place: 1, euro: 50_000, energy: 300, keys: 15 },
    { place: 2, euro: 30_000, energy: 200, keys: 10 },
    { place: 3, euro: 15_000, energy: 100, keys: 5 },
  ],
  classic: [
    { place: 1, euro: 40_000, energy: 250, keys: 12 },
    { place: 2, euro: 25_000, energy: 150, keys: 8 },
    { place: 3, euro: 10_000, energy: 100, keys: 4 },
  ],
  royal: [
    { place: 1, euro: 100_000, energy: 500, keys: 25 },
    { place: 2, euro: 60_000, energy: 300, keys: 15 },
    { place: 3, euro: 30_000, energy: 150, keys: 8 },
  ],
  en: [
    { place: 1, euro: 10_000, energy: 100, keys: 3 },
    { place: 2, euro: 5_000, energy: 50, keys: 2 },
    { place: 3, euro: 2_500, energy: 25, keys: 1 },
  ],
};

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/[^A-Za-z0-9_.]/g, '');

/** A made-up but plausible nickname for a player from `country`. */
export function makeNickname(rng: Rng, country: string): string {
  const group = NAME_GROUPS[COUNTRY_GROUP[country] ?? 'en'];
  const first = rng.pick(group.first);
  const last = rng.pick(group.last);
  const plain = rng.chance(0.75);
  const f = plain ? ascii(first) : first.replace(/\s/g, '');
  const l = plain ? ascii(last) : last.replace(/\s/g, '');
  const kind = rng.next();
  if (kind < 0.22) return `${f}${rng.chance(0.5) ? '_' : ''}${String(rng.int(0, 99)).padStart(2, '0')}`;
  if (kind < 0.4) return `${rng.pick(NICK_ADJECTIVES)}${rng.pick(NICK_NOUNS)}${rng.chance(0.3) ? rng.int(1, 999) : ''}`;
  if (kind < 0.54) return `${f}${l.charAt(0)}${rng.chance(0.4) ? rng.int(1, 9) : ''}`;
  if (kind < 0.68) return `${l.toLowerCase()}${rng.pick(['_fc', '_10', '.jr', '_pro', '77', '_', '9'])}`;
  if (kind < 0.8) return `${f}${rng.chance(0.5) ? '_' : ''}${rng.pick(NICK_FOOTBALL)}`;
  if (kind < 0.88) return `xX${rng.pick(NICK_NOUNS)}Xx`;
  if (kind < 0.94) return `${ascii(l).replace(/a/g, '4').replace(/e/g, '3').replace(/o/g, '0')}`;
  return `${l}${rng.pick([7, 9, 10, 11, 23])}`;
}

/** Overall rating 40..99, most players in the 50s–70s. */
export function makeOvr(rng: Rng): number {
  return Math.max(40, Math.min(99, Math.round(63 + rng.gauss() * 11)));
}

/**
 * Points for the week starting `weekStart`: about two thirds of the players play, stronger
 * players tend to score more. `fraction` (0..1] scales the totals to how much of the week
 * has passed.
 */
export function weekPointsRows(
  rng: Rng,
  roster: ReadonlyArray<{ id: number; ovr: number }>,
  weekStart: string,
  fraction: number,
): Array<{ playerId: number; weekStart: string; points: number }> {
  const rows: Array<{ playerId: number; weekStart: string; points: number }> = [];
  for (const p of roster) {
    if (!rng.chance(0.66)) continue;
    const base = (p.ovr - 30) * 14 * (0.3 + rng.next() * 1.3);
    const points = Math.round(base * fraction);
    if (points > 0) rows.push({ playerId: p.id, weekStart, points });
  }
  return rows;
}

async function insertChunked<T>(items: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

/**
 * Demo players for the current week when the week has no points yet (a new week began since
 * the seed). Used by the seed and by the demo activity ticker.
 *
 * @returns number of rows inserted (0 when the week already has points)
 */
export async function ensureWeekPoints(db: Db, server: ServerCode, rng: Rng, now = new Date()): Promise<number> {
  const week = weekOf(SERVERS[server].timeZone, now);
  const existing = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(weeklyPoints)
    .innerJoin(players, eq(players.id, weeklyPoints.playerId))
    .where(sql`${players.server} = ${server} AND ${weeklyPoints.weekStart} = ${week.startDate}`);
  if ((existing[0]?.n ?? 0) > 0) return 0;
  const roster = await db.select({ id: players.id, ovr: players.ovr }).from(players).where(eq(players.server, server));
  const elapsed = (now.getTime() - week.start.getTime()) / (week.end.getTime() - week.start.getTime());
  const rows = weekPointsRows(rng, roster, week.startDate, Math.max(0.08, Math.min(1, elapsed)));
  await insertChunked(rows, 1000, (chunk) => db.insert(weeklyPoints).values(chunk).onConflictDoNothing());
  return rows.length;
}

/**
 * Leaderboard seed: teams, players (varied nicknames, countries weighted per server, OVR
 * 40–99, some online in the last 15 minutes), points for the current and three previous
 * weeks, and the weekly Top 3 prizes.
 */
export default defineSeeder({
  domain: 'leaderboard',
  order: 10,
  async seedServer(tx, { server, rng, now }) {
    const size = SEED_SIZES[server];
    const nowMs = now.getTime();
    const day = 86_400_000;

    // Teams.
    const teamNames = new Set<string>();
    const teamRows: Array<typeof teams.$inferInsert> = [];
    while (teamRows.length < size.teams) {
      const pattern = rng.pick(CLUB_PATTERNS[server]);
      let name = pattern.replace('{city}', rng.pick(CLUB_CITIES[server])).replace('{word}', rng.pick(CLUB_WORDS));
      if (teamNames.has(name)) name = `${name} ${rng.pick(['II', 'Academy', 'Youth', String(rng.int(1909, 2024))])}`;
      if (teamNames.has(name)) continue;
      teamNames.add(name);
      teamRows.push({
        server,
        name,
        badgeColor: rng.pick(BADGE_COLORS),
        createdAt: new Date(nowMs - rng.int(1, size.ageDays) * day),
      });
    }
    const teamIds: number[] = [];
    await insertChunked(teamRows, 500, async (chunk) => {
      const ids = await tx.insert(teams).values(chunk).returning({ id: teams.id });
      teamIds.push(...ids.map((r) => r.id));
    });
    // Clubs have 1..MAX_TEAM_MEMBERS members; some clubs are more popular than others.
    const teamWeights = Object.fromEntries(teamIds.map((id) => [String(id), 0.2 + rng.next() ** 2 * 2])) as Record<string, number>;
    const teamSize = new Map<number, number>();
    const joinTeam = (): number | null => {
      if (!teamIds.length || !rng.chance(size.inTeamShare)) return null;
      for (let attempt = 0; attempt < 5; attempt++) {
        const id = Number(rng.weighted(teamWeights));
        const n = teamSize.get(id) ?? 0;
        if (n < MAX_TEAM_MEMBERS) {
          teamSize.set(id, n + 1);
          return id;
        }
      }
      return null;
    };

    // Players.
    const nicknames = new Set<string>();
    const playerRows: Array<typeof players.$inferInsert> = [];
    const countryWeights = COUNTRY_WEIGHTS[server];
    while (playerRows.length < size.players) {
      const country = rng.weighted(countryWeights);
      let nickname = makeNickname(rng, country).slice(0, 24);
      if (nickname.length < 3) continue;
      while (nicknames.has(nickname.toLowerCase())) nickname = `${nickname}${rng.int(0, 9)}`;
      nicknames.add(nickname.toLowerCase());
      const createdAt = new Date(nowMs - rng.int(0, size.ageDays) * day - rng.int(0, day));
      // ~5% online now (seen in the last 14 minutes), ~20% today, the rest over past months.
      const r = rng.next();
      const seenAgo = r < 0.05 ? rng.int(5, 14 * 60) * 1000 : r < 0.25 ? rng.int(20 * 60, 24 * 3600) * 1000 : rng.int(1, 90) * day;
      const lastSeenAt = new Date(Math.max(createdAt.getTime(), nowMs - seenAgo));
      playerRows.push({
        server,
        nickname,
        country,
        ovr: makeOvr(rng),
        teamId: joinTeam(),
        createdAt,
        lastSeenAt,
      });
    }
    const roster: Array<{ id: number; ovr: number }> = [];
    await insertChunked(playerRows, 500, async (chunk) => {
      roster.push(...(await tx.insert(players).values(chunk).returning({ id: players.id, ovr: players.ovr })));
    });

    // Weekly points: three full past weeks and the current, partial week.
    const week = weekOf(SERVERS[server].timeZone, now);
    const points = [1, 2, 3].flatMap((n) => weekPointsRows(rng, roster, previousWeekStart(week.startDate, n), 1));
    await insertChunked(points, 1000, (chunk) => tx.insert(weeklyPoints).values(chunk));
    const current = await ensureWeekPoints(tx, server, rng, now);

    await tx.insert(weeklyPrizes).values(SEED_PRIZES[server].map((p) => ({ server, ...p })));
    return `${teamRows.length} teams, ${roster.length} players, ${current} scored this week`;
  },
  async resetServer(tx, server) {
    const ids = tx.select({ id: players.id }).from(players).where(eq(players.server, server));
    await tx.delete(weeklyPoints).where(inArray(weeklyPoints.playerId, ids));
    await tx.delete(players).where(eq(players.server, server));
    await tx.delete(teams).where(eq(teams.server, server));
    await tx.delete(weeklyPrizes).where(eq(weeklyPrizes.server, server));
  },
});

/**
 * Leaderboard services (spec §1 stats strip and weekly leaderboard, §3 fields, §9 time zones).
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { SERVERS, type ServerCode } from '@landing/domain';
import { ONLINE_WINDOW_MINUTES, type LeaderboardResponse, type StatsResponse } from '@landing/domain/schemas/leaderboard';
import type { Db } from '../../db/client.js';
import { weekOf } from '../../lib/week.js';
import { players, teamMembers, teams, weeklyPoints, weeklyPrizes, weeklyTeamPoints } from './tables.js';

/**
 * How long a stats answer is kept without a write (ms). `online_users` also changes when a
 * player's last visit leaves the 15-minute window, which no write announces: the one answer
 * served from a short TTL (src/lib/read-cache.ts), a few seconds of drift on a 15-minute window.
 */
export const STATS_TTL_MS = 10_000;

/** The columns a weekly ranking reads: the rows' server, their week totals, and the tie-breaks. */
interface WeekRanking {
  server: PgColumn;
  /** `weekly_points` or `weekly_team_points`: `week_start` and `points`. */
  totals: { weekStart: PgColumn; points: PgColumn };
  /** Second key, highest first. */
  tieBreak: PgColumn;
  /** Last key, lowest first: the order is the same on every read. */
  id: PgColumn;
}

/**
 * The Top `limit` rows of `query` (a select over `by.totals`, built with `$dynamic()`) for one
 * server's week starting `weekStart` (`YYYY-MM-DD`), rows with no points left out: most points
 * first, then `by.tieBreak` descending, then `by.id` ascending.
 */
function topOfWeek<T extends PgSelect>(query: T, by: WeekRanking, week: { server: ServerCode; weekStart: string; limit: number }) {
  return query
    .where(and(eq(by.server, week.server), eq(by.totals.weekStart, week.weekStart), gt(by.totals.points, 0)))
    .orderBy(desc(by.totals.points), desc(by.tieBreak), asc(by.id))
    .limit(week.limit);
}

/** The players' board (spec §3): the columns of a row, and players rank by week points, then ovr. */
const playerBoard = {
  row: {
    id: players.id,
    nickname: players.nickname,
    ovr: players.ovr,
    points: weeklyPoints.points,
    country: players.country,
    club: teams.name,
  },
  ranking: { server: players.server, totals: weeklyPoints, tieBreak: players.ovr, id: players.id } satisfies WeekRanking,
};

/** The teams' board (spec §3): the columns of a row, and teams rank by week points, then members. */
const teamBoard = {
  row: { id: teams.id, name: teams.name, badge_color: teams.badgeColor, members: teamMembers.members, points: weeklyTeamPoints.points },
  ranking: { server: teams.server, totals: weeklyTeamPoints, tieBreak: teamMembers.members, id: teams.id } satisfies WeekRanking,
};

/**
 * Stats of one server: players, teams and players seen in the last 15 minutes
 * (database clock).
 */
export async function serverStats(db: Db, server: ServerCode): Promise<StatsResponse> {
  const [p] = await db
    .select({
      users: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${players.lastSeenAt} >= now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES})))::int`,
    })
    .from(players)
    .where(eq(players.server, server));
  const [t] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(eq(teams.server, server));
  return { users: p?.users ?? 0, teams: t?.n ?? 0, online_users: p?.online ?? 0 };
}

/**
 * The weekly leaderboard of one server: Top `limit` players and teams with points in the
 * current week (Monday 00:00 in the server's time zone, spec §9), plus the Top 3 prizes.
 * Reads per-player and per-team weekly totals kept up to date on write (weekly_points,
 * weekly_team_points): top-N reads, no aggregation per request.
 * Ties are broken deterministically: players by ovr desc then id asc, teams by members desc
 * then id asc.
 *
 * @param limit rows per list, 1..100
 */
export async function leaderboard(db: Db, server: ServerCode, limit: number, now = new Date()): Promise<LeaderboardResponse> {
  const week = weekOf(SERVERS[server].timeZone, now);

  const top = { server, weekStart: week.startDate, limit };
  const playersOfWeek = db.select(playerBoard.row).from(weeklyPoints).innerJoin(players, eq(players.id, weeklyPoints.playerId));
  const playerRows = await topOfWeek(playersOfWeek.leftJoin(teams, eq(teams.id, players.teamId)).$dynamic(), playerBoard.ranking, top);
  // Team totals and member counts are precomputed on write (triggers of migration 0005).
  const teamsOfWeek = db.select(teamBoard.row).from(weeklyTeamPoints).innerJoin(teams, eq(teams.id, weeklyTeamPoints.teamId));
  const teamRows = await topOfWeek(teamsOfWeek.innerJoin(teamMembers, eq(teamMembers.teamId, teams.id)).$dynamic(), teamBoard.ranking, top);

  const prizes = await db
    .select({ place: weeklyPrizes.place, euro: weeklyPrizes.euro, energy: weeklyPrizes.energy, keys: weeklyPrizes.keys })
    .from(weeklyPrizes)
    .where(eq(weeklyPrizes.server, server))
    .orderBy(asc(weeklyPrizes.place));

  return {
    ranking: playerRows.map((r, i) => ({ position: i + 1, ...r })),
    ranking_teams: teamRows.map((r, i) => ({ position: i + 1, ...r })),
    prizes: prizes.map((p) => ({ ...p, place: p.place as 1 | 2 | 3 })),
    week: { start: week.start.toISOString(), end: week.end.toISOString(), time_zone: SERVERS[server].timeZone },
  };
}

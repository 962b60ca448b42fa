import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { players, teamMembers, teams, weeklyPoints, weeklyPrizes, weeklyTeamPoints } from '../db/schema/leaderboard.js';
import { errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { currentWeek, weekOf } from '../lib/week.js';
import { SERVER_INFO, type ServerCode } from '../servers.js';

/** A player counts as online when seen within this many minutes (GET /:server/stats). */
export const ONLINE_WINDOW_MINUTES = 15;

/**
 * How long a stats answer is kept without a write (ms). `online_users` also changes when a
 * player's last visit leaves the 15-minute window, which no write announces: the one answer
 * served from a short TTL (issue 12), a few seconds of drift on a 15-minute window.
 */
export const STATS_TTL_MS = 10_000;

/** Answer of `GET /:server/stats` (spec §3 stats: users, teams, online_users). */
export const StatsResponse = z
  .object({
    users: z.number().int().nonnegative().describe('Registered players on the server'),
    teams: z.number().int().nonnegative().describe('Teams (clubs) on the server'),
    online_users: z.number().int().nonnegative().describe(`Players seen in the last ${ONLINE_WINDOW_MINUTES} minutes`),
  })
  .meta({ id: 'Stats' });

/** One player of the weekly ranking (spec §3 leaderboardPlayers). */
export const PlayerRow = z
  .object({
    position: z.number().int().positive(),
    id: z.number().int(),
    nickname: z.string(),
    ovr: z.number().int().min(1).max(99).describe('Overall rating'),
    points: z.number().int().nonnegative().describe('Points this week'),
    country: z.string().regex(/^[A-Z]{2}$/).describe('ISO 3166-1 alpha-2'),
    club: z.string().nullable().describe('Team name, null when the player has no team'),
  })
  .meta({ id: 'PlayerRow' });

/** One team of the weekly ranking (spec §3 leaderboardTeams). */
export const TeamRow = z
  .object({
    position: z.number().int().positive(),
    id: z.number().int(),
    name: z.string(),
    badge_color: z.string().regex(/^#[0-9a-f]{6}$/).describe('Badge colour, #rrggbb'),
    members: z.number().int().nonnegative(),
    points: z.number().int().nonnegative().describe("Sum of the members' points this week"),
  })
  .meta({ id: 'TeamRow' });

/** A weekly Top 3 prize (spec §1 "weekly Top 3 prizes"). */
export const Prize = z
  .object({
    place: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    euro: z.number().int().nonnegative().describe('In-game euro'),
    energy: z.number().int().nonnegative(),
    keys: z.number().int().nonnegative().describe('Free keys'),
  })
  .meta({ id: 'Prize' });

/** Answer of `GET /:server/leaderboard` (spec §3 leaderboardPlayers/leaderboardTeams). */
export const LeaderboardResponse = z
  .object({
    ranking: z.array(PlayerRow).describe('Players ordered by points desc, ovr desc, id asc'),
    ranking_teams: z.array(TeamRow).describe('Teams ordered by points desc, members desc, id asc'),
    prizes: z.array(Prize).describe('Weekly Top 3 prizes, place ascending'),
    week: z
      .object({
        start: z.string().describe('ISO instant the week started (Monday 00:00 server time)'),
        end: z.string().describe('ISO instant the next week starts (exclusive)'),
        time_zone: z.string().describe('IANA time zone of the server the week is counted in (spec §9), e.g. Europe/Istanbul'),
      })
      .describe("Current week in the server's time zone"),
  })
  .meta({ id: 'Leaderboard' });

/** `?limit=` of the leaderboard: 1..100, default 50; anything else is a 400. */
export const LeaderboardQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number between 1 and 100' })
    .int('must be a whole number between 1 and 100')
    .min(1, 'must be a whole number between 1 and 100')
    .max(100, 'must be a whole number between 1 and 100')
    .default(50)
    .describe('Rows per list, 1..100 (default 50)'),
});

/**
 * Stats of one server: players, teams and players seen in the last 15 minutes
 * (database clock).
 */
export async function serverStats(db: Db, server: ServerCode): Promise<z.infer<typeof StatsResponse>> {
  const [p] = await db
    .select({
      users: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${players.lastSeenAt} >= now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES})))::int`,
    })
    .from(players)
    .where(eq(players.server, server));
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(teams).where(eq(teams.server, server));
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
export async function leaderboard(
  db: Db,
  server: ServerCode,
  limit: number,
  now = new Date(),
): Promise<z.infer<typeof LeaderboardResponse>> {
  const week = weekOf(SERVER_INFO[server].timeZone, now);

  const playerRows = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      ovr: players.ovr,
      points: weeklyPoints.points,
      country: players.country,
      club: teams.name,
    })
    .from(weeklyPoints)
    .innerJoin(players, eq(players.id, weeklyPoints.playerId))
    .leftJoin(teams, eq(teams.id, players.teamId))
    .where(and(eq(players.server, server), eq(weeklyPoints.weekStart, week.startDate), gt(weeklyPoints.points, 0)))
    .orderBy(desc(weeklyPoints.points), desc(players.ovr), asc(players.id))
    .limit(limit);

  // Team totals and member counts are precomputed on write (triggers of migration 0005).
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, badge_color: teams.badgeColor, members: teamMembers.members, points: weeklyTeamPoints.points })
    .from(weeklyTeamPoints)
    .innerJoin(teams, eq(teams.id, weeklyTeamPoints.teamId))
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(and(eq(teams.server, server), eq(weeklyTeamPoints.weekStart, week.startDate), gt(weeklyTeamPoints.points, 0)))
    .orderBy(desc(weeklyTeamPoints.points), desc(teamMembers.members), asc(teams.id))
    .limit(limit);

  const prizes = await db
    .select({ place: weeklyPrizes.place, euro: weeklyPrizes.euro, energy: weeklyPrizes.energy, keys: weeklyPrizes.keys })
    .from(weeklyPrizes)
    .where(eq(weeklyPrizes.server, server))
    .orderBy(asc(weeklyPrizes.place));

  return {
    ranking: playerRows.map((r, i) => ({ position: i + 1, ...r })),
    ranking_teams: teamRows.map((r, i) => ({ position: i + 1, ...r })),
    prizes: prizes.map((p) => ({ ...p, place: p.place as 1 | 2 | 3 })),
    week: { start: week.start.toISOString(), end: week.end.toISOString(), time_zone: SERVER_INFO[server].timeZone },
  };
}

/** Leaderboard and stats routes (spec §1 stats strip and leaderboard, §3 fields). */
export default defineRoutes({
  domain: 'leaderboard',
  async serverRoutes(app) {
    app.get(
      '/stats',
      {
        schema: {
          tags: ['leaderboard'],
          summary: 'Home-page stats strip',
          params: ServerParams,
          response: { 200: StatsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        return app.readCache.send(reply, {
          key: `stats:${server}`,
          topics: ['leaderboard'],
          schema: StatsResponse,
          load: async () => ({ value: await serverStats(app.db, server), ttlMs: STATS_TTL_MS }),
        });
      },
    );

    app.get(
      '/leaderboard',
      {
        schema: {
          tags: ['leaderboard'],
          summary: 'Weekly leaderboard (players, teams, Top 3 prizes)',
          params: ServerParams,
          querystring: LeaderboardQuery,
          response: { 200: LeaderboardResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        const { limit } = request.query;
        const now = new Date();
        // Keyed by week too; expires when the next week starts (a new, empty board).
        const week = currentWeek(SERVER_INFO[server].timeZone, now);
        return app.readCache.send(reply, {
          key: `leaderboard:${server}:${week.startDate}:${limit}`,
          topics: ['leaderboard'],
          schema: LeaderboardResponse,
          load: async () => ({ value: await leaderboard(app.db, server, limit, now), ttlMs: week.end.getTime() - now.getTime() }),
        });
      },
    );
  },
});

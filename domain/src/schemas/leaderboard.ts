/** Requests and answers of the leaderboard domain (spec §1 stats strip and leaderboard, §3 fields). */
import { z } from 'zod';
import { rankedRow, rewardAmounts, wholeNumber } from './common.ts';

/** A player counts as online when seen within this many minutes (`GET /{server}/stats`). */
export const ONLINE_WINDOW_MINUTES = 15;

/** Answer of `GET /{server}/stats` (spec §3 stats: users, teams, online_users). */
export const StatsResponse = z
  .object({
    users: z.number().int().nonnegative().describe('Registered players on the server'),
    teams: z.number().int().nonnegative().describe('Teams (clubs) on the server'),
    online_users: z.number().int().nonnegative().describe(`Players seen in the last ${ONLINE_WINDOW_MINUTES} minutes`),
  })
  .meta({ id: 'Stats' });
export type StatsResponse = z.infer<typeof StatsResponse>;

/** One player of the weekly ranking (spec §3 leaderboardPlayers). */
export const PlayerRow = rankedRow({
  id: z.number().int(),
  nickname: z.string(),
  ovr: z.number().int().min(1).max(99).describe('Overall rating'),
  points: z.number().int().nonnegative().describe('Points this week'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .describe('ISO 3166-1 alpha-2'),
  club: z.string().nullable().describe('Team name, null when the player has no team'),
}).meta({ id: 'PlayerRow' });
export type PlayerRow = z.infer<typeof PlayerRow>;

/** One team of the weekly ranking (spec §3 leaderboardTeams). */
export const TeamRow = rankedRow({
  id: z.number().int(),
  name: z.string(),
  badge_color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .describe('Badge colour, #rrggbb'),
  members: z.number().int().nonnegative(),
  points: z.number().int().nonnegative().describe("Sum of the members' points this week"),
}).meta({ id: 'TeamRow' });
export type TeamRow = z.infer<typeof TeamRow>;

/** A weekly Top 3 prize (spec §1 "weekly Top 3 prizes"). */
export const Prize = z
  .object({
    place: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    ...rewardAmounts(),
    keys: z.number().int().nonnegative().describe('Free keys'),
  })
  .meta({ id: 'Prize' });
export type Prize = z.infer<typeof Prize>;

/** The current week in the server's time zone. */
export const Week = z
  .object({
    start: z.string().describe('ISO instant the week started (Monday 00:00 server time)'),
    end: z.string().describe('ISO instant the next week starts (exclusive)'),
    time_zone: z.string().describe('IANA time zone of the server the week is counted in (spec §9), e.g. Europe/Istanbul'),
  })
  .describe("Current week in the server's time zone");
export type Week = z.infer<typeof Week>;

/** Answer of `GET /{server}/leaderboard` (spec §3 leaderboardPlayers/leaderboardTeams). */
export const LeaderboardResponse = z
  .object({
    ranking: z.array(PlayerRow).describe('Players ordered by points desc, ovr desc, id asc'),
    ranking_teams: z.array(TeamRow).describe('Teams ordered by points desc, members desc, id asc'),
    prizes: z.array(Prize).describe('Weekly Top 3 prizes, place ascending'),
    week: Week,
  })
  .meta({ id: 'Leaderboard' });
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

/** `?limit=` of the leaderboard: 1..100, default 50; anything else is a 400. */
export const LeaderboardQuery = z.object({
  limit: wholeNumber(1, 100, 50).describe('Rows per list, 1..100 (default 50)'),
});
export type LeaderboardQuery = z.input<typeof LeaderboardQuery>;

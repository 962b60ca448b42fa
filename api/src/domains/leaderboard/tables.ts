/**
 * Drizzle schema of the leaderboard/stats domain. Mirrors
 * migrations/0002_leaderboard_players_teams.sql (the SQL is the source of truth).
 */
import { date, integer, type PgColumnBuilderBase, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, instant, ownedTable } from '../../db/columns.js';
import { serverCode } from '../core/tables.js';

/** Clubs ("teams") of a server. */
export const teams = pgTable('teams', {
  id: identityId(),
  server: serverCode(),
  name: text('name').notNull(),
  /** `#rrggbb`, lower case. */
  badgeColor: text('badge_color').notNull(),
  createdAt: createdAt(),
});

/** The game's footballer profiles. */
export const players = pgTable('players', {
  id: identityId(),
  server: serverCode(),
  nickname: text('nickname').notNull(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text('country').notNull(),
  /** Overall rating 1..99. */
  ovr: smallint('ovr').notNull(),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Online = seen within the last 15 minutes. */
  lastSeenAt: instant('last_seen_at'),
});

/**
 * Points per owner (player or team) per week: `week_start date NOT NULL` (the server-local Monday
 * as `YYYY-MM-DD`), `points integer NOT NULL DEFAULT 0`, `PRIMARY KEY (owner, week_start)`.
 */
const weeklyPointsTable = <TName extends string, TOwner extends Record<string, PgColumnBuilderBase>>(name: TName, owner: TOwner) =>
  ownedTable(
    name,
    owner,
    { weekStart: date('week_start', { mode: 'string' }).notNull() },
    { points: integer('points').notNull().default(0) },
  );

/** Points per player per week. */
export const weeklyPoints = weeklyPointsTable('weekly_points', { playerId: cascadeRef(integer('player_id'), () => players.id) });

/** Weekly Top 3 prizes per server. */
export const weeklyPrizes = pgTable(
  'weekly_prizes',
  {
    server: serverCode(),
    place: smallint('place').notNull(),
    euro: integer('euro').notNull(),
    energy: integer('energy').notNull(),
    keys: integer('keys').notNull(),
  },
  (t) => [primaryKey({ columns: [t.server, t.place] })],
);

/**
 * Members per team, kept by triggers on `players` (migrations/0005_leaderboard_team_points.sql):
 * the leaderboard's team `members` without counting per request.
 */
export const teamMembers = pgTable('team_members', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
});

/**
 * Weekly points per team (sum of its current members' `weekly_points`), kept by triggers on
 * `weekly_points` and `players` (migrations/0005_leaderboard_team_points.sql).
 */
export const weeklyTeamPoints = weeklyPointsTable('weekly_team_points', { teamId: cascadeRef(integer('team_id'), () => teams.id) });

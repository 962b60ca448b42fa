/**
 * Drizzle schema of the leaderboard/stats domain. Mirrors
 * migrations/0002_leaderboard_players_teams.sql (the SQL is the source of truth).
 */
import { date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { serverColumn } from '../core/tables.js';

/** Clubs ("teams") of a server. */
export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: serverColumn(),
  name: text('name').notNull(),
  /** `#rrggbb`, lower case. */
  badgeColor: text('badge_color').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The game's footballer profiles. */
export const players = pgTable('players', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: serverColumn(),
  nickname: text('nickname').notNull(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text('country').notNull(),
  /** Overall rating 1..99. */
  ovr: smallint('ovr').notNull(),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Online = seen within the last 15 minutes. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

/** Points per player per week; `weekStart` is the server-local Monday as `YYYY-MM-DD`. */
export const weeklyPoints = pgTable(
  'weekly_points',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.weekStart] })],
);

/** Weekly Top 3 prizes per server. */
export const weeklyPrizes = pgTable(
  'weekly_prizes',
  {
    server: serverColumn(),
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
export const weeklyTeamPoints = pgTable(
  'weekly_team_points',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.weekStart] })],
);

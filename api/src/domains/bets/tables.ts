/**
 * Drizzle schema of the bets domain. Mirrors migrations/0300_bets_tournaments_predictions.sql
 * (the SQL is the source of truth; keep both in step).
 */
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { serverColumn } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

/** Match stages, in tournament order. */
export const STAGES = ['group', 'round_of_32', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final'] as const;
export type Stage = (typeof STAGES)[number];

/** How a prediction compared with the result (see src/domains/bets/scoring.ts). */
export const HITS = ['exact', 'goal_difference', 'outcome', 'miss'] as const;
export type Hit = (typeof HITS)[number];

/** A tournament players predict (World Cup, Euro 2024). */
export const betTournaments = pgTable('bet_tournaments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** URL-safe code, e.g. `world-cup`, `euro-2024`. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** Points per tier; parsed with `ScoringRules` (src/domains/bets/scoring.ts). */
  scoring: jsonb('scoring').notNull(),
  /** Demo tournaments get generated results two hours after kick-off (src/domains/bets/demo.ts). */
  autoResults: boolean('auto_results').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** National teams; `region` is ISO 3166-1 alpha-2 or a subdivision such as `GB-ENG`. */
export const betTeams = pgTable('bet_teams', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** FIFA trigram, e.g. `GER`. */
  code: text('code').notNull().unique(),
  /** English name. */
  name: text('name').notNull(),
  region: text('region').notNull(),
});

/** A match; the result is the score after extra time, penalties kept for display. */
export const betMatches = pgTable('bet_matches', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tournamentId: integer('tournament_id')
    .notNull()
    .references(() => betTournaments.id, { onDelete: 'cascade' }),
  stage: text('stage').$type<Stage>().notNull(),
  /** `A`..`L` in the group stage, null otherwise. */
  groupCode: text('group_code'),
  homeTeamId: integer('home_team_id')
    .notNull()
    .references(() => betTeams.id),
  awayTeamId: integer('away_team_id')
    .notNull()
    .references(() => betTeams.id),
  kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
  venue: text('venue'),
  homeScore: smallint('home_score'),
  awayScore: smallint('away_score'),
  homePenalties: smallint('home_penalties'),
  awayPenalties: smallint('away_penalties'),
  resultEnteredAt: timestamp('result_entered_at', { withTimezone: true }),
});

/** One prediction per player per match; `points`/`hit` are null until the result is in. */
export const betPredictions = pgTable(
  'bet_predictions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    matchId: integer('match_id')
      .notNull()
      .references(() => betMatches.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    homeScore: smallint('home_score').notNull(),
    awayScore: smallint('away_score').notNull(),
    points: smallint('points'),
    hit: text('hit').$type<Hit>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.matchId, t.playerId)],
);

/** Cached per-player totals of a tournament; the ranking reads only this table. */
export const betStandings = pgTable(
  'bet_standings',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => betTournaments.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    server: serverColumn(),
    totalBets: integer('total_bets').notNull(),
    scoredBets: integer('scored_bets').notNull(),
    totalPoints: integer('total_points').notNull(),
    exactScores: integer('exact_scores').notNull(),
    correctOutcomes: integer('correct_outcomes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.playerId] })],
);

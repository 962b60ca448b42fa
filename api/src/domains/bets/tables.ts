/**
 * Drizzle schema of the bets domain. Mirrors migrations/0300_bets_tournaments_predictions.sql
 * (the SQL is the source of truth; keep both in step).
 */
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, instant, updatedAt } from '../../db/columns.js';
import { serverCode } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

/** Match stages, in tournament order. */
export const STAGES = ['group', 'round_of_32', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final'] as const;
export type Stage = (typeof STAGES)[number];

/** How a prediction compared with the result (see src/domains/bets/scoring.ts). */
export const HITS = ['exact', 'goal_difference', 'outcome', 'miss'] as const;
export type Hit = (typeof HITS)[number];

/** A tournament players predict (World Cup, Euro 2024). */
export const betTournaments = pgTable('bet_tournaments', {
  id: identityId(),
  /** URL-safe code, e.g. `world-cup`, `euro-2024`. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
  /** Points per tier; parsed with `ScoringRules` (src/domains/bets/scoring.ts). */
  scoring: jsonb('scoring').notNull(),
  /** Demo tournaments get generated results two hours after kick-off (src/domains/bets/demo.ts). */
  autoResults: boolean('auto_results').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** National teams; `region` is ISO 3166-1 alpha-2 or a subdivision such as `GB-ENG`. */
export const betTeams = pgTable('bet_teams', {
  id: identityId(),
  /** FIFA trigram, e.g. `GER`. */
  code: text('code').notNull().unique(),
  /** English name. */
  name: text('name').notNull(),
  region: text('region').notNull(),
});

/** A match; the result is the score after extra time, penalties kept for display. */
export const betMatches = pgTable('bet_matches', {
  id: identityId(),
  tournamentId: cascadeRef(integer('tournament_id'), () => betTournaments.id),
  stage: text('stage').$type<Stage>().notNull(),
  /** `A`..`L` in the group stage, null otherwise. */
  groupCode: text('group_code'),
  homeTeamId: integer('home_team_id')
    .notNull()
    .references(() => betTeams.id),
  awayTeamId: integer('away_team_id')
    .notNull()
    .references(() => betTeams.id),
  kickoffAt: instant('kickoff_at').notNull(),
  venue: text('venue'),
  homeScore: smallint('home_score'),
  awayScore: smallint('away_score'),
  homePenalties: smallint('home_penalties'),
  awayPenalties: smallint('away_penalties'),
  resultEnteredAt: instant('result_entered_at'),
});

/** One prediction per player per match; `points`/`hit` are null until the result is in. */
export const betPredictions = pgTable(
  'bet_predictions',
  {
    id: identityId(),
    matchId: cascadeRef(integer('match_id'), () => betMatches.id),
    playerId: cascadeRef(integer('player_id'), () => players.id),
    homeScore: smallint('home_score').notNull(),
    awayScore: smallint('away_score').notNull(),
    points: smallint('points'),
    hit: text('hit').$type<Hit>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.matchId, t.playerId)],
);

/** Cached per-player totals of a tournament; the ranking reads only this table. */
export const betStandings = pgTable(
  'bet_standings',
  {
    tournamentId: cascadeRef(integer('tournament_id'), () => betTournaments.id),
    playerId: cascadeRef(integer('player_id'), () => players.id),
    server: serverCode(),
    totalBets: integer('total_bets').notNull(),
    scoredBets: integer('scored_bets').notNull(),
    totalPoints: integer('total_points').notNull(),
    exactScores: integer('exact_scores').notNull(),
    correctOutcomes: integer('correct_outcomes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.playerId] })],
);

/**
 * Scoring of predictions and the ranking order of the bets game (spec §1 "Bet matches / Ranking /
 * Rules", §3 Prediction and Ranking row). The spec leaves the points open; this module is the one
 * place they are defined, and the Rules tab shows the same values (they travel with each
 * tournament in `GET /{server}/bets/tournaments`).
 *
 * Tiered rule, best tier only:
 *  - `exact`: the predicted score is the final score;
 *  - `goalDifference`: right winner and right goal difference (e.g. 2-1 for a 3-2), not a draw;
 *  - `outcome`: right winner, or a draw predicted for a draw with another score;
 *  - otherwise 0 points (`miss`).
 * The final score is the score at the end of play, extra time included, penalty shoot-out excluded.
 */
import { z } from 'zod';
import type { Hit } from './tables.js';

/** Points per tier. Invariant: exact >= goalDifference >= outcome >= 0 (whole numbers, at most 100). */
export const ScoringRules = z
  .object({
    exact: z.number().int().min(0).max(100).describe('Points for the exact final score'),
    goalDifference: z.number().int().min(0).max(100).describe('Points for the right winner and goal difference (not for draws)'),
    outcome: z.number().int().min(0).max(100).describe('Points for the right winner or a draw'),
  })
  .refine((r) => r.exact >= r.goalDifference && r.goalDifference >= r.outcome, {
    message: 'points must not grow from a better tier to a worse one (exact >= goalDifference >= outcome)',
  })
  .meta({ id: 'ScoringRules' });
export type ScoringRules = z.infer<typeof ScoringRules>;

/** The default tiers: 5 for the exact score, 3 for the goal difference, 2 for the outcome. */
export const DEFAULT_SCORING: ScoringRules = { exact: 5, goalDifference: 3, outcome: 2 };

/** Highest number of goals a prediction may give one team (inclusive). */
export const MAX_PREDICTED_GOALS = 20;

/** A score: goals of the home team and of the away team (whole numbers >= 0). */
export interface Score {
  home: number;
  away: number;
}

/** Reads a tournament's stored `scoring` value; falls back to {@link DEFAULT_SCORING} when it is not valid. */
export function parseScoring(value: unknown): ScoringRules {
  const parsed = ScoringRules.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SCORING;
}

/**
 * How a prediction compares with the final score.
 * @returns `exact`, `goal_difference` (right winner and difference, never for draws), `outcome`
 *   (right winner or right draw) or `miss`
 */
export function classify(prediction: Score, result: Score): Hit {
  if (prediction.home === result.home && prediction.away === result.away) return 'exact';
  const predicted = Math.sign(prediction.home - prediction.away);
  const actual = Math.sign(result.home - result.away);
  if (predicted !== actual) return 'miss';
  if (actual !== 0 && prediction.home - prediction.away === result.home - result.away) return 'goal_difference';
  return 'outcome';
}

/** Points a tier is worth under `rules`. */
export function pointsForHit(hit: Hit, rules: ScoringRules): number {
  switch (hit) {
    case 'exact':
      return rules.exact;
    case 'goal_difference':
      return rules.goalDifference;
    case 'outcome':
      return rules.outcome;
    case 'miss':
      return 0;
  }
}

/** Scores one prediction: its tier and the points it earns under `rules`. */
export function scorePrediction(prediction: Score, result: Score, rules: ScoringRules = DEFAULT_SCORING): { hit: Hit; points: number } {
  const hit = classify(prediction, result);
  return { hit, points: pointsForHit(hit, rules) };
}

/** The totals of one bettor in one tournament, as cached in `bet_standings`. */
export interface StandingTotals {
  playerId: number;
  totalPoints: number;
  exactScores: number;
  correctOutcomes: number;
}

/**
 * The ranking order (deterministic, no two bettors share a position):
 * 1. more points; 2. more exact scores; 3. more correct outcomes (any scoring tier);
 * 4. the lower player id (the earlier registered player).
 * The SQL of src/domains/bets/ranking.ts orders by the same keys (`RANKING_ORDER_SQL`).
 *
 * @returns negative when `a` ranks above `b`
 */
export function compareStandings(a: StandingTotals, b: StandingTotals): number {
  return b.totalPoints - a.totalPoints || b.exactScores - a.exactScores || b.correctOutcomes - a.correctOutcomes || a.playerId - b.playerId;
}

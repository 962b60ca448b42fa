/**
 * Bets rules (spec §1 Bet matches / Ranking / Rules, §3 prediction): stages, how a prediction
 * compared with the result, the score range of a prediction, tournament codes.
 */

/** Tournament stages in order. */
export const STAGES = ['group', 'round_of_32', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final'] as const;
export type Stage = (typeof STAGES)[number];

/** How a prediction compared with the final result, best first. */
export const HITS = ['exact', 'goal_difference', 'outcome', 'miss'] as const;
export type Hit = (typeof HITS)[number];

/** Highest goals per team a prediction may give (predictions close at kick-off). */
export const MAX_PREDICTED_GOALS = 20;

/** Whether `goals` is a valid predicted score of one team: a whole number 0..{@link MAX_PREDICTED_GOALS}. */
export function isPredictedGoals(goals: number): boolean {
  return Number.isInteger(goals) && goals >= 0 && goals <= MAX_PREDICTED_GOALS;
}

/** Tournament codes, e.g. `world-cup`, `euro-2024`. */
export const TOURNAMENT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** Ranking scopes: bettors of the viewed server, or of every server. */
export const RANKING_SCOPES = ['server', 'all'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];

/** How far the bets clock may be faked either way outside production (10 years, ms). */
export const MAX_CLOCK_OFFSET_MS = 10 * 365 * 86_400_000;

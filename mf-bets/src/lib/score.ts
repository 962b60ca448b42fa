/**
 * The goals inputs of the score form (spec §1 Bet matches) as the numbers of the API's
 * `PredictionBody` (`@landing/domain/schemas/bets`); validation is lib/prediction-schema.ts.
 */

const WHOLE = /^\d{1,2}$/;

/** One input (untrimmed) as goals: its whole number, or NaN (which the schema refuses) for anything else. */
export function toGoals(value: unknown): number {
  const text = String(value ?? '').trim();
  return WHOLE.test(text) ? Number(text) : NaN;
}

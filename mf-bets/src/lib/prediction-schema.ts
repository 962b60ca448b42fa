/**
 * Validation of the score form (spec §1 Bet matches): the API's own `PredictionBody`
 * (`@landing/domain/schemas/bets`) with the tournament's `max_goals`. It brings zod, so the form
 * loads this module when it first validates (see use-prediction-form.ts), not with the page.
 */
import { PredictionBody } from '@landing/domain/schemas/bets';
import { toGoals } from './score';

const schemas = new Map<number, ReturnType<typeof limited>>();

function limited(max: number) {
  return PredictionBody.superRefine((body, ctx) => {
    for (const key of ['home_score', 'away_score'] as const) {
      if (body[key] > max) ctx.addIssue({ code: 'custom', path: [key], message: `at most ${max}` });
    }
  });
}

/** The domain's `PredictionBody` with the tournament's own limit of goals per team (`max_goals`). */
export function predictionSchema(max: number) {
  let schema = schemas.get(max);
  if (!schema) schemas.set(max, (schema = limited(max)));
  return schema;
}

/** Parses the two inputs with {@link predictionSchema}; null unless both are whole numbers 0..max. */
export function parseScore(home: string, away: string, max: number): { home: number; away: number } | null {
  const parsed = predictionSchema(max).safeParse({ home_score: toGoals(home), away_score: toGoals(away) });
  return parsed.success ? { home: parsed.data.home_score, away: parsed.data.away_score } : null;
}

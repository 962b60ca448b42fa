/**
 * The score form of a match (spec §1 Bet matches), in a module of its own so the MatchCard file
 * exports only components (React Fast Refresh in dev).
 */

const WHOLE = /^\d{1,2}$/;

/** Parses the two inputs; null unless both are whole numbers 0..max. */
export function parseScore(home: string, away: string, max: number): { home: number; away: number } | null {
  const h = home.trim();
  const a = away.trim();
  if (!WHOLE.test(h) || !WHOLE.test(a)) return null;
  const score = { home: Number(h), away: Number(a) };
  return score.home <= max && score.away <= max ? score : null;
}

/** Is `value` (one input, untrimmed) a whole number of goals 0..max? */
export function isGoalCount(value: string, max: number): boolean {
  return WHOLE.test(value.trim()) && Number(value) <= max;
}

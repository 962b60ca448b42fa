/**
 * Saving a prediction (spec §5 "Bet: logged in"; one per player per match, editable until
 * kick-off). The kick-off check and the write are one statement, so a prediction can never slip
 * in after kick-off even when the request races the clock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { betMatches } from './tables.js';
import { ApiError } from '../../lib/errors.js';
import { refreshStandings } from './ranking.js';
import { MAX_PREDICTED_GOALS, type Score } from './scoring.js';

/** Message of a prediction after kick-off (409 MATCH_LOCKED). */
export const MATCH_LOCKED_MESSAGE = 'Predictions for this match are closed: it has already kicked off';

/**
 * Creates or replaces the prediction of `playerId` for `matchId` and refreshes their cached
 * standings.
 *
 * @param now the bets clock (src/domains/bets/clock.ts)
 * @returns the tournament of the match
 * @throws ApiError 400 INVALID_SCORE (not whole numbers 0..20), 404 MATCH_NOT_FOUND,
 *   409 MATCH_LOCKED (kick-off at or before `now`, or the result is already in)
 */
export async function savePrediction(
  db: Db,
  input: { matchId: number; playerId: number; score: Score; now: Date },
): Promise<{ tournamentId: number }> {
  const { matchId, playerId, score, now } = input;
  for (const v of [score.home, score.away]) {
    if (!Number.isInteger(v) || v < 0 || v > MAX_PREDICTED_GOALS) {
      throw new ApiError(400, 'INVALID_SCORE', `Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}`);
    }
  }
  return db.transaction(async (tx) => {
    // The same score again writes nothing (no row, no cache notification: migration 0302).
    const saved = await tx.execute(sql`
      INSERT INTO bet_predictions (match_id, player_id, home_score, away_score)
      SELECT m.id, ${playerId}, ${score.home}, ${score.away} FROM bet_matches m
      WHERE m.id = ${matchId} AND m.kickoff_at > ${now.toISOString()}::timestamptz AND m.home_score IS NULL
      ON CONFLICT (match_id, player_id) DO UPDATE
        SET home_score = excluded.home_score, away_score = excluded.away_score, updated_at = now()
        WHERE (bet_predictions.home_score, bet_predictions.away_score) IS DISTINCT FROM (excluded.home_score, excluded.away_score)
      RETURNING id`);
    const [match] = await tx
      .select({
        tournamentId: betMatches.tournamentId,
        open: sql<boolean>`${betMatches.kickoffAt} > ${now.toISOString()}::timestamptz AND ${betMatches.homeScore} IS NULL`,
      })
      .from(betMatches)
      .where(eq(betMatches.id, matchId));
    if (!match) throw new ApiError(404, 'MATCH_NOT_FOUND', 'Match not found');
    if (!match.open) throw new ApiError(409, 'MATCH_LOCKED', MATCH_LOCKED_MESSAGE);
    // Nothing returned for an open match: the prediction was already this score.
    if (((saved as { rows?: unknown[] }).rows ?? []).length) await refreshStandings(tx, match.tournamentId, [playerId]);
    return { tournamentId: match.tournamentId };
  });
}

/**
 * Entering a match result and scoring its predictions (spec §4 "A bet waits for the final result
 * and then shows it"). Used by the admin route, the seed and the demo ticker, so scoring always
 * goes through {@link scorePrediction} and the cached standings stay in step.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { betMatches, betPredictions, betTournaments } from './tables.js';
import { ApiError } from '../../lib/errors.js';
import { refreshStandings } from './ranking.js';
import { parseScoring, scorePrediction, type Score } from './scoring.js';

/** A final result: score after extra time, and the shoot-out when a knockout draw went to penalties. */
export interface MatchResult extends Score {
  penalties?: Score | null;
}

/** What {@link enterResult} did. */
export interface ScoredResult {
  matchId: number;
  tournamentId: number;
  /** Predictions scored. */
  scored: number;
}

/**
 * Stores the final result of a match, scores every prediction of it with the tournament's rules
 * and rebuilds the standings of the players concerned — all in one transaction. Entering a result
 * again replaces it and rescores.
 *
 * @param now the bets clock (src/domains/bets/clock.ts); a result before kick-off is refused
 * @throws ApiError 404 MATCH_NOT_FOUND, 409 MATCH_NOT_STARTED (kick-off after `now`),
 *   400 INVALID_RESULT (penalties for a group match, or for a match not drawn after extra time)
 */
export async function enterResult(db: Db, matchId: number, result: MatchResult, now: Date): Promise<ScoredResult> {
  return db.transaction(async (tx) => {
    const [match] = await tx
      .select({
        id: betMatches.id,
        tournamentId: betMatches.tournamentId,
        stage: betMatches.stage,
        kickoffAt: betMatches.kickoffAt,
        scoring: betTournaments.scoring,
      })
      .from(betMatches)
      .innerJoin(betTournaments, eq(betTournaments.id, betMatches.tournamentId))
      .where(eq(betMatches.id, matchId))
      .for('update');
    if (!match) throw new ApiError(404, 'MATCH_NOT_FOUND', 'Match not found');
    if (match.kickoffAt.getTime() > now.getTime()) {
      throw new ApiError(409, 'MATCH_NOT_STARTED', 'The match has not kicked off yet, so it has no result');
    }
    const penalties = result.penalties ?? null;
    if (penalties) {
      if (match.stage === 'group') throw new ApiError(400, 'INVALID_RESULT', 'A group match has no penalty shoot-out');
      if (result.home !== result.away) {
        throw new ApiError(400, 'INVALID_RESULT', 'A penalty shoot-out needs a draw after extra time');
      }
      if (penalties.home === penalties.away) throw new ApiError(400, 'INVALID_RESULT', 'A penalty shoot-out has a winner');
    }

    await tx
      .update(betMatches)
      .set({
        homeScore: result.home,
        awayScore: result.away,
        homePenalties: penalties?.home ?? null,
        awayPenalties: penalties?.away ?? null,
        resultEnteredAt: now,
      })
      .where(eq(betMatches.id, matchId));

    // Score each distinct predicted score once, then update all predictions in one statement.
    const rules = parseScoring(match.scoring);
    const distinct = await tx
      .selectDistinct({ home: betPredictions.homeScore, away: betPredictions.awayScore })
      .from(betPredictions)
      .where(eq(betPredictions.matchId, matchId));
    let scored = 0;
    if (distinct.length) {
      const values = distinct.map((p) => {
        const { hit, points } = scorePrediction(p, result, rules);
        return sql`(${p.home}::smallint, ${p.away}::smallint, ${hit}::text, ${points}::smallint)`;
      });
      const updated = await tx.execute(sql`
        UPDATE bet_predictions bp SET hit = v.hit, points = v.points
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(home, away, hit, points)
        WHERE bp.match_id = ${matchId} AND bp.home_score = v.home AND bp.away_score = v.away
        RETURNING bp.player_id`);
      const players = ((updated as { rows?: Array<{ player_id: number }> }).rows ?? []).map((r) => r.player_id);
      scored = players.length;
      await refreshStandings(tx, match.tournamentId, players);
    }
    return { matchId, tournamentId: match.tournamentId, scored };
  });
}

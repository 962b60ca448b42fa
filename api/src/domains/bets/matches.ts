/**
 * The matches of a tournament as the bets page shows them (spec §2 bets): status, results, the
 * viewer's predictions and the community picks, grouped by group / knockout stage.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { betMatches, betPredictions, betTeams, STAGES } from './tables.js';
import type { ServerCode } from '@landing/domain';
import type { StageBlock } from '@landing/domain/schemas/bets';
import { PREDICTION_COLUMNS, predictionOut, type MatchOut } from './service.js';

/** Status of a match at `now`. */
function matchStatus(kickoffAt: Date, hasResult: boolean, now: Date): MatchOut['status'] {
  return hasResult ? 'finished' : kickoffAt.getTime() <= now.getTime() ? 'locked' : 'open';
}

function percent(part: number, total: number): number {
  return total ? Math.round((part * 100) / total) : 0;
}

/**
 * The matches of a tournament, grouped (groups A… in order, then knockout stages in order;
 * kick-off order inside a block).
 *
 * @param playerId the viewer's player (their predictions are included), null for a visitor
 * @param server whose bettors the community picks count
 * @param matchIds only these matches (e.g. the one just predicted); all when omitted
 */
export async function tournamentMatches(
  db: Db,
  options: { tournamentId: number; now: Date; playerId: number | null; server: ServerCode; matchIds?: readonly number[] },
): Promise<MatchOut[]> {
  const { tournamentId, now, playerId, server, matchIds } = options;
  const home = alias(betTeams, 'home');
  const away = alias(betTeams, 'away');
  const where = matchIds
    ? and(eq(betMatches.tournamentId, tournamentId), inArray(betMatches.id, [...matchIds]))
    : eq(betMatches.tournamentId, tournamentId);
  const rows = await db
    .select({
      id: betMatches.id,
      stage: betMatches.stage,
      group: betMatches.groupCode,
      kickoffAt: betMatches.kickoffAt,
      venue: betMatches.venue,
      homeScore: betMatches.homeScore,
      awayScore: betMatches.awayScore,
      homePenalties: betMatches.homePenalties,
      awayPenalties: betMatches.awayPenalties,
      home: { code: home.code, name: home.name, region: home.region },
      away: { code: away.code, name: away.name, region: away.region },
    })
    .from(betMatches)
    .innerJoin(home, eq(home.id, betMatches.homeTeamId))
    .innerJoin(away, eq(away.id, betMatches.awayTeamId))
    .where(where)
    .orderBy(asc(betMatches.kickoffAt), asc(betMatches.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);

  const mine = new Map<number, MatchOut['prediction']>();
  if (playerId !== null) {
    const preds = await db
      .select(PREDICTION_COLUMNS)
      .from(betPredictions)
      .where(and(eq(betPredictions.playerId, playerId), inArray(betPredictions.matchId, ids)));
    for (const p of preds) {
      mine.set(p.matchId, predictionOut(p));
    }
  }

  const pickRows = await db.execute(sql`
    SELECT p.match_id,
           count(*)::int AS total,
           (count(*) FILTER (WHERE p.home_score > p.away_score))::int AS home,
           (count(*) FILTER (WHERE p.home_score = p.away_score))::int AS draw,
           (count(*) FILTER (WHERE p.home_score < p.away_score))::int AS away
    FROM bet_predictions p JOIN players pl ON pl.id = p.player_id
    WHERE pl.server = ${server} AND p.match_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY p.match_id`);
  const picks = new Map<number, MatchOut['picks']>();
  for (const r of (pickRows as { rows?: Array<{ match_id: number; total: number; home: number; draw: number; away: number }> }).rows ??
    []) {
    picks.set(r.match_id, {
      total: r.total,
      home: percent(r.home, r.total),
      draw: percent(r.draw, r.total),
      away: percent(r.away, r.total),
    });
  }

  return rows.map((r) => {
    const hasResult = r.homeScore !== null && r.awayScore !== null;
    return {
      id: r.id,
      stage: r.stage,
      group: r.group,
      kickoff_at: r.kickoffAt.toISOString(),
      venue: r.venue,
      home: r.home,
      away: r.away,
      status: matchStatus(r.kickoffAt, hasResult, now),
      result: hasResult
        ? {
            home: r.homeScore!,
            away: r.awayScore!,
            penalties: r.homePenalties !== null && r.awayPenalties !== null ? { home: r.homePenalties, away: r.awayPenalties } : null,
          }
        : null,
      prediction: mine.get(r.id) ?? null,
      picks: picks.get(r.id) ?? { total: 0, home: 0, draw: 0, away: 0 },
    };
  });
}

/** Groups matches into blocks: groups in letter order, then knockout stages in tournament order. */
export function groupMatches(matches: readonly MatchOut[]): StageBlock[] {
  const blocks = new Map<string, StageBlock>();
  for (const m of matches) {
    const key = m.stage === 'group' ? `group-${m.group}` : m.stage;
    let block = blocks.get(key);
    if (!block) {
      block = { key, stage: m.stage, group: m.stage === 'group' ? m.group : null, matches: [] };
      blocks.set(key, block);
    }
    block.matches.push(m);
  }
  return [...blocks.values()].sort(
    (a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || (a.group ?? '').localeCompare(b.group ?? ''),
  );
}

/**
 * The earliest kick-off after `now` (bets clock), of one tournament or of all: match states
 * (`open` → `locked`) and tournament states (`upcoming` → `live`) change then without a write.
 */

/**
 * The bets ranking (spec §1 Ranking tab, §3 ranking row: name, server, total bets, total points).
 *
 * Totals are cached per (tournament, player) in `bet_standings`, rebuilt by
 * {@link refreshStandings} when a result is scored or a player predicts, so the ranking route
 * reads one indexed table and never aggregates predictions. Order: see `compareStandings`
 * (src/domains/bets/scoring.ts) — points, exact scores, correct outcomes, player id.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ServerCode } from '@landing/domain';

/** ORDER BY of the ranking; must match `compareStandings`. */
const RANKING_ORDER_SQL = sql.raw('s.total_points DESC, s.exact_scores DESC, s.correct_outcomes DESC, s.player_id ASC');

/**
 * Rebuilds the cached totals of a tournament (all of its bettors, or only `playerIds`).
 * Counts every prediction as a bet, scored ones towards points, exact scores and correct
 * outcomes (any tier that earns points).
 */
export async function refreshStandings(db: Db, tournamentId: number, playerIds?: readonly number[]): Promise<void> {
  if (playerIds && playerIds.length === 0) return;
  const onlyPlayers = playerIds
    ? sql`AND p.player_id IN (${sql.join(
        playerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    INSERT INTO bet_standings
      (tournament_id, player_id, server, total_bets, scored_bets, total_points, exact_scores, correct_outcomes, updated_at)
    SELECT m.tournament_id, p.player_id, pl.server,
           count(*)::int,
           count(p.points)::int,
           coalesce(sum(p.points), 0)::int,
           (count(*) FILTER (WHERE p.hit = 'exact'))::int,
           (count(*) FILTER (WHERE p.hit IN ('exact', 'goal_difference', 'outcome')))::int,
           now()
    FROM bet_predictions p
    JOIN bet_matches m ON m.id = p.match_id
    JOIN players pl ON pl.id = p.player_id
    WHERE m.tournament_id = ${tournamentId} ${onlyPlayers}
    GROUP BY m.tournament_id, p.player_id, pl.server
    ON CONFLICT (tournament_id, player_id) DO UPDATE SET
      server = excluded.server,
      total_bets = excluded.total_bets,
      scored_bets = excluded.scored_bets,
      total_points = excluded.total_points,
      exact_scores = excluded.exact_scores,
      correct_outcomes = excluded.correct_outcomes,
      updated_at = excluded.updated_at`);
}

/** One ranking row as the API answers it (spec §3). */
interface RankingRow {
  position: number;
  player_id: number;
  name: string;
  server: ServerCode;
  total_bets: number;
  total_points: number;
  exact_scores: number;
  correct_outcomes: number;
}

/** A page of the ranking. */
export interface RankingPage {
  rows: RankingRow[];
  /** Bettors in the ranking (all pages). */
  total: number;
  /** The row of `meId` wherever it is (null when that player has no bet in this tournament). */
  me: RankingRow | null;
  /** When the cached totals were last rebuilt (ISO), null when the ranking is empty. */
  updated_at: string | null;
}

/** A ranking row as the database returns it: `position` (a window function's bigint) may come as a string. */
interface RawRow extends Omit<RankingRow, 'position'>, Record<string, unknown> {
  position: string | number;
}

function toRow(r: RawRow): RankingRow {
  return {
    position: Number(r.position),
    player_id: r.player_id,
    name: r.name,
    server: r.server,
    total_bets: r.total_bets,
    total_points: r.total_points,
    exact_scores: r.exact_scores,
    correct_outcomes: r.correct_outcomes,
  };
}

function rowsOf<T>(result: unknown): T[] {
  // PGlite answers { rows }, node-postgres a QueryResult with rows too.
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Reads one page of a tournament's ranking.
 *
 * @param scope `server`: bettors of `server` only; `all`: bettors of every server in `servers`
 * @param page 1-based page number; `perPage` rows per page
 * @param meId player whose own row is returned in `me` (the logged-in player), if any
 */
export async function readRanking(
  db: Db,
  options: {
    tournamentId: number;
    scope: 'server' | 'all';
    server: ServerCode;
    servers: readonly ServerCode[];
    page: number;
    perPage: number;
    meId?: number | null;
  },
): Promise<RankingPage> {
  const { tournamentId, scope, server, servers, page, perPage, meId } = options;
  const where: SQL =
    scope === 'server'
      ? sql`s.tournament_id = ${tournamentId} AND s.total_bets > 0 AND s.server = ${server}`
      : sql`s.tournament_id = ${tournamentId} AND s.total_bets > 0 AND s.server IN (${sql.join(
          servers.map((c) => sql`${c}`),
          sql`, `,
        )})`;
  const ranked = sql`
    SELECT s.player_id, s.server, s.total_bets, s.total_points, s.exact_scores, s.correct_outcomes,
           row_number() OVER (ORDER BY ${RANKING_ORDER_SQL}) AS position
    FROM bet_standings s WHERE ${where}`;

  const pageRows = rowsOf<RawRow>(
    await db.execute(sql`
      WITH ranked AS (${ranked})
      SELECT r.*, pl.nickname AS name FROM ranked r JOIN players pl ON pl.id = r.player_id
      WHERE r.position > ${(page - 1) * perPage} AND r.position <= ${page * perPage}
      ORDER BY r.position`),
  );
  const [summary] = rowsOf<{ total: number; updated_at: string | Date | null }>(
    await db.execute(sql`SELECT count(*)::int AS total, max(s.updated_at) AS updated_at FROM bet_standings s WHERE ${where}`),
  );
  let me: RankingRow | null = null;
  if (meId != null) {
    const found = pageRows.find((r) => r.player_id === meId);
    if (found) me = toRow(found);
    else {
      const [mine] = rowsOf<RawRow>(
        await db.execute(sql`
          WITH ranked AS (${ranked})
          SELECT r.*, pl.nickname AS name FROM ranked r JOIN players pl ON pl.id = r.player_id
          WHERE r.player_id = ${meId}`),
      );
      me = mine ? toRow(mine) : null;
    }
  }
  const updated = summary?.updated_at;
  return {
    rows: pageRows.map(toRow),
    total: summary?.total ?? 0,
    me,
    updated_at: updated ? new Date(updated).toISOString() : null,
  };
}

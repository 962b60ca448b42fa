/**
 * Read side of the bets game: tournaments with their state and rules, and the matches of a
 * tournament grouped by group/stage with results, the viewer's predictions and community picks.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { betMatches, betPredictions, betTeams, betTournaments, STAGES } from './tables.js';
import type { ServerCode } from '@landing/domain';
import type { Match, StageBlock, Team, Tournament } from '@landing/domain/schemas/bets';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { msUntilNext } from '../../lib/read-cache.js';
import { currentUser, type CurrentUser } from '../auth/current-user.js';
import { clockFakeable, storedClockOffset } from './clock.js';
import { MAX_PREDICTED_GOALS, parseScoring, scorePrediction, type Score, type ScoringRules } from './scoring.js';

/** A team, a tournament, a match as answered: the shapes of `@landing/domain/schemas/bets`. */
export type TeamOut = Team;
export type TournamentOut = Tournament;

/** The predictions the Rules tab explains, against a 2-1 win and a 1-1 draw: one per tier. */
const EXAMPLES: ReadonlyArray<[Score, Score]> = [
  [
    { home: 2, away: 1 },
    { home: 2, away: 1 },
  ],
  [
    { home: 2, away: 1 },
    { home: 3, away: 2 },
  ],
  [
    { home: 2, away: 1 },
    { home: 3, away: 0 },
  ],
  [
    { home: 2, away: 1 },
    { home: 1, away: 1 },
  ],
  [
    { home: 1, away: 1 },
    { home: 1, away: 1 },
  ],
  [
    { home: 1, away: 1 },
    { home: 0, away: 0 },
  ],
  [
    { home: 1, away: 1 },
    { home: 0, away: 1 },
  ],
];

/** {@link EXAMPLES} scored with `rules`. */
export function scoringExamples(rules: ScoringRules): TournamentOut['examples'] {
  return EXAMPLES.map(([result, prediction]) => ({ result, prediction, ...scorePrediction(prediction, result, rules) }));
}

export type MatchOut = Match;
export type { StageBlock };

interface TournamentRow {
  id: number;
  code: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  scoring: unknown;
  total: number;
  finished: number;
  firstKickoff: Date | null;
}

/** The internal id of a tournament with its answer shape. */
export interface TournamentRecord {
  id: number;
  out: TournamentOut;
}

function toDate(v: Date | string | null): Date | null {
  return v === null ? null : v instanceof Date ? v : new Date(v);
}

function tournamentOut(r: TournamentRow, now: Date): TournamentOut {
  const rules = parseScoring(r.scoring);
  const first = toDate(r.firstKickoff) ?? r.startsAt;
  const status = r.total > 0 && r.finished === r.total ? 'finished' : now >= first ? 'live' : 'upcoming';
  return {
    code: r.code,
    name: r.name,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    status,
    matches_total: r.total,
    matches_finished: r.finished,
    scoring: { exact: rules.exact, goal_difference: rules.goalDifference, outcome: rules.outcome },
    max_goals: MAX_PREDICTED_GOALS,
    examples: scoringExamples(rules),
  };
}

/** Every tournament, in display order (sort order, then the latest first). */
export async function listTournaments(db: Db, now: Date): Promise<TournamentRecord[]> {
  const rows = await db
    .select({
      id: betTournaments.id,
      code: betTournaments.code,
      name: betTournaments.name,
      startsAt: betTournaments.startsAt,
      endsAt: betTournaments.endsAt,
      scoring: betTournaments.scoring,
      total: sql<number>`count(${betMatches.id})::int`,
      finished: sql<number>`count(${betMatches.homeScore})::int`,
      firstKickoff: sql<Date | null>`min(${betMatches.kickoffAt})`,
    })
    .from(betTournaments)
    .leftJoin(betMatches, eq(betMatches.tournamentId, betTournaments.id))
    .groupBy(betTournaments.id)
    .orderBy(asc(betTournaments.sortOrder), sql`${betTournaments.startsAt} DESC`, asc(betTournaments.id));
  return rows.map((r) => ({ id: r.id, out: tournamentOut(r, now) }));
}

/**
 * The tournament shown by default: the first live one, else the next to start, else the first
 * in display order. Undefined when there is none.
 */
export function defaultTournament(list: readonly TournamentRecord[]): TournamentRecord | undefined {
  return (
    list.find((t) => t.out.status === 'live') ??
    [...list].filter((t) => t.out.status === 'upcoming').sort((a, b) => a.out.starts_at.localeCompare(b.out.starts_at))[0] ??
    list[0]
  );
}

/** Status of a match at `now`. */
export function matchStatus(kickoffAt: Date, hasResult: boolean, now: Date): MatchOut['status'] {
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
      .select({
        matchId: betPredictions.matchId,
        home: betPredictions.homeScore,
        away: betPredictions.awayScore,
        points: betPredictions.points,
        hit: betPredictions.hit,
        updatedAt: betPredictions.updatedAt,
      })
      .from(betPredictions)
      .where(and(eq(betPredictions.playerId, playerId), inArray(betPredictions.matchId, ids)));
    for (const p of preds) {
      mine.set(p.matchId, { home: p.home, away: p.away, points: p.points, hit: p.hit, updated_at: p.updatedAt.toISOString() });
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
export async function nextKickoff(db: Db, now: Date, tournamentId?: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${betMatches.kickoffAt})` })
    .from(betMatches)
    .where(
      and(
        sql`${betMatches.kickoffAt} > ${now.toISOString()}::timestamptz`,
        tournamentId === undefined ? undefined : eq(betMatches.tournamentId, tournamentId),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** The viewer's predictions of a tournament's matches (spec §3 prediction), by match id. */
export async function predictionsOf(
  db: Db,
  tournamentId: number,
  playerId: number,
): Promise<Array<{ match_id: number } & NonNullable<MatchOut['prediction']>>> {
  const rows = await db
    .select({
      matchId: betPredictions.matchId,
      home: betPredictions.homeScore,
      away: betPredictions.awayScore,
      points: betPredictions.points,
      hit: betPredictions.hit,
      updatedAt: betPredictions.updatedAt,
    })
    .from(betPredictions)
    .innerJoin(betMatches, eq(betMatches.id, betPredictions.matchId))
    .where(and(eq(betPredictions.playerId, playerId), eq(betMatches.tournamentId, tournamentId)))
    .orderBy(asc(betMatches.kickoffAt), asc(betMatches.id));
  return rows.map((p) => ({
    match_id: p.matchId,
    home: p.home,
    away: p.away,
    points: p.points,
    hit: p.hit,
    updated_at: p.updatedAt.toISOString(),
  }));
}

/**
 * The tournament of `code` in `list`, or the default one (see {@link defaultTournament}) when no
 * code is given.
 * @throws ApiError 404 TOURNAMENT_NOT_FOUND
 */
export function findTournament(list: readonly TournamentRecord[], code: string | undefined): TournamentRecord {
  const found = code ? list.find((t) => t.out.code === code) : defaultTournament(list);
  if (!found) throw new ApiError(404, 'TOURNAMENT_NOT_FOUND', 'Tournament not found');
  return found;
}

/** The bets clock, its stored offset read through the read cache (topic `core`). */
export async function betsClock(app: FastifyInstance): Promise<Date> {
  const fakeable = clockFakeable(app.apiConfig.nodeEnv);
  const offset = fakeable
    ? await app.readCache.get('bets-clock-offset', ['core'], async () => ({ value: await storedClockOffset(app.db) }))
    : 0;
  return new Date(Date.now() + offset);
}

/** Every tournament at `now` through the read cache: kept until the next kick-off changes a state. */
export function cachedTournaments(app: FastifyInstance, now: Date): Promise<TournamentRecord[]> {
  return app.readCache.get('bets-tournaments', ['bets', 'core'], async () => {
    const [list, next] = await Promise.all([listTournaments(app.db, now), nextKickoff(app.db, now)]);
    return { value: list, ttlMs: msUntilNext(now, [next]) };
  });
}

/** The viewer when they play on `server` (a player of another server is a visitor here). */
export async function viewerOn(request: Parameters<typeof currentUser>[0], server: ServerCode): Promise<CurrentUser | null> {
  const user = await currentUser(request);
  return user && user.server === server ? user : null;
}

/** Code of the tournament a match belongs to ('' for an unknown match). */
export async function tournamentCodeOfMatch(db: Db, matchId: number): Promise<string> {
  const [t] = await db
    .select({ code: betTournaments.code })
    .from(betMatches)
    .innerJoin(betTournaments, eq(betTournaments.id, betMatches.tournamentId))
    .where(eq(betMatches.id, matchId));
  return t?.code ?? '';
}

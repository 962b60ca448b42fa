/**
 * Read side of the bets game: tournaments with their state and rules, the viewer's predictions, the bets clock;
 * the matches of a tournament are in ./matches.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { betMatches, betPredictions, betTournaments, type Hit } from './tables.js';
import type { ServerCode } from '@landing/domain';
import type { Match, Tournament } from '@landing/domain/schemas/bets';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { msUntilNext } from '../../lib/cached-answers.js';
import { currentUser, type CurrentUser } from '../auth/current-user.js';
import { clockFakeable, storedClockOffset } from './clock.js';
import { MAX_PREDICTED_GOALS, parseScoring, scorePrediction, type Score, type ScoringRules } from './scoring.js';

/** A tournament and a match as answered: the shapes of `@landing/domain/schemas/bets`. */
type TournamentOut = Tournament;

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
function scoringExamples(rules: ScoringRules): TournamentOut['examples'] {
  return EXAMPLES.map(([result, prediction]) => ({ result, prediction, ...scorePrediction(prediction, result, rules) }));
}

export type MatchOut = Match;

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

/** The columns of a prediction that {@link predictionOut} answers, with its match id. */
export const PREDICTION_COLUMNS = {
  matchId: betPredictions.matchId,
  home: betPredictions.homeScore,
  away: betPredictions.awayScore,
  points: betPredictions.points,
  hit: betPredictions.hit,
  updatedAt: betPredictions.updatedAt,
};

/** A prediction row (selected with {@link PREDICTION_COLUMNS}) as the API answers it (spec §3 prediction). */
export function predictionOut(p: {
  home: number;
  away: number;
  points: number | null;
  hit: Hit | null;
  updatedAt: Date;
}): NonNullable<MatchOut['prediction']> {
  return { home: p.home, away: p.away, points: p.points, hit: p.hit, updated_at: p.updatedAt.toISOString() };
}

/** The viewer's predictions of a tournament's matches (spec §3 prediction), by match id. */
export async function predictionsOf(
  db: Db,
  tournamentId: number,
  playerId: number,
): Promise<Array<{ match_id: number } & NonNullable<MatchOut['prediction']>>> {
  const rows = await db
    .select(PREDICTION_COLUMNS)
    .from(betPredictions)
    .innerJoin(betMatches, eq(betMatches.id, betPredictions.matchId))
    .where(and(eq(betPredictions.playerId, playerId), eq(betMatches.tournamentId, tournamentId)))
    .orderBy(asc(betMatches.kickoffAt), asc(betMatches.id));
  return rows.map((p) => ({ match_id: p.matchId, ...predictionOut(p) }));
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

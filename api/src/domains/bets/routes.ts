import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { betMatches, betTournaments, HITS, STAGES } from '../db/schema/bets.js';
import { betsNow, clockFakeable, MAX_CLOCK_OFFSET_MS, setClockOffset, storedClockOffset } from '../bets/clock.js';
import { startBetsDemo } from '../bets/demo.js';
import { MATCH_LOCKED_MESSAGE, savePrediction } from '../bets/predictions.js';
import {
  defaultTournament,
  groupMatches,
  listTournaments,
  nextKickoff,
  predictionsOf,
  tournamentMatches,
  type TournamentRecord,
} from '../bets/queries.js';
import { readRanking } from '../bets/ranking.js';
import { enterResult } from '../bets/results.js';
import { MAX_PREDICTED_GOALS } from '../bets/scoring.js';
import { currentUser, requireUser, type CurrentUser } from '../lib/currentUser.js';
import { ApiError, ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { dbIdParam } from '../lib/validation.js';
import { msUntilNext, PRIVATE_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../lib/read-cache.js';
import { ALL_SERVERS, type ServerCode } from '../servers.js';

/** Spec §8 message for a visitor who tries to predict. */
export const LOGIN_TO_PREDICT = 'Users must be logged in to predict results';
/** Error code of {@link LOGIN_TO_PREDICT} (401; the client logs out on 401, spec §8). */
export const LOGIN_TO_PREDICT_CODE = 'BET_LOGIN_REQUIRED';

// ---- schemas ----------------------------------------------------------------------------------

const Team = z
  .object({
    code: z.string().regex(/^[A-Z]{3}$/).describe('FIFA code, e.g. GER'),
    name: z.string().describe('English name'),
    region: z.string().describe('ISO 3166-1 alpha-2 or subdivision (GB-ENG) for the flag and the localised name'),
  })
  .meta({ id: 'BetTeam' });

const Scoring = z
  .object({
    exact: z.number().int().describe('Points for the exact final score'),
    goal_difference: z.number().int().describe('Points for the right winner and goal difference (never for draws)'),
    outcome: z.number().int().describe('Points for the right winner, or a draw with another score'),
  })
  .meta({ id: 'BetScoring' });

/** A tournament with its state and scoring rules. */
export const Tournament = z
  .object({
    code: z.string(),
    name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(['upcoming', 'live', 'finished']),
    matches_total: z.number().int(),
    matches_finished: z.number().int(),
    scoring: Scoring,
    max_goals: z.number().int().describe('Highest goals per team a prediction may give; predictions close at kick-off'),
    examples: z
      .array(
        z.object({
          result: z.object({ home: z.number().int(), away: z.number().int() }),
          prediction: z.object({ home: z.number().int(), away: z.number().int() }),
          hit: z.enum(HITS),
          points: z.number().int(),
        }),
      )
      .describe('Worked examples scored by the API with these rules (for the Rules tab)'),
  })
  .meta({ id: 'BetTournament' });

const Score = z.object({ home: z.number().int(), away: z.number().int() });

/** A match with its result, the viewer's prediction and the server's community picks. */
export const Match = z
  .object({
    id: z.number().int(),
    stage: z.enum(STAGES),
    group: z.string().nullable(),
    kickoff_at: z.string().describe('ISO instant; show it in the server time zone (spec §9)'),
    venue: z.string().nullable(),
    home: Team,
    away: Team,
    status: z.enum(['open', 'locked', 'finished']).describe('open: predictions accepted; locked: kicked off, waiting for the result'),
    result: Score.extend({ penalties: Score.nullable() })
      .nullable()
      .describe('Score after extra time; penalties of a shoot-out (not scored)'),
    prediction: z
      .object({
        home: z.number().int(),
        away: z.number().int(),
        points: z.number().int().nullable().describe('null until the result is in'),
        hit: z.enum(HITS).nullable(),
        updated_at: z.string(),
      })
      .nullable()
      .describe(
        "The viewer's prediction: in the answer of PUT …/prediction. Always null in the public matches list " +
          '(cached for everyone); the viewer’s own predictions are `GET /{server}/bets/tournaments/{code}/predictions`.',
      ),
    picks: z
      .object({ total: z.number().int(), home: z.number().int(), draw: z.number().int(), away: z.number().int() })
      .describe("This server's predictions: count and whole percent for home win / draw / away win"),
  })
  .meta({ id: 'BetMatch' });

const Viewer = z
  .object({ player_id: z.number().int(), name: z.string(), server: z.enum(ALL_SERVERS) })
  .nullable()
  .describe('The logged-in player as the API sees them; null for visitors');

const TournamentsResponse = z
  .object({
    tournaments: z.array(Tournament),
    current: z.string().nullable().describe('Code of the tournament to show by default'),
    now: z.string().describe('The bets clock (ISO)'),
  })
  .meta({ id: 'BetTournaments' });

const MatchesResponse = z
  .object({
    tournament: Tournament,
    now: z.string().describe('The bets clock (ISO); predictions close when it reaches kick-off'),
    viewer: Viewer.describe('Always null in this public answer: see `GET …/predictions`'),
    stages: z.array(
      z.object({
        key: z.string().describe('group-A … or the stage'),
        stage: z.enum(STAGES),
        group: z.string().nullable(),
        matches: z.array(Match),
      }),
    ),
  })
  .meta({ id: 'BetMatches' });

const goals = z
  .number({ error: `Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}` })
  .int(`Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}`)
  .min(0, `Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}`)
  .max(MAX_PREDICTED_GOALS, `Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}`);

const PredictionBody = z.object({
  home_score: goals.describe('Predicted goals of the home team'),
  away_score: goals.describe('Predicted goals of the away team'),
});

const PredictionResponse = z.object({ match: Match }).meta({ id: 'BetPredictionSaved' });

const OwnPrediction = z.object({
  match_id: z.number().int(),
  home: z.number().int(),
  away: z.number().int(),
  points: z.number().int().nullable().describe('null until the result is in'),
  hit: z.enum(HITS).nullable(),
  updated_at: z.string(),
});

/** Answer of `GET /:server/bets/tournaments/:tournament/predictions`: the viewer's part of the matches, split from the public list (issue 12). */
const PredictionsResponse = z
  .object({
    now: z.string().describe('The bets clock (ISO)'),
    viewer: Viewer,
    predictions: z.array(OwnPrediction).describe("The viewer's predictions of this tournament (empty for visitors), kick-off order"),
  })
  .meta({ id: 'BetOwnPredictions' });

const RankingRow = z
  .object({
    position: z.number().int().positive(),
    player_id: z.number().int(),
    name: z.string(),
    server: z.enum(ALL_SERVERS),
    total_bets: z.number().int(),
    total_points: z.number().int(),
    exact_scores: z.number().int(),
    correct_outcomes: z.number().int(),
  })
  .meta({ id: 'BetRankingRow' });

/** Answer of the ranking route. */
export const RankingResponse = z
  .object({
    tournament: z.object({ code: z.string(), name: z.string() }),
    scope: z.enum(['server', 'all']),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().describe('Bettors in the ranking'),
    pages: z.number().int(),
    rows: z.array(RankingRow).describe('Ordered by points, exact scores, correct outcomes, then player id'),
    me: RankingRow.nullable().describe(
      "Always null in this public answer (cached for everyone): the logged-in player's row is `GET /{server}/bets/ranking/me`",
    ),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'BetRanking' });

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number between ${min} and ${max}` })
    .int(`must be a whole number between ${min} and ${max}`)
    .min(min, `must be a whole number between ${min} and ${max}`)
    .max(max, `must be a whole number between ${min} and ${max}`)
    .default(fallback);

const TournamentCode = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be a tournament code such as world-cup');

const RankingMeQuery = z.object({
  tournament: TournamentCode.optional().describe('Tournament code (default: the current tournament)'),
  scope: z.enum(['server', 'all']).default('server').describe('server: bettors of this server; all: of every server'),
});

const RankingMeResponse = z
  .object({ me: RankingRow.nullable().describe("The logged-in player's row wherever it is; null for visitors or without bets") })
  .meta({ id: 'BetRankingMe' });

const RankingQuery = z.object({
  tournament: TournamentCode.optional().describe('Tournament code (default: the current tournament)'),
  page: wholeNumber(1, 100_000, 1).describe('1-based page'),
  per_page: wholeNumber(1, 50, 20).describe('Rows per page, 1..50 (default 20)'),
  scope: z.enum(['server', 'all']).default('server').describe('server: bettors of this server; all: of every server'),
});

// ---- helpers ----------------------------------------------------------------------------------

function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function findTournament(list: readonly TournamentRecord[], code: string | undefined): TournamentRecord {
  const found = code ? list.find((t) => t.out.code === code) : defaultTournament(list);
  if (!found) throw new ApiError(404, 'TOURNAMENT_NOT_FOUND', 'Tournament not found');
  return found;
}

/** The bets clock, its stored offset read through the read cache (topic `core`). */
async function betsClock(app: FastifyInstance): Promise<Date> {
  const fakeable = clockFakeable(app.apiConfig.nodeEnv);
  const offset = fakeable ? await app.readCache.get('bets-clock-offset', ['core'], async () => ({ value: await storedClockOffset(app.db) })) : 0;
  return new Date(Date.now() + offset);
}

/** Every tournament at `now` through the read cache: kept until the next kick-off changes a state. */
function cachedTournaments(app: FastifyInstance, now: Date): Promise<TournamentRecord[]> {
  return app.readCache.get('bets-tournaments', ['bets', 'core'], async () => {
    const [list, next] = await Promise.all([listTournaments(app.db, now), nextKickoff(app.db, now)]);
    return { value: list, ttlMs: msUntilNext(now, [next]) };
  });
}

/** The viewer when they play on `server` (a player of another server is a visitor here). */
async function viewerOn(request: Parameters<typeof currentUser>[0], server: ServerCode): Promise<CurrentUser | null> {
  const user = await currentUser(request);
  return user && user.server === server ? user : null;
}

/**
 * The bets game (spec §1 Bet matches / Ranking / Rules; §3 prediction and ranking row; §5 "Bet:
 * logged in"; §8 "Users must be logged in to predict results", "no bettors at the moment").
 */
export default defineRoutes({
  domain: 'bets',

  async serverRoutes(app) {
    app.get(
      '/bets/tournaments',
      {
        schema: {
          tags: ['bets'],
          summary: 'Tournaments with their state and scoring rules',
          params: ServerParams,
          response: { 200: TournamentsResponse, ...errorResponses },
        },
      },
      async (_request, reply) => {
        const now = await betsClock(app);
        const cached = await app.readCache.get<CachedBody>('bets-tournaments-answer', ['bets', 'core'], async () => {
          const list = await listTournaments(app.db, now);
          const next = await nextKickoff(app.db, now);
          return {
            value: toCachedBody(TournamentsResponse.omit({ now: true }), { tournaments: list.map((t) => t.out), current: defaultTournament(list)?.out.code ?? null }),
            ttlMs: msUntilNext(now, [next]),
          };
        });
        // `now` is the clock of this very answer, never a cached one.
        return sendCached(reply, cached, undefined, { now: now.toISOString() });
      },
    );

    app.get(
      '/bets/tournaments/:tournament/matches',
      {
        schema: {
          tags: ['bets'],
          summary: "Matches of a tournament by group/stage, with results and the viewer's predictions",
          description: 'Send X-Auth-Token and X-Auth-Id to get your predictions. An unknown or expired session reads as a visitor.',
          params: ServerParams.extend({ tournament: TournamentCode }),
          response: { 200: MatchesResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        const now = await betsClock(app);
        const tournament = findTournament(await cachedTournaments(app, now), request.params.tournament);
        const cached = await app.readCache.get<CachedBody>(`bets-matches:${server}:${tournament.id}`, ['bets', 'core'], async () => {
          const [matches, next] = await Promise.all([
            tournamentMatches(app.db, { tournamentId: tournament.id, now, playerId: null, server }),
            nextKickoff(app.db, now, tournament.id),
          ]);
          return {
            value: toCachedBody(MatchesResponse.omit({ now: true }), { tournament: tournament.out, viewer: null, stages: groupMatches(matches) }),
            ttlMs: msUntilNext(now, [next]),
          };
        });
        return sendCached(reply, cached, undefined, { now: now.toISOString() });
      },
    );

    app.get(
      '/bets/tournaments/:tournament/predictions',
      {
        schema: {
          tags: ['bets'],
          summary: "The viewer's own predictions of a tournament",
          description:
            'Per viewer (`Cache-Control: private, no-store`), split from the public matches list. Send X-Auth-Token and ' +
            'X-Auth-Id; a visitor (or a player of another server) gets `viewer: null` and no predictions.',
          params: ServerParams.extend({ tournament: TournamentCode }),
          response: { 200: PredictionsResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        const now = await betsClock(app);
        const tournament = findTournament(await cachedTournaments(app, now), request.params.tournament);
        const viewer = await viewerOn(request, server);
        return {
          now: now.toISOString(),
          viewer: viewer ? { player_id: viewer.playerId, name: viewer.nickname, server: viewer.server } : null,
          predictions: viewer ? await predictionsOf(app.db, tournament.id, viewer.playerId) : [],
        };
      },
    );

    app.put(
      '/bets/matches/:matchId/prediction',
      {
        // A visitor is told to log in whatever the body holds (spec §8), before validation.
        preValidation: async (request) => {
          await requireUser(request, LOGIN_TO_PREDICT, LOGIN_TO_PREDICT_CODE);
        },
        schema: {
          tags: ['bets'],
          summary: 'Create or change your prediction (until kick-off)',
          description:
            'Needs a session (X-Auth-Token + X-Auth-Id) of a player of this server. ' +
            `401 ${LOGIN_TO_PREDICT_CODE} "${LOGIN_TO_PREDICT}"; 403 OTHER_SERVER; 404 MATCH_NOT_FOUND; ` +
            `409 MATCH_LOCKED "${MATCH_LOCKED_MESSAGE}" (server clock); 400 for scores outside 0..${MAX_PREDICTED_GOALS}.`,
          params: ServerParams.extend({ matchId: dbIdParam() }),
          body: PredictionBody,
          response: { 200: PredictionResponse, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, ...errorResponses },
        },
      },
      async (request) => {
        const { server, matchId } = request.params;
        const user = await requireUser(request, LOGIN_TO_PREDICT, LOGIN_TO_PREDICT_CODE);
        if (user.server !== server) {
          throw new ApiError(403, 'OTHER_SERVER', 'You can only predict on the server you play on');
        }
        const now = await betsClock(app);
        const { tournamentId } = await savePrediction(app.db, {
          matchId,
          playerId: user.playerId,
          score: { home: request.body.home_score, away: request.body.away_score },
          now,
        });
        const [match] = await tournamentMatches(app.db, { tournamentId, now, playerId: user.playerId, server, matchIds: [matchId] });
        if (!match) throw new ApiError(404, 'MATCH_NOT_FOUND', 'Match not found');
        return { match };
      },
    );

    app.get(
      '/bets/ranking',
      {
        schema: {
          tags: ['bets'],
          summary: 'Bettors ranking of a tournament (paged)',
          description:
            'Rows: name, server, total bets, total points. Order: points, exact scores, correct outcomes, player id. ' +
            'Read from cached standings rebuilt when results are entered. Empty `rows` = no bettors at the moment.',
          params: ServerParams,
          querystring: RankingQuery,
          response: { 200: RankingResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        const { page, per_page: perPage, scope } = request.query;
        const now = await betsClock(app);
        const tournament = findTournament(await cachedTournaments(app, now), request.query.tournament);
        return app.readCache.send(reply, {
          // Bettors' names come from players: topic leaderboard too.
          key: `bets-ranking:${server}:${tournament.id}:${scope}:${page}:${perPage}`,
          topics: ['bets', 'leaderboard'],
          schema: RankingResponse,
          load: async () => {
            const ranking = await readRanking(app.db, {
              tournamentId: tournament.id,
              scope,
              server,
              servers: app.apiConfig.servers,
              page,
              perPage,
              meId: null,
            });
            return {
              value: {
                tournament: { code: tournament.out.code, name: tournament.out.name },
                scope,
                page,
                per_page: perPage,
                total: ranking.total,
                pages: Math.max(1, Math.ceil(ranking.total / perPage)),
                rows: ranking.rows,
                me: null,
                updated_at: ranking.updated_at,
              },
            };
          },
        });
      },
    );

    app.get(
      '/bets/ranking/me',
      {
        schema: {
          tags: ['bets'],
          summary: "The logged-in player's row of the bets ranking",
          description:
            'Per viewer (`Cache-Control: private, no-store`), split from the public ranking. `me` is null for visitors ' +
            'and for players without bets in the tournament.',
          params: ServerParams,
          querystring: RankingMeQuery,
          response: { 200: RankingMeResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        const now = await betsClock(app);
        const tournament = findTournament(await cachedTournaments(app, now), request.query.tournament);
        const viewer = await currentUser(request);
        if (!viewer) return { me: null };
        const ranking = await readRanking(app.db, {
          tournamentId: tournament.id,
          scope: request.query.scope,
          server,
          servers: app.apiConfig.servers,
          page: 1,
          perPage: 1,
          meId: viewer.playerId,
        });
        return { me: ranking.me };
      },
    );
  },

  async rootRoutes(app) {
    // Once across API processes (src/lib/leader.ts).
    if (app.apiConfig.demoActivity) app.runOnce('bets-results', () => startBetsDemo(app.db, app.log));

    const secret = app.apiConfig.adminSecret;
    if (!secret) return; // admin routes exist only when ADMIN_SECRET is set

    await app.register(async (instance) => {
      const admin = instance.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', async (request) => {
        if (!secretMatches(request.headers['x-admin-secret'], secret)) {
          throw new ApiError(401, 'UNAUTHORIZED', 'Invalid admin secret');
        }
      });
      const AdminHeaders = z.object({ 'x-admin-secret': z.string().describe('Must equal env ADMIN_SECRET') });
      const ClockState = z
        .object({
          now: z.string().describe('The bets clock (ISO)'),
          offset_ms: z.number().int().describe('Milliseconds added to the machine clock'),
          fakeable: z.boolean().describe('False in production: the offset is ignored there'),
        })
        .meta({ id: 'BetClock' });
      const clockState = async () => {
        const fakeable = clockFakeable(admin.apiConfig.nodeEnv);
        const offset = fakeable ? await storedClockOffset(admin.db) : 0;
        return { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset, fakeable };
      };

      admin.get(
        '/admin/bets/clock',
        { schema: { tags: ['admin'], summary: 'The bets clock', headers: AdminHeaders, response: { 200: ClockState, 401: ErrorBody } } },
        clockState,
      );

      admin.post(
        '/admin/bets/clock',
        {
          config: { xsrf: false },
          schema: {
            tags: ['admin'],
            summary: 'Fake the bets clock (outside production only, for end-to-end tests)',
            description:
              'Body `{ now }` sets the clock to that instant, `{ offset_ms }` shifts it, `{ reset: true }` returns to the machine clock. ' +
              'Refused with 409 CLOCK_NOT_FAKEABLE in production.',
            headers: AdminHeaders,
            body: z.union([
              z.object({ now: z.iso.datetime({ offset: true }) }).strict(),
              z.object({ offset_ms: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS) }).strict(),
              z.object({ reset: z.literal(true) }).strict(),
            ]),
            response: { 200: ClockState, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
          },
        },
        async (request) => {
          if (!clockFakeable(admin.apiConfig.nodeEnv)) {
            throw new ApiError(409, 'CLOCK_NOT_FAKEABLE', 'The bets clock cannot be changed in production');
          }
          const body = request.body;
          const offset = 'now' in body ? new Date(body.now).getTime() - Date.now() : 'offset_ms' in body ? body.offset_ms : 0;
          if (Math.abs(offset) > MAX_CLOCK_OFFSET_MS) throw new ApiError(400, 'VALIDATION_ERROR', 'The clock may move at most 10 years');
          await setClockOffset(admin.db, Math.round(offset));
          request.log.info({ offset }, 'bets clock set');
          return clockState();
        },
      );

      admin.post(
        '/admin/bets/matches/:matchId/result',
        {
          config: { xsrf: false },
          schema: {
            tags: ['admin'],
            summary: 'Enter (or correct) the final result of a match and score its predictions',
            description:
              'Score after extra time; `penalties` only for a knockout match drawn after extra time (not scored). ' +
              'Scores every prediction with the tournament rules and rebuilds the cached ranking. ' +
              '409 MATCH_NOT_STARTED before kick-off (bets clock).',
            headers: AdminHeaders,
            params: z.object({ matchId: dbIdParam() }),
            body: z.object({
              home_score: z.number().int().min(0).max(99),
              away_score: z.number().int().min(0).max(99),
              penalties: z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) }).nullish(),
            }),
            response: {
              200: z.object({ match_id: z.number().int(), tournament: z.string(), scored: z.number().int().describe('Predictions scored') }),
              400: ErrorBody,
              401: ErrorBody,
              404: ErrorBody,
              409: ErrorBody,
            },
          },
        },
        async (request) => {
          const now = await betsNow(admin.db, admin.apiConfig.nodeEnv);
          const { matchId } = request.params;
          const { home_score: home, away_score: away, penalties } = request.body;
          const done = await enterResult(admin.db, matchId, { home, away, penalties: penalties ?? null }, now);
          const [t] = await admin.db
            .select({ code: betTournaments.code })
            .from(betMatches)
            .innerJoin(betTournaments, eq(betTournaments.id, betMatches.tournamentId))
            .where(eq(betMatches.id, matchId));
          request.log.info({ matchId, home, away, scored: done.scored }, 'bets result entered');
          return { match_id: matchId, tournament: t?.code ?? '', scored: done.scored };
        },
      );
    });
  },
});

/**
 * The bets game (spec §1 Bet matches / Ranking / Rules; §3 prediction and ranking row; §5 "Bet:
 * logged in"; §8 "Users must be logged in to predict results", "no bettors at the moment"). The admin
 * routes (bets clock, results) and the results ticker are in admin.routes.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_PREDICTED_GOALS } from '@landing/domain';
import {
  MatchesResponse,
  MatchParams,
  PredictionBody,
  PredictionResponse,
  PredictionsResponse,
  RankingMeQuery,
  RankingMeResponse,
  RankingQuery,
  RankingResponse,
  TournamentParams,
  TournamentsResponse,
} from '@landing/domain/schemas/bets';
import { ServerParams } from '@landing/domain/schemas/common';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { ApiError } from '../../lib/errors.js';
import { msUntilNext, PRIVATE_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../../lib/cached-answers.js';
import { currentUser, perPlayerLimit, requireUser } from '../auth/current-user.js';
import { MATCH_LOCKED_MESSAGE, savePrediction } from './predictions.js';
import { readRanking } from './ranking.js';
import {
  betsClock,
  cachedTournaments,
  defaultTournament,
  findTournament,
  listTournaments,
  nextKickoff,
  predictionsOf,
  viewerOn,
} from './service.js';
import { groupMatches, tournamentMatches } from './matches.js';

/**
 * Predictions per player and minute before 429 (the demo World Cup has 48 matches; editing them all
 * takes minutes).
 */
export const PREDICTION_PLAYER_LIMIT = { max: 120, timeWindowMs: 60_000 };
/** spec §8: the message of a visitor's prediction. */
export const LOGIN_TO_PREDICT = 'Users must be logged in to predict results';
/** Its error code (the client shows the login form for it). */
export const LOGIN_TO_PREDICT_CODE = 'BET_LOGIN_REQUIRED';

/**
 * Sends a public bets answer from the read cache (topics `bets` and `core`), with `now`, the clock
 * of this very answer and never a cached one. `load` builds the body on a miss and names the next
 * kick-off (null: none), when the answer changes without a write: it is kept until then.
 */
async function sendUntilKickoff(
  app: FastifyInstance,
  reply: FastifyReply,
  now: Date,
  key: string,
  load: () => Promise<{ body: CachedBody; next: Date | null }>,
): Promise<FastifyReply> {
  const cached = await app.readCache.get<CachedBody>(key, ['bets', 'core'], async () => {
    const { body, next } = await load();
    return { value: body, ttlMs: msUntilNext(now, [next]) };
  });
  return sendCached(reply, cached, undefined, { now: now.toISOString() });
}

/**
 * Starts a per-viewer bets answer: marks it `Cache-Control: private, no-store`, reads the bets
 * clock and finds the tournament `code` names (the current one when none is given).
 * @throws ApiError 404 TOURNAMENT_NOT_FOUND
 */
async function viewerTournament(app: FastifyInstance, reply: FastifyReply, code: string | undefined) {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const now = await betsClock(app);
  return { now, tournament: findTournament(await cachedTournaments(app, now), code) };
}

/**
 * The bets game (spec §1 Bet matches / Ranking / Rules; §3 prediction and ranking row; §5 "Bet:
 * logged in"; §8 "Users must be logged in to predict results", "no bettors at the moment").
 */
export default defineRoutes({
  async server(app) {
    app.get(
      '/bets/tournaments',
      routeOptions({
        tag: 'bets',
        summary: 'Tournaments with their state and scoring rules',
        params: ServerParams,
        answer: TournamentsResponse,
      }),
      async (_request, reply) => {
        const now = await betsClock(app);
        return sendUntilKickoff(app, reply, now, 'bets-tournaments-answer', async () => {
          const list = await listTournaments(app.db, now);
          const body = toCachedBody(TournamentsResponse.omit({ now: true }), {
            tournaments: list.map((t) => t.out),
            current: defaultTournament(list)?.out.code ?? null,
          });
          return { body, next: await nextKickoff(app.db, now) };
        });
      },
    );

    app.get(
      '/bets/tournaments/:tournament/matches',
      routeOptions({
        tag: 'bets',
        summary: "Matches of a tournament by group/stage, with results and the viewer's predictions",
        params: TournamentParams,
        answer: MatchesResponse,
        description: 'Send X-Auth-Token and X-Auth-Id to get your predictions. An unknown or expired session reads as a visitor.',
      }),
      async (request, reply) => {
        const { server } = request.params;
        const now = await betsClock(app);
        const tournament = findTournament(await cachedTournaments(app, now), request.params.tournament);
        return sendUntilKickoff(app, reply, now, `bets-matches:${server}:${tournament.id}`, async () => {
          const [matches, next] = await Promise.all([
            tournamentMatches(app.db, { tournamentId: tournament.id, now, playerId: null, server }),
            nextKickoff(app.db, now, tournament.id),
          ]);
          const answer = { tournament: tournament.out, viewer: null, stages: groupMatches(matches) };
          return { body: toCachedBody(MatchesResponse.omit({ now: true }), answer), next };
        });
      },
    );

    app.get(
      '/bets/tournaments/:tournament/predictions',
      routeOptions({
        tag: 'bets',
        summary: "The viewer's own predictions of a tournament",
        params: TournamentParams,
        answer: PredictionsResponse,
        description:
          'Per viewer (`Cache-Control: private, no-store`), split from the public matches list. Send X-Auth-Token and X-Auth-Id; a visitor (or a player of another server) gets `viewer: null` and no predictions.',
      }),
      async (request, reply) => {
        const { server } = request.params;
        const { now, tournament } = await viewerTournament(app, reply, request.params.tournament);
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
        preHandler: perPlayerLimit(app, 'prediction', PREDICTION_PLAYER_LIMIT),
        ...routeOptions({
          tag: 'bets',
          summary: 'Create or change your prediction (until kick-off)',
          params: MatchParams,
          body: PredictionBody,
          answer: PredictionResponse,
          also: [401, 403, 409],
          description:
            'Needs a session (X-Auth-Token + X-Auth-Id) of a player of this server. ' +
            `401 ${LOGIN_TO_PREDICT_CODE} "${LOGIN_TO_PREDICT}"; 403 OTHER_SERVER; 404 MATCH_NOT_FOUND; ` +
            `409 MATCH_LOCKED "${MATCH_LOCKED_MESSAGE}" (server clock); 400 for scores outside 0..${MAX_PREDICTED_GOALS}; ` +
            `429 past ${PREDICTION_PLAYER_LIMIT.max} a minute from one player.`,
        }),
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
      routeOptions({
        tag: 'bets',
        summary: 'Bettors ranking of a tournament (paged)',
        params: ServerParams,
        querystring: RankingQuery,
        answer: RankingResponse,
        description:
          'Rows: name, server, total bets, total points. Order: points, exact scores, correct outcomes, player id. ' +
          'Read from cached standings rebuilt when results are entered. Empty `rows` = no bettors at the moment.',
      }),
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
      routeOptions({
        tag: 'bets',
        summary: "The logged-in player's row of the bets ranking",
        params: ServerParams,
        querystring: RankingMeQuery,
        answer: RankingMeResponse,
        description:
          'Per viewer (`Cache-Control: private, no-store`), split from the public ranking. `me` is null for visitors ' +
          'and for players without bets in the tournament.',
      }),
      async (request, reply) => {
        const { tournament } = await viewerTournament(app, reply, request.query.tournament);
        const { server } = request.params;
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
});

/**
 * The bets game (spec §1 Bet matches / Ranking / Rules; §3 prediction and ranking row; §5 "Bet:
 * logged in"; §8 "Users must be logged in to predict results", "no bettors at the moment"). The admin
 * routes (bets clock, results) and the results ticker are in admin.routes.ts.
 */
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
import { ApiError, ErrorBody, errorResponses } from '../../lib/errors.js';
import { msUntilNext, PRIVATE_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../../lib/cached-answers.js';
import { currentUser, requireUser } from '../auth/current-user.js';
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

/** spec §8: the message of a visitor's prediction. */
export const LOGIN_TO_PREDICT = 'Users must be logged in to predict results';
/** Its error code (the client shows the login form for it). */
export const LOGIN_TO_PREDICT_CODE = 'BET_LOGIN_REQUIRED';

/**
 * The bets game (spec §1 Bet matches / Ranking / Rules; §3 prediction and ranking row; §5 "Bet:
 * logged in"; §8 "Users must be logged in to predict results", "no bettors at the moment").
 */
export default defineRoutes({
  async server(app) {
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
            value: toCachedBody(TournamentsResponse.omit({ now: true }), {
              tournaments: list.map((t) => t.out),
              current: defaultTournament(list)?.out.code ?? null,
            }),
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
          params: TournamentParams,
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
            value: toCachedBody(MatchesResponse.omit({ now: true }), {
              tournament: tournament.out,
              viewer: null,
              stages: groupMatches(matches),
            }),
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
          params: TournamentParams,
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
          params: MatchParams,
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
});

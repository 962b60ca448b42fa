/**
 * Calls of the bets game to the landing API (`/{server}/bets/...`, see api/src/domains/bets/routes.ts)
 * through the shared client, so the spec §7 headers, XSRF and the §8 error catalogue apply.
 */
import type { AxiosInstance } from 'axios';
import { apiClient, apiGet, landingStore, type ReadScope } from '@landing/shared';
import type { RankingScope } from '@landing/domain';
import type {
  Match,
  MatchesResponse as MatchesAnswer,
  PredictionResponse,
  PredictionsResponse as OwnPredictionsAnswer,
  RankingMeResponse,
  RankingResponse as RankingAnswer,
  Score,
  TournamentsResponse as TournamentsAnswer,
} from '@landing/domain/schemas/bets';

// The answer types are the API's own schemas (`@landing/domain/schemas/bets`, through z.infer):
// type-only imports, so none of zod reaches this remote's bundle.
export type { Hit, RankingScope, Stage } from '@landing/domain';
export type {
  Match,
  Prediction,
  RankingRow,
  Score,
  StageBlock,
  Team,
  Tournament,
  MatchesResponse as MatchesAnswer,
  PredictionsResponse as OwnPredictionsAnswer,
  RankingMeResponse as RankingMeAnswer,
  RankingResponse as RankingAnswer,
  TournamentsResponse as TournamentsAnswer,
} from '@landing/domain/schemas/bets';

/** `GET /{server}/bets/tournaments` (`api`: the client of the render, see `useApiClient`). */
export function fetchTournaments(api: AxiosInstance, scope: ReadScope, signal?: AbortSignal): Promise<TournamentsAnswer> {
  return apiGet<TournamentsAnswer>(api, scope, '/bets/tournaments', undefined, signal);
}

/** Is someone logged in (browser store; the server renders visitors, its store has no user)? */
const loggedIn = () => landingStore.getState().userData !== null;

/**
 * `GET /{server}/bets/tournaments/{code}/matches`, the public list the API caches for everyone,
 * and for a logged-in viewer also `…/predictions` (a private answer, in parallel), merged into
 * each match's `prediction` and the answer's `viewer` as the page shows them.
 */
export async function fetchMatches(api: AxiosInstance, scope: ReadScope, code: string, signal?: AbortSignal): Promise<MatchesAnswer> {
  const base = `/bets/tournaments/${encodeURIComponent(code)}`;
  const [answer, own] = await Promise.all([
    apiGet<MatchesAnswer>(api, scope, `${base}/matches`, undefined, signal),
    loggedIn() ? apiGet<OwnPredictionsAnswer>(api, scope, `${base}/predictions`, undefined, signal) : null,
  ]);
  if (!own || !Array.isArray(own.predictions)) return answer;
  const mine = new Map(own.predictions.map(({ match_id, ...p }) => [match_id, p]));
  return {
    ...answer,
    viewer: own.viewer,
    stages: answer.stages.map((b) => ({ ...b, matches: b.matches.map((m) => ({ ...m, prediction: mine.get(m.id) ?? m.prediction })) })),
  };
}

/**
 * `PUT /{server}/bets/matches/{id}/prediction` — creates or changes the prediction.
 * @returns the updated match
 * @throws the AxiosError of the shared client (401 BET_LOGIN_REQUIRED, 409 MATCH_LOCKED, 400 …)
 */
export async function putPrediction(matchId: number, score: Score): Promise<Match> {
  const { data } = await apiClient.put<PredictionResponse>(`/bets/matches/${matchId}/prediction`, {
    home_score: score.home,
    away_score: score.away,
  });
  return data.match;
}

/**
 * `GET /{server}/bets/ranking`, the public page the API caches for everyone, and for a logged-in
 * viewer also `GET /{server}/bets/ranking/me` (a private answer, in parallel) for their own row `me`.
 */
export async function fetchRanking(
  api: AxiosInstance,
  read: ReadScope,
  params: { tournament: string; page: number; perPage: number; scope: RankingScope },
  signal?: AbortSignal,
): Promise<RankingAnswer> {
  const [page, own] = await Promise.all([
    apiGet<RankingAnswer>(
      api,
      read,
      '/bets/ranking',
      { tournament: params.tournament, page: params.page, per_page: params.perPage, scope: params.scope },
      signal,
    ),
    loggedIn()
      ? apiGet<RankingMeResponse>(api, read, '/bets/ranking/me', { tournament: params.tournament, scope: params.scope }, signal)
      : null,
  ]);
  return own ? { ...page, me: own.me } : page;
}

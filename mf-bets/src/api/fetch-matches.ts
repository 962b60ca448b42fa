/**
 * `GET /{server}/bets/tournaments/{code}/matches` and, for a logged-in viewer, `…/predictions`
 * (api/src/domains/bets/routes.ts) through the shared client, so the spec §7 headers and the §8
 * error catalogue apply.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ReadScope, type ApiClient } from '@landing/shared';
import type { MatchesResponse, PredictionsResponse } from '@landing/domain/schemas/bets';
import { hasSession } from '../lib/session';
import { betsKeys } from './keys';

/**
 * The public list the API caches for everyone, and for a logged-in viewer also `…/predictions`
 * (a private answer, fetched in parallel), merged into each match's `prediction` and the answer's
 * `viewer` as the page shows them.
 * @throws the AxiosError of the shared client
 */
export async function fetchMatches(api: ApiClient, scope: ReadScope, code: string, signal?: AbortSignal): Promise<MatchesResponse> {
  const base = `/bets/tournaments/${encodeURIComponent(code)}`;
  const [answer, own] = await Promise.all([
    apiGet<MatchesResponse>(api, scope, `${base}/matches`, undefined, signal),
    hasSession() ? apiGet<PredictionsResponse>(api, scope, `${base}/predictions`, undefined, signal) : null,
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
 * {@link fetchMatches} as a query of the shared cache, key {@link betsKeys}`.matches`.
 * @param viewer `viewerKey` of the viewer (a `viewer:…` key is never fetched on the server)
 */
export function matchesQuery(api: ApiClient, scope: ReadScope, code: string, viewer: string) {
  return queryOptions({
    queryKey: betsKeys.matches(scope.server, code, viewer),
    queryFn: ({ signal }) => fetchMatches(api, scope, code, signal),
  });
}

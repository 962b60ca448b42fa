/**
 * `GET /{server}/bets/ranking` and, for a logged-in viewer, `GET /{server}/bets/ranking/me`
 * (api/src/domains/bets/routes.ts) through the shared client, so the spec §7 headers and the §8
 * error catalogue apply.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ReadScope, type ApiClient } from '@landing/shared';
import type { RankingMeResponse, RankingResponse } from '@landing/domain/schemas/bets';
import { hasSession } from '../lib/session';
import { betsKeys, type RankingParams } from './keys';

/**
 * The public page the API caches for everyone, and for a logged-in viewer also their own row
 * (`…/ranking/me`, a private answer fetched in parallel) as the answer's `me`.
 * @throws the AxiosError of the shared client
 */
export async function fetchRanking(api: ApiClient, read: ReadScope, params: RankingParams, signal?: AbortSignal): Promise<RankingResponse> {
  const [page, own] = await Promise.all([
    apiGet<RankingResponse>(
      api,
      read,
      '/bets/ranking',
      { tournament: params.tournament, page: params.page, per_page: params.perPage, scope: params.scope },
      signal,
    ),
    hasSession()
      ? apiGet<RankingMeResponse>(api, read, '/bets/ranking/me', { tournament: params.tournament, scope: params.scope }, signal)
      : null,
  ]);
  return own ? { ...page, me: own.me } : page;
}

/**
 * {@link fetchRanking} as a query of the shared cache,
 * key {@link betsKeys}`.ranking`.
 * @param viewer `viewerKey` of the viewer, plus anything that should refetch it (`viewer:5|2`)
 */
export function rankingQuery(api: ApiClient, read: ReadScope, params: RankingParams, viewer: string) {
  return queryOptions({
    queryKey: betsKeys.ranking(read.server, params, viewer),
    queryFn: ({ signal }) => fetchRanking(api, read, params, signal),
  });
}

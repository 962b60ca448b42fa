/**
 * `GET /{server}/bets/tournaments` (api/src/domains/bets/routes.ts) through the shared client, so
 * the spec §7 headers and the §8 error catalogue apply.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ReadScope, type ApiClient } from '@landing/shared';
import type { TournamentsResponse } from '@landing/domain/schemas/bets';
import { betsKeys } from './keys';

/**
 * The tournaments with status, progress, scoring and the current one (spec §1).
 * @param api the client of the render (`useApiClient`)
 * @throws the AxiosError of the shared client
 */
function fetchTournaments(api: ApiClient, scope: ReadScope, signal?: AbortSignal): Promise<TournamentsResponse> {
  return apiGet<TournamentsResponse>(api, scope, '/bets/tournaments', undefined, signal);
}

/** {@link fetchTournaments} as a query of the shared cache, key {@link betsKeys}`.tournaments`. */
export function tournamentsQuery(api: ApiClient, scope: ReadScope) {
  return queryOptions({
    queryKey: betsKeys.tournaments(scope.server),
    queryFn: ({ signal }) => fetchTournaments(api, scope, signal),
  });
}

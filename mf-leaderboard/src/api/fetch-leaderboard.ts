/**
 * `GET /{server}/leaderboard?limit=` (spec §3; api/src/domains/leaderboard/routes.ts) through the
 * shared client, so the spec §7 headers and the §8 error catalogue apply.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type LeaderboardPlayer, type LeaderboardTeam, type ReadScope, type WeeklyPrize, type ApiClient } from '@landing/shared';
import type { LeaderboardResponse } from '@landing/domain/schemas/leaderboard';
import { leaderboardKeys } from './keys';

/** The leaderboard as spec §3 names it: `leaderboardPlayers` from `ranking`, `leaderboardTeams` from `ranking_teams`. */
export interface LeaderboardData {
  leaderboardPlayers: LeaderboardPlayer[];
  leaderboardTeams: LeaderboardTeam[];
  weeklyPrizes: WeeklyPrize[];
  week: LeaderboardResponse['week'];
}

/**
 * The week's players, teams, prizes and bounds, renamed as spec §3 names them.
 * @param limit rows per list the API returns
 * @throws the AxiosError of the shared client
 */
async function fetchLeaderboard(api: ApiClient, scope: ReadScope, limit: number, signal?: AbortSignal): Promise<LeaderboardData> {
  const a = await apiGet<LeaderboardResponse>(api, scope, '/leaderboard', { limit }, signal);
  return { leaderboardPlayers: a.ranking, leaderboardTeams: a.ranking_teams, weeklyPrizes: a.prizes ?? [], week: a.week };
}

/**
 * {@link fetchLeaderboard} as a query (server-rendered, hydrated in the browser), key
 * `['leaderboard', server, limit]`. The rows do not depend on the language, so neither does the key.
 */
export function leaderboardQuery(api: ApiClient, scope: ReadScope, limit: number) {
  return queryOptions({
    queryKey: leaderboardKeys.top(scope.server, limit),
    queryFn: ({ signal }) => fetchLeaderboard(api, scope, limit, signal),
  });
}

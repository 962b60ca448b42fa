/**
 * The leaderboard's query (spec §3): `GET /{server}/leaderboard` in the shared cache, in a module
 * of its own so that Leaderboard.tsx exports only components and types (React Fast Refresh in dev).
 */
import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { apiGet, type ReadScope } from '@landing/shared';
import type { LeaderboardAnswer, LeaderboardData } from './Leaderboard';

/**
 * `GET /{server}/leaderboard?limit=` as a query (server-rendered, hydrated in the browser). The
 * rows do not depend on the language, so neither does the key.
 */
export function leaderboardQuery(api: AxiosInstance, scope: ReadScope, limit: number) {
  return queryOptions({
    queryKey: ['leaderboard', scope.server, limit] as const,
    queryFn: async ({ signal }): Promise<LeaderboardData> => {
      const a = await apiGet<LeaderboardAnswer>(api, scope, '/leaderboard', { limit }, signal);
      return { leaderboardPlayers: a.ranking, leaderboardTeams: a.ranking_teams, weeklyPrizes: a.prizes ?? [], week: a.week };
    },
  });
}

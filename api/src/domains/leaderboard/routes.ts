/** Leaderboard and stats routes (spec §1 stats strip and leaderboard, §3 fields). */
import { SERVERS } from '@landing/domain';
import { ServerParams } from '@landing/domain/schemas/common';
import { LeaderboardQuery, LeaderboardResponse, StatsResponse } from '@landing/domain/schemas/leaderboard';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { currentWeek } from '../../lib/week.js';
import { leaderboard, serverStats, STATS_TTL_MS } from './service.js';

export default defineRoutes({
  async server(app) {
    app.get(
      '/leaderboard',
      routeOptions({
        tag: 'leaderboard',
        summary: 'Weekly leaderboard (players, teams, Top 3 prizes)',
        params: ServerParams,
        querystring: LeaderboardQuery,
        answer: LeaderboardResponse,
      }),
      async (request, reply) => {
        const { server } = request.params;
        const { limit } = request.query;
        const now = new Date();
        // Keyed by week too; expires when the next week starts (a new, empty board).
        const week = currentWeek(SERVERS[server].timeZone, now);
        return app.readCache.send(reply, {
          key: `leaderboard:${server}:${week.startDate}:${limit}`,
          topics: ['leaderboard'],
          schema: LeaderboardResponse,
          load: async () => ({ value: await leaderboard(app.db, server, limit, now), ttlMs: week.end.getTime() - now.getTime() }),
        });
      },
    );

    app.get(
      '/stats',
      routeOptions({ tag: 'leaderboard', summary: 'Home-page stats strip', params: ServerParams, answer: StatsResponse }),
      async (request, reply) => {
        const { server } = request.params;
        return app.readCache.send(reply, {
          key: `stats:${server}`,
          topics: ['leaderboard'],
          schema: StatsResponse,
          load: async () => ({ value: await serverStats(app.db, server), ttlMs: STATS_TTL_MS }),
        });
      },
    );
  },
});

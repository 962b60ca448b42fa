/**
 * API answers used by the mf-leaderboard component tests. Each one goes through `apiFixture` with
 * the API's own answer schema (`@landing/domain/schemas/leaderboard`, the route schema of
 * api/src/domains/leaderboard/): a fixture the API could not send fails at import.
 */
import { LeaderboardResponse } from '@landing/domain/schemas/leaderboard';
import { apiFixture } from '@landing/domain/testing';
import type { LeaderboardResponse as LeaderboardAnswer } from '@landing/domain/schemas/leaderboard';

/** A Royal week with two players, one team and the three prizes. */
export const leaderboard: LeaderboardAnswer = apiFixture(LeaderboardResponse, {
  ranking: [
    { position: 1, id: 1, nickname: 'Striker9', ovr: 91, points: 12500, country: 'PL', club: 'FC Warsaw' },
    { position: 2, id: 2, nickname: 'Keeper', ovr: 88, points: 9800, country: 'NZ', club: null },
  ],
  ranking_teams: [{ position: 1, id: 1, name: 'Royal Lions', badge_color: '#ff0000', members: 18, points: 40000 }],
  prizes: [
    { place: 1, euro: 5000, energy: 300, keys: 3 },
    { place: 2, euro: 3000, energy: 200, keys: 2 },
    { place: 3, euro: 1000, energy: 100, keys: 1 },
  ],
  // The API's Royal week: Monday 23-11-2026 00:00 in Istanbul (UTC+3) to the next Monday.
  week: { start: '2026-11-22T21:00:00.000Z', end: '2026-11-29T21:00:00.000Z', time_zone: 'Europe/Istanbul' },
});

/** The same week before anyone scored. */
export const emptyLeaderboard: LeaderboardAnswer = apiFixture(LeaderboardResponse, { ...leaderboard, ranking: [], ranking_teams: [] });

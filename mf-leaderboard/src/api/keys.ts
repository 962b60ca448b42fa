/**
 * Query keys of mf-leaderboard (the remote's query-key factory, docs/ADDING_A_REMOTE.md): every
 * key starts with `leaderboard`, then the game server.
 */
import type { ServerCode } from '@landing/shared';

export const leaderboardKeys = {
  /** Every read of the remote. */
  all: ['leaderboard'] as const,
  /** The week's top `limit` players and teams of `server`. */
  top: (server: ServerCode, limit: number) => ['leaderboard', server, limit] as const,
};

/**
 * Query keys of mf-bets (the remote's query-key factory, docs/ADDING_A_REMOTE.md): every key
 * starts with `bets`, then the kind of read and the game server. Per-viewer reads end with the
 * viewer's `viewerKey` (`viewer:<id>` or `visitor`), so a logout drops them and the page server
 * never runs them (shared `usePageQuery`).
 */
import type { ServerCode } from '@landing/shared';
import type { RankingScope } from '@landing/domain';

/** Which ranking page: tournament code, 1-based page, rows per page, this server or all. */
export interface RankingParams {
  tournament: string;
  page: number;
  perPage: number;
  scope: RankingScope;
}

export const betsKeys = {
  /** Every read of the remote. */
  all: ['bets'] as const,
  /** The tournaments of `server`. */
  tournaments: (server: ServerCode) => ['bets', 'tournaments', server] as const,
  /** The matches of tournament `code` on `server` as `viewer` sees them (their predictions). */
  matches: (server: ServerCode, code: string, viewer: string) => ['bets', 'matches', server, code, viewer] as const,
  /** Every ranking page of `server` (the prefix a saved prediction invalidates). */
  rankings: (server: ServerCode) => ['bets', 'ranking', server] as const,
  /** One ranking page of `server` as `viewer` sees it (their own row). */
  ranking: (server: ServerCode, p: RankingParams, viewer: string) =>
    ['bets', 'ranking', server, p.tournament, p.scope, p.page, p.perPage, viewer] as const,
};

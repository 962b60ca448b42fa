/**
 * The shell's own server data (spec §3, §7), as TanStack Query options shared by the page server
 * (which prefetches the landing config before it renders) and the browser (the page's answers,
 * then the query cache: `useQueryData`). Plain option objects, not `queryOptions` calls: the
 * shell's first load carries no TanStack Query code (shared/src/data/query-runtime.ts).
 * Keys name the server and the language, so a language switch fetches the translated answer
 * (the landing banner follows a live language switch).
 */
import { apiGet, type ReadScope, type Stats, type ApiClient } from '@landing/shared';
import type { LandingResponse, ServerEntry, ServersResponse } from '@landing/domain/schemas/core';
import type { StatsResponse } from '@landing/domain/schemas/leaderboard';

// Answer types are the API's own schemas (z.infer, type-only imports: no zod in the bundle).
/** Answer of `GET /{server}/landing` (spec §3 `landing_header_code`, §4 technical break). */
export type LandingAnswer = LandingResponse;
/** Answer of `GET /{server}/stats` (spec §3 field names). */
export type StatsAnswer = StatsResponse;
/** One entry of `GET /{server}/servers`: the switcher's list with each server's status. */
export type { ServerEntry };

/** Spec §3: registeredUsers from `users`, numberOfTeams from `teams`, onlineUsers from `online_users`. */
export function statsFromAnswer(answer: StatsAnswer): Stats {
  return { registeredUsers: answer.users, numberOfTeams: answer.teams, onlineUsers: answer.online_users };
}

/** Landing config of a server in a language: the header promo (`landingHeaderCode`) and the technical-break flag. */
export function landingQuery(api: ApiClient, scope: ReadScope) {
  return {
    queryKey: ['landing', scope.server, scope.lang] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<LandingAnswer>(api, scope, '/landing', undefined, signal),
  };
}

/** Stats strip of a server (spec §1, §3), mapped to the spec's names. The numbers do not depend on the language, so neither does the key. */
export function statsQuery(api: ApiClient, scope: ReadScope) {
  return {
    queryKey: ['stats', scope.server] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      statsFromAnswer(await apiGet<StatsAnswer>(api, scope, '/stats', undefined, signal)),
  };
}

/** Servers of the switcher with their status (spec §2, locked ones included). The same for every language. */
export function serversQuery(api: ApiClient, scope: ReadScope) {
  return {
    queryKey: ['servers', scope.server] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<ServersResponse>(api, scope, '/servers', undefined, signal),
  };
}

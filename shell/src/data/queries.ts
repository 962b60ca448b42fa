/**
 * The shell's own server data (spec §3, §7), as TanStack Query options shared by the SSR server
 * (which prefetches the landing config before it renders) and the browser (hydrated cache).
 * Keys name the server and the language, so a language switch fetches the translated answer
 * (issue 13: the landing banner follows a live language switch).
 */
import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { apiGet, type ReadScope, type Stats } from '@landing/shared';

/** Answer of `GET /{server}/landing` (spec §3 `landing_header_code`, §4 technical break). */
export interface LandingAnswer {
  landing_header_code: string | null;
  technical_break: boolean;
}

/** Answer of `GET /{server}/stats` (spec §3 field names). */
export interface StatsAnswer {
  users: number;
  teams: number;
  online_users: number;
}

/** Spec §3: registeredUsers from `users`, numberOfTeams from `teams`, onlineUsers from `online_users`. */
export function statsFromAnswer(answer: StatsAnswer): Stats {
  return { registeredUsers: answer.users, numberOfTeams: answer.teams, onlineUsers: answer.online_users };
}

/** Landing config of a server in a language: the header promo (`landingHeaderCode`) and the technical-break flag. */
export function landingQuery(api: AxiosInstance, scope: ReadScope) {
  return queryOptions({
    queryKey: ['landing', scope.server, scope.lang] as const,
    queryFn: ({ signal }) => apiGet<LandingAnswer>(api, scope, '/landing', undefined, signal),
  });
}

/** Stats strip of a server (spec §1, §3), mapped to the spec's names. The numbers do not depend on the language, so neither does the key. */
export function statsQuery(api: AxiosInstance, scope: ReadScope) {
  return queryOptions({
    queryKey: ['stats', scope.server] as const,
    queryFn: async ({ signal }) => statsFromAnswer(await apiGet<StatsAnswer>(api, scope, '/stats', undefined, signal)),
  });
}

/** One entry of `GET /{server}/servers` (api/src/domains/core/servers.routes.ts): the switcher's list with each server's status. */
export interface ServerEntry {
  value: string;
  name: string;
  status: 'open' | 'new' | 'locked';
  gmt: string;
  region: 'easternEurope' | 'centralEurope' | 'americas';
  time_zone: string;
}

/** Servers of the switcher with their status (spec §2, locked ones included). The same for every language. */
export function serversQuery(api: AxiosInstance, scope: ReadScope) {
  return queryOptions({
    queryKey: ['servers', scope.server] as const,
    queryFn: ({ signal }) => apiGet<{ servers: ServerEntry[] }>(api, scope, '/servers', undefined, signal),
  });
}

/**
 * Who is behind a request (spec §7: `X-Auth-Token` + `X-Auth-Id` headers → a logged-in user).
 *
 * The auth domain owns sessions; it plugs its lookup in with {@link setCurrentUserResolver} when
 * its route module loads. Every other domain (bets, news, …) only calls {@link currentUser} /
 * {@link requireUser}, so it never depends on how sessions are stored. Without a registered
 * resolver, or without both headers, a request is a visitor's.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerCode } from '../servers.js';
import { ApiError } from './errors.js';

/** A logged-in user as domains need it. */
export interface CurrentUser {
  /** The user id the client sends in `X-Auth-Id`. */
  id: string;
  /** The user's game player (`players.id`): the identity predictions, comments and votes belong to. */
  playerId: number;
  nickname: string;
  /** The server the player plays on. */
  server: ServerCode;
  /** Overall rating (spec §5 comment and vote thresholds). */
  ovr: number;
}

/**
 * Looks a session up. Receives the request (headers in `request.ctx.authToken` / `authId`,
 * database in `request.server.db`).
 * @returns the user, or null for a missing, unknown or expired session (never throws for those)
 */
export type CurrentUserResolver = (request: FastifyRequest) => Promise<CurrentUser | null>;

let resolver: CurrentUserResolver | null = null;
const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** Installs the session lookup (the auth domain calls this once; `null` removes it, for tests). */
export function setCurrentUserResolver(next: CurrentUserResolver | null): void {
  resolver = next;
}

/** Is a session lookup installed? */
export function hasCurrentUserResolver(): boolean {
  return resolver !== null;
}

/**
 * The logged-in user of `request`, or null for a visitor. Resolved at most once per request.
 * Requests without both `X-Auth-Token` and `X-Auth-Id` are visitors without a lookup.
 */
export function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const known = cache.get(request);
  if (known) return known;
  const { authToken, authId } = request.ctx;
  const lookup = resolver && authToken && authId ? resolver(request) : Promise.resolve(null);
  cache.set(request, lookup);
  return lookup;
}

/**
 * The logged-in user of `request`.
 * @param message the 401 message, e.g. `Users must be logged in to predict results` (spec §8)
 * @param code the 401 error code (default `LOGIN_REQUIRED`)
 * @throws ApiError 401 when the request is a visitor's (the client logs out on 401, spec §8)
 */
export async function requireUser(request: FastifyRequest, message: string, code = 'LOGIN_REQUIRED'): Promise<CurrentUser> {
  const user = await currentUser(request);
  if (!user) throw new ApiError(401, code, message);
  return user;
}

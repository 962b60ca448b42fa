/**
 * Who is behind a request (spec §7: `X-Auth-Token` + `X-Auth-Id` headers → a logged-in user).
 *
 * The auth domain owns sessions (src/domains/auth/sessions.ts); by default this module asks it
 * (`sessionUser` of ./sessions.ts) and adds the account's footballer (`players.id`). Every other
 * domain (bets, news, …) only calls {@link currentUser} / {@link requireUser}, so it never depends
 * on how sessions are stored. Without both headers a request is a visitor's.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authAccounts } from './tables.js';
import type { ServerCode } from '@landing/domain';
import { sessionUser } from './sessions.js';
import { ApiError } from '../../lib/errors.js';
import { authError } from './messages.js';

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
 * The lookup: a valid session of the request's server (`sessionUser` of ./sessions.ts: not
 * revoked, not expired, active account of this server) whose account owns a footballer.
 * An account without a footballer reads as a visitor (it cannot predict, comment or vote).
 */
async function lookUp(request: FastifyRequest): Promise<CurrentUser | null> {
  const db = request.server.db;
  const user = await sessionUser(db, request.ctx);
  if (!user) return null;
  const [account] = await db
    .select({ playerId: authAccounts.playerId })
    .from(authAccounts)
    .where(eq(authAccounts.id, Number(user.id)));
  if (!account?.playerId) return null;
  return { id: user.id, playerId: account.playerId, nickname: user.nickname, server: user.server, ovr: user.ovr };
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/**
 * The logged-in user of `request`, or null for a visitor. Resolved at most once per request.
 * Requests without both `X-Auth-Token` and `X-Auth-Id` are visitors without a lookup.
 */
export function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const known = cache.get(request);
  if (known) return known;
  const { authToken, authId } = request.ctx;
  const lookup = authToken && authId ? lookUp(request) : Promise.resolve(null);
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

/** A per-player limit of a write route: at most `max` requests per `timeWindowMs` (ms). */
export interface PlayerLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * A `preHandler` that limits a player's writes on one route (@fastify/rate-limit's
 * `createRateLimit`, in the database on PostgreSQL): counted per logged-in player (`players.id`),
 * whatever address the requests come from; a visitor's requests per address. Each accepted write
 * can drop cached answers and pages, so no player can make every cache cold; the limits are far
 * above what anyone does by hand.
 * @param name  the counter's name (one per route: `vote`, `prediction`)
 * @returns the hook; past the limit it answers 429 TOO_MANY_REQUESTS, translated
 */
export function perPlayerLimit(app: FastifyInstance, name: string, limit: PlayerLimit): preHandlerAsyncHookHandler {
  // createRateLimit, not app.rateLimit: the latter skips a request that a route's own per-address
  // limit has already counted (@fastify/rate-limit runs one limit per request).
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: async (request) => {
      const user = await currentUser(request);
      return user ? `${name}:player:${user.playerId}` : `${name}:ip:${request.ip}`;
    },
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw authError(429, request.ctx.lang, 'TOO_MANY_REQUESTS');
  };
}

/**
 * The `/admin/*` routes (core technical break, bets clock and results): they exist only when
 * ADMIN_SECRET is set (≥ 32 characters, src/lib/start-guards.ts) and need the header
 * `X-Admin-Secret` (else 401 UNAUTHORIZED). Every admin request passes a flood guard per IP
 * ({@link ADMIN_FLOOD_GUARD}, before the secret is checked, so guessing it is slow too); a
 * refused secret is logged (`warn`), and every admin action (POST/PUT/PATCH/DELETE) is logged
 * (`info`, message `admin action`) with what it asked for (path parameters, query, body), its
 * status and its answer (the state after the change).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from './errors.js';

/** Requests per IP to `/admin/*` (any outcome): 60 a minute, then 429 TOO_MANY_REQUESTS. */
export const ADMIN_FLOOD_GUARD = { max: 60, timeWindow: 60_000 } as const;

/** Longest answer (characters) copied into the admin-action log line. */
const LOGGED_RESULT_MAX = 2000;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Constant-time check of a given `X-Admin-Secret` header against `expected`. */
function adminSecretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The route of a request as `METHOD /admin/…/:param` (its pattern, not the filled-in URL). */
function actionOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}

/** An answer as logged: its JSON when it parses and is short enough, else its first characters. */
function loggedResult(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  if (payload.length > LOGGED_RESULT_MAX) return `${payload.slice(0, LOGGED_RESULT_MAX)}…`;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer of an admin action, kept for its log line (src/lib/admin.ts). */
    adminResult?: unknown;
  }
}

/**
 * Registers `routes` in a scope with the flood guard, the secret check (401 UNAUTHORIZED without
 * the right `X-Admin-Secret`) and the action log; does nothing when ADMIN_SECRET is unset (the
 * routes do not exist).
 */
export async function adminRoutes(app: FastifyInstance, routes: FastifyPluginAsyncZod): Promise<void> {
  const secret = app.apiConfig.adminSecret;
  if (!secret) return;
  await app.register(async (scope) => {
    // @fastify/rate-limit's hook (its store: the database on PostgreSQL, shared by every process).
    scope.addHook('onRequest', scope.rateLimit({ ...ADMIN_FLOOD_GUARD }));
    scope.addHook('onRequest', async (request) => {
      if (!adminSecretMatches(request.headers['x-admin-secret'], secret)) {
        request.log.warn({ admin: { action: actionOf(request), ip: request.ip } }, 'admin secret refused');
        throw new ApiError(401, 'UNAUTHORIZED', 'Invalid admin secret');
      }
    });
    scope.addHook('onSend', async (request, _reply, payload) => {
      if (MUTATING.has(request.method)) request.adminResult = loggedResult(payload);
      return payload;
    });
    scope.addHook('onResponse', async (request, reply) => {
      if (!MUTATING.has(request.method) || reply.statusCode === 401 || reply.statusCode === 429) return;
      request.log.info(
        {
          admin: {
            action: actionOf(request),
            ip: request.ip,
            params: request.params,
            query: request.query,
            body: request.body,
            status: reply.statusCode,
            result: request.adminResult,
          },
        },
        'admin action',
      );
    });
    await scope.register(routes);
  });
}

/**
 * The `/admin/*` routes (core technical break, bets clock and results): they exist only when
 * ADMIN_SECRET is set and need the header `X-Admin-Secret` (else 401 UNAUTHORIZED).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from './errors.js';

/** Constant-time check of a given `X-Admin-Secret` header against `expected`. */
export function adminSecretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Registers `routes` in a scope that answers 401 UNAUTHORIZED without the right
 * `X-Admin-Secret`; does nothing when ADMIN_SECRET is unset (the routes do not exist).
 */
export async function adminRoutes(app: FastifyInstance, routes: FastifyPluginAsyncZod): Promise<void> {
  const secret = app.apiConfig.adminSecret;
  if (!secret) return;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!adminSecretMatches(request.headers['x-admin-secret'], secret)) throw new ApiError(401, 'UNAUTHORIZED', 'Invalid admin secret');
    });
    await scope.register(routes);
  });
}

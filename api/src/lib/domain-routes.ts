/**
 * The shape of every API domain's routes (`src/domains/<name>/routes.ts`, and `<part>.routes.ts`
 * beside it), loaded by @fastify/autoload in app.ts: each file default-exports
 * `defineRoutes({ server?, root? })`, a Fastify plugin.
 *
 * - `server` routes are mounted under `/:server` (declare `params: ServerParams`). Before they
 *   run, the path's server is checked (404 UNKNOWN_SERVER for a code this environment does not
 *   serve), put in `request.ctx.server`, the read cache is brought up to every write committed
 *   before the request (src/lib/read-cache.ts), and the technical break answers 503 unless the
 *   route says `config: { technicalBreak: 'allow' }`.
 * - `root` routes are mounted at the root (`/health`, `/admin/…`, `/dev/…`).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { technicalBreak, unknownServer } from './errors.js';
import type { ServerCode } from '@landing/domain';

/** What a routes file declares. */
export interface DomainRoutes {
  /** Routes under `/:server` (server checked, technical break applied). */
  server?: FastifyPluginAsyncZod;
  /** Routes at the root. */
  root?: FastifyPluginAsyncZod;
}

/** The checks every `/:server` route gets, as an `onRequest` hook of the domain's server scope. */
function serverGuard(scope: FastifyInstance) {
  const served = new Set<string>(scope.apiConfig.servers);
  return async (request: FastifyRequest): Promise<void> => {
    const server = (request.params as { server?: string }).server;
    if (!server || !served.has(server)) throw unknownServer();
    request.ctx.server = server as ServerCode;
    // Every write committed before this request is applied to the read cache (once per request).
    await scope.readCache.sync();
    if (request.routeOptions.config?.technicalBreak !== 'allow' && (await scope.technicalBreakOn(server))) {
      throw technicalBreak();
    }
  };
}

/** Turns a domain's routes into the plugin its routes file default-exports. */
export function defineRoutes(routes: DomainRoutes): FastifyPluginAsync {
  return async (app) => {
    if (routes.root) await app.register(routes.root);
    const serverRoutes = routes.server;
    if (serverRoutes) {
      await app.register(
        async (scope) => {
          scope.addHook('onRequest', serverGuard(scope));
          await scope.register(serverRoutes);
        },
        { prefix: '/:server' },
      );
    }
  };
}

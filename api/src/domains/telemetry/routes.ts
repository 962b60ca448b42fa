/**
 * The remotes' telemetry (docs/OPERATIONS.md):
 * - `POST /telemetry`: batches from the browser (`navigator.sendBeacon`, `text/plain` JSON so the
 *   beacon needs no preflight), at most 16 KiB (else 413), strictly validated (else 400, nothing
 *   stored), TELEMETRY_RATE_LIMIT batches a minute per address (else 429, nothing stored). No
 *   XSRF token: a beacon carries none, and the route changes no state anyone owns.
 * - `GET /telemetry/view` and `GET /telemetry/figures`: the per-remote view and one remote's
 *   figures since an instant, for `Authorization: Bearer <OPS_TOKEN, ADMIN_SECRET or a team
 *   token>` (a team token reads its remote only; else 401).
 * - `POST /telemetry/releases`: release steps of an environment from the canary guard
 *   (OPS_TOKEN or ADMIN_SECRET only).
 * Rows past their retention are deleted every `telemetryPruneMs` (10 minutes) by one process
 * (service.ts `prune`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TELEMETRY_LIMITS,
  TELEMETRY_WINDOWS,
  TelemetryAccepted,
  TelemetryBatch,
  TelemetryFigures,
  TelemetryFiguresQuery,
  TelemetryReleases,
  TelemetryView,
  TelemetryViewQuery,
} from '@landing/domain/schemas/telemetry';
import { Ok } from '@landing/domain/schemas/common';
import { defineRoutes } from '../../lib/domain-routes.js';
import { ApiError } from '../../lib/errors.js';
import { routeOptions } from '../../lib/route-options.js';
import { figures, ingest, prune, storeReleases, view } from './service.js';
import { createFrameResolver } from './source-maps.js';

/**
 * Requests a minute per address to the authenticated routes (any outcome): 300, room for a canary
 * guard looking every second, the operations page and deploy.mjs status from one address.
 */
const OPS_FLOOD_GUARD = { max: 300, timeWindow: 60_000 } as const;

/** SHA-256 of a credential, so two of any length compare in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Who a request's credential lets read: every remote (`null`) or one team's remote. */
type Access = { remote: string | null };

/**
 * The access of a request's `Authorization: Bearer …`.
 * @param teams  whether team tokens count (the view and figures) or not (release steps)
 * @throws ApiError 401 UNAUTHORIZED without a credential the API knows
 */
function accessOf(app: FastifyInstance, request: FastifyRequest, teams: boolean): Access {
  const given = digest(request.headers.authorization ?? '');
  const matches = (token: string | undefined) => token !== undefined && timingSafeEqual(given, digest(`Bearer ${token}`));
  const { opsToken, teamTokens } = app.apiConfig.telemetry;
  if (matches(opsToken) || matches(app.apiConfig.adminSecret)) return { remote: null };
  if (teams) for (const [remote, token] of Object.entries(teamTokens)) if (matches(token)) return { remote };
  request.log.warn({ telemetry: { route: request.routeOptions.url, ip: request.ip } }, 'telemetry credential refused');
  throw new ApiError(401, 'UNAUTHORIZED', 'This view needs the operations token, the admin secret or a team token');
}

/** A team token reads its own remote only. */
function checkRemote(access: Access, remote: string): void {
  if (access.remote !== null && access.remote !== remote) throw new ApiError(403, 'FORBIDDEN', `This token reads ${access.remote} only`);
}

export default defineRoutes({
  async root(app) {
    const resolve = createFrameResolver(app.apiConfig.telemetry.sourceMapOrigins);
    const pruneEveryMs = app.apiConfig.telemetryPruneMs;
    // A background job makes the process a candidate for the tickers' lock (src/lib/leader.ts): none when off.
    if (pruneEveryMs > 0)
      app.runOnce('telemetry-prune', () => {
        const timer = setInterval(
          () => void prune(app.db).catch((err: unknown) => app.log.error({ err }, 'telemetry prune failed')),
          pruneEveryMs,
        );
        return async () => clearInterval(timer);
      });

    await app.register(async (scope) => {
      // A text/plain beacon is a no-cors request: with helmet's `Cross-Origin-Resource-Policy:
      // same-origin` the browser blocks its answer and logs an error on every page of another
      // origin. The answers here carry nothing to protect (202, or an error shape).
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      // A beacon's body is JSON sent as text/plain (no preflight); JSON is accepted too.
      scope.removeContentTypeParser(['text/plain', 'application/json']);
      scope.addContentTypeParser(
        ['text/plain', 'application/json'],
        { parseAs: 'string', bodyLimit: TELEMETRY_LIMITS.maxBodyBytes },
        (_request, body, done) => {
          try {
            done(null, JSON.parse(body as string));
          } catch {
            done(new ApiError(400, 'VALIDATION_ERROR', 'Invalid body: not JSON'), undefined);
          }
        },
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/telemetry',
        routeOptions({
          config: { rateLimit: { max: app.apiConfig.telemetry.rateLimitPerMinute, timeWindow: 60_000 }, xsrf: false },
          tag: 'telemetry',
          summary: 'Store a telemetry batch from the browser',
          description:
            'Page views, failures (errors, remote load failures, fallbacks) and, with consent, web vitals, ' +
            `attributed to remote and version. At most ${TELEMETRY_LIMITS.maxBodyBytes} bytes (413), strict fields (400), ` +
            'TELEMETRY_RATE_LIMIT batches a minute per address (429): a refused batch stores nothing.',
          body: TelemetryBatch,
          answer: TelemetryAccepted,
          status: 202,
          also: [413, 429],
        }),
        async (request, reply) => {
          const stored = await ingest(app.db, request.body, resolve);
          app.metrics?.telemetryStored(stored);
          return reply.code(202).send({ ok: true as const });
        },
      );
    });

    await app.register(async (scope) => {
      scope.addHook('onRequest', scope.rateLimit({ ...OPS_FLOOD_GUARD }));
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      routes.get(
        '/telemetry/view',
        routeOptions({
          tag: 'telemetry',
          summary: 'Per-remote figures of an environment over 15 minutes or 24 hours',
          description:
            'Per remote and version: page views, errors, load failures and fallbacks with their rates per 1,000 page views, ' +
            'p75 of LCP, INP (ms) and CLS, the most frequent failures with source-mapped frames, the release steps and the ' +
            'canary running. `Authorization: Bearer` the operations token, the admin secret, or a team token (its remote only).',
          querystring: TelemetryViewQuery,
          answer: TelemetryView,
          also: [401, 429],
        }),
        async (request) => {
          const access = accessOf(app, request, true);
          const to = new Date();
          const from = new Date(to.getTime() - TELEMETRY_WINDOWS[request.query.window]);
          return view(
            app.db,
            request.query.environment,
            request.query.window,
            from,
            new Date(to.getTime() + 60_000),
            access.remote ?? undefined,
          );
        },
      );
      routes.get(
        '/telemetry/figures',
        routeOptions({
          tag: 'telemetry',
          summary: "One remote's counts per version since an instant (a canary's start)",
          querystring: TelemetryFiguresQuery,
          answer: TelemetryFigures,
          also: [401, 403, 429],
        }),
        async (request) => {
          const access = accessOf(app, request, true);
          checkRemote(access, request.query.remote);
          return figures(app.db, request.query.environment, request.query.remote, new Date(request.query.since));
        },
      );
      routes.post(
        '/telemetry/releases',
        routeOptions({
          config: { xsrf: false },
          tag: 'telemetry',
          summary: 'Record release steps of an environment (the canary guard)',
          body: TelemetryReleases,
          answer: Ok,
          also: [401, 429],
        }),
        async (request) => {
          accessOf(app, request, false);
          await storeReleases(app.db, request.body.environment, request.body.entries);
          return { ok: true as const };
        },
      );
    });
  },
});

/**
 * The API's Prometheus metrics (plugin `metrics`, prom-client; docs/OPERATIONS.md): requests by
 * route pattern, method and status, their latency histogram, the telemetry batches stored (page
 * views, vitals records, failures) and the process's default metrics. `GET /metrics` answers them
 * as Prometheus text only to `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise) and does not
 * exist without METRICS_TOKEN. Each API process has its own figures: scrape every replica (behind
 * a load balancer, by its own address).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiError } from '../lib/errors.js';

/** What the domains add to the figures. */
interface ApiMetrics {
  /** A telemetry batch was stored with these records. */
  telemetryStored(stored: { views: number; vitals: number; events: number }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics (src/plugins/metrics.ts). */
    metrics?: ApiMetrics;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'landing_api_' });
    const requests = new Counter({
      name: 'landing_api_requests_total',
      help: 'API requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'landing_api_request_duration_seconds',
      help: 'Time to answer an API request (s), by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const telemetry = new Counter({
      name: 'landing_api_telemetry_records_total',
      help: 'Telemetry records stored from browsers, by kind (views, vitals, events)',
      labelNames: ['kind'] as const,
      registers: [registry],
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (`/:server/news/:slug`), never the filled-in URL: a bounded label set.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    });
    app.decorate('metrics', {
      telemetryStored(stored: { views: number; vitals: number; events: number }) {
        for (const kind of ['views', 'vitals', 'events'] as const) if (stored[kind]) telemetry.inc({ kind }, stored[kind]);
      },
    } satisfies ApiMetrics);

    const token = app.apiConfig.telemetry.metricsToken;
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
        throw new ApiError(401, 'UNAUTHORIZED', 'Metrics need the METRICS_TOKEN credential');
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', decorators: { fastify: ['apiConfig'] } },
);

/** A whole fuzzing run over every route, collecting figures (scripts/fuzz-api.ts). */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { checkAnswer } from './checks.js';
import { resetSideEffects } from './context.js';
import { requestArb } from './mutations.js';
import { routesOf, type FuzzContext, type FuzzRoute } from './openapi.js';

/** Figures of a fuzzing run. */
export interface FuzzReport {
  routes: number;
  inputs: number;
  /** Count per status code. */
  statuses: Record<number, number>;
  serverErrors: number;
  leaks: number;
  missingHeaders: number;
  /** Up to 8 examples of each kind of failure: route, request, status, the start of the body. */
  failures: Array<{
    kind: '5xx' | 'leak' | 'headers';
    route: string;
    method: string;
    url: string;
    status: number;
    problem: string;
    body: string;
  }>;
  durationMs: number;
}

/**
 * Sends `runs` generated requests to every route (fast-check `sample`, deterministic for a
 * seed) and collects figures instead of stopping at the first failure.
 * @param onRoute called after each route with its own counts (progress output of the script)
 */
export async function fuzzAll(
  app: FastifyInstance,
  ctx: FuzzContext,
  options: {
    runs: number;
    seed: number;
    filter?: (r: FuzzRoute) => boolean;
    onRoute?: (route: FuzzRoute, counts: { inputs: number; serverErrors: number; leaks: number; ms: number }) => void;
  },
): Promise<FuzzReport> {
  const started = performance.now();
  const routes = routesOf(ctx.doc).filter(options.filter ?? (() => true));
  const report: FuzzReport = {
    routes: routes.length,
    inputs: 0,
    statuses: {},
    serverErrors: 0,
    leaks: 0,
    missingHeaders: 0,
    failures: [],
    durationMs: 0,
  };
  for (const [i, route] of routes.entries()) {
    const t0 = performance.now();
    let errors = 0;
    let leaks = 0;
    const requests = fc.sample(requestArb(route, ctx), { numRuns: options.runs, seed: options.seed + i });
    for (const request of requests) {
      const res = await app.inject(request);
      await resetSideEffects(app, route);
      const check = checkAnswer(res);
      report.inputs++;
      report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
      const problems = [
        check.serverError && `status ${res.statusCode}`,
        check.leak && `leak: ${check.leak}`,
        check.missingHeaders.length && `missing ${check.missingHeaders.join(', ')}`,
      ].filter(Boolean);
      if (check.serverError) {
        errors++;
        report.serverErrors++;
      }
      if (check.leak) {
        leaks++;
        report.leaks++;
      }
      if (check.missingHeaders.length) report.missingHeaders++;
      const kind = check.serverError ? '5xx' : check.leak ? 'leak' : 'headers';
      if (problems.length && report.failures.filter((f) => f.kind === kind).length < 8) {
        report.failures.push({
          kind,
          route: route.path,
          method: route.method,
          url: request.url.slice(0, 200),
          status: res.statusCode,
          problem: problems.join('; '),
          body: res.body.slice(0, 300),
        });
      }
    }
    options.onRoute?.(route, { inputs: requests.length, serverErrors: errors, leaks, ms: performance.now() - t0 });
  }
  report.durationMs = performance.now() - started;
  return report;
}

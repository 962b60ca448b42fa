/**
 * Command line of the page server (`node shell/dist/server/index.cjs`, built by the
 * shell's rspack config). scripts/serve.mjs and scripts/env-server.mjs start it; docker-compose
 * runs it as the `shell` service.
 *
 *   node shell/dist/server/index.cjs --port 3000 --remotes <remotes.json> [--config <config.json>]
 *        [--environment <environment.json>] [--api-internal http://127.0.0.1:4000/{server}]
 *        [--api-proxy http://127.0.0.1:4000] [--budget 600] [--host localhost] [--origin https://…]
 *        [--remote-origin http://localhost:3002=http://mf-news …] [--workers N] [--page-cache-mb 64]
 *        [--max-renders 4] [--max-queue 16]
 *
 * --page-cache-mb (or PAGE_CACHE_MB): memory budget of each worker's page cache in MiB (0: no
 * cache, every page rendered); --max-renders / --max-queue: renders at once per worker and
 * renders waiting before 503 (page-renderer.ts).
 *
 * CHANGES_TOKEN (environment only, never a command-line argument: `ps` shows those): the
 * credential of the API's content change stream, the same value the API has; without it pages
 * live 5 s in the page cache. METRICS_TOKEN (environment only): the credential of `GET /metrics`
 * (Prometheus text of every worker, metrics.ts); without it there is no `/metrics`.
 *
 * --origin (or PUBLIC_ORIGIN, else SITE_URL): the site's public origin for canonical and Open
 * Graph URLs; without it they come from the request's Host and X-Forwarded-Proto (then named in
 * `Vary`).
 *
 * --workers (or SHELL_WORKERS; default: one per core, os.availableParallelism()): page server
 * processes sharing the port (node:cluster). Each has its own page cache, render limit and
 * subscription to the API's change stream. The primary process serves no pages: it restarts a
 * worker that dies and sums the workers' figures for `/metrics` (metrics.ts).
 * /health is answered by whichever worker takes the connection.
 *
 * --remote-origin (repeatable; or SSR_REMOTE_ORIGINS, comma separated): where the page server fetches
 * a remote whose public origin it cannot reach (containers: the browser's `localhost:3002` is
 * the `mf-news` service). The page still gives the browser the public URLs.
 *
 * Environment: LANDING_PRODUCTION=1 is the production guard (also `production: true` in
 * --environment); NODE_ENV is set to production (React's server build writes no stack traces).
 * As a module: `createPageServer` (./http/page-server.ts).
 */
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveClusterMetrics } from './http/metrics';
import { createPageServer } from './http/page-server';

export { createPageServer } from './http/page-server';
export type { PageServerOptions } from './http/page-server';

/** Parses the command line (see the module comment) and starts the page server after its warm-up. */
export function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: process.env.SHELL_PORT ?? '3000' },
      host: { type: 'string', default: process.env.HOST ?? 'localhost' },
      dist: { type: 'string', default: join(__dirname, '..') },
      remotes: { type: 'string' },
      config: { type: 'string' },
      environment: { type: 'string' },
      'api-internal': { type: 'string', default: process.env.SSR_API_BASE_TEMPLATE },
      'api-proxy': { type: 'string' },
      'api-base': { type: 'string', default: process.env.API_BASE_TEMPLATE },
      budget: { type: 'string', default: process.env.SSR_BUDGET_MS ?? '600' },
      origin: { type: 'string', default: process.env.PUBLIC_ORIGIN ?? process.env.SITE_URL },
      log: { type: 'boolean', default: process.env.SSR_LOG === '1' },
      'remote-origin': {
        type: 'string',
        multiple: true,
        default: process.env.SSR_REMOTE_ORIGINS ? process.env.SSR_REMOTE_ORIGINS.split(',') : [],
      },
      workers: { type: 'string', default: process.env.SHELL_WORKERS },
      'page-cache-mb': { type: 'string', default: process.env.PAGE_CACHE_MB ?? '64' },
      'max-renders': { type: 'string', default: '4' },
      'max-queue': { type: 'string', default: '16' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.remotes) {
    console.log(readFileSync(__filename, 'utf8').split('*/')[0]);
    process.exit(values.help ? 0 : 2);
  }
  const environment =
    values.environment && existsSync(values.environment)
      ? (JSON.parse(readFileSync(values.environment, 'utf8')) as { production?: boolean })
      : {};
  const production = process.env.LANDING_PRODUCTION === '1' || environment.production === true;
  const port = Number(values.port);
  const workers = Math.max(1, Number(values.workers ?? availableParallelism()) || 1);
  if (workers > 1 && cluster.isPrimary) return startWorkers(workers, values.host, port);
  const remoteFetchOrigins: Record<string, string> = {};
  for (const pair of values['remote-origin'] ?? []) {
    const [from, to] = pair.split('=');
    if (!from || !to || !/^https?:\/\//.test(from) || !/^https?:\/\//.test(to)) {
      console.error(
        `--remote-origin ${pair}: expected <public origin>=<origin this server fetches from>, e.g. http://localhost:3002=http://mf-news`,
      );
      process.exit(2);
    }
    remoteFetchOrigins[from.trim()] = to.trim();
  }
  const shell = createPageServer({
    distDir: resolve(values.dist),
    remotesFile: resolve(values.remotes),
    configFile: values.config ? resolve(values.config) : undefined,
    configOverrides: values['api-base'] ? { apiBaseTemplate: values['api-base'] } : undefined,
    production,
    internalApiBaseTemplate: values['api-internal'],
    apiProxyOrigin: values['api-proxy'],
    budgetMs: Number(values.budget),
    publicOrigin: values.origin,
    log: values.log,
    remoteFetchOrigins,
    pageCacheBytes: Number(values['page-cache-mb']) * 1024 * 1024,
    maxRenders: Number(values['max-renders']),
    maxQueue: Number(values['max-queue']),
    changesToken: process.env.CHANGES_TOKEN?.trim() || undefined,
    metricsToken: process.env.METRICS_TOKEN?.trim() || undefined,
  });
  const stop = () => {
    shell.stop();
    shell.server.close();
    setTimeout(() => process.exit(0), 300).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  shell
    .warmUp()
    .catch((e: unknown) => console.warn(`[shell] warm-up: ${(e as Error).message}`))
    .finally(() => {
      shell.server.listen(port, values.host, () => {
        if (cluster.isWorker) process.send?.({ listening: true });
        else
          console.log(
            `[shell] page server on http://${values.host}:${port} (remotes: ${values.remotes}${production ? ', production' : ''})`,
          );
      });
    });
}

/**
 * The primary process of `--workers N`: forks N page server processes on the same port and forks
 * a new one when one dies (not while stopping).
 */
function startWorkers(count: number, host: string, port: number): void {
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (m: { listening?: boolean }) => {
      if (m?.listening && ++listening === count) console.log(`[shell] page server on http://${host}:${port} (${count} workers)`);
    });
  };
  serveClusterMetrics(); // `/metrics` of any worker sums every worker's figures (metrics.ts)
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[shell] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The page server's Prometheus metrics (prom-client; docs/OPERATIONS.md "Server metrics"):
 * - `landing_shell_pages_total{status,cache}`: page answers by status and page cache result
 *   (HIT, MISS, STALE, or `none` for a player's own page and a page not kept); 503s are `status="503"`;
 * - `landing_shell_renders_total{status}` and `landing_shell_render_duration_seconds{composition}`:
 *   renders and their time (`stable` or `canary`);
 * - `landing_shell_ssr_fallbacks_total{remote,version,reason}`: slots sent as their fallback
 *   (`budget`, `load` or `render`: a render error) per remote and version ({@link slotFallbacks});
 * - `landing_shell_compositions_total{remote,version}`: pages that composed a canary version;
 * - the process's default metrics.
 *
 * With several workers (node:cluster, main.ts) every worker counts in its own registry and
 * `GET /metrics`, answered by whichever worker takes the connection, asks the primary process,
 * which sums every worker's figures with prom-client's AggregatorRegistry. `/metrics` answers
 * only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise) and does not exist without it.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AggregatorRegistry, Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { remoteOf } from '@landing/shared';
import type { SlotError } from '../render/slot-loader';

/** The message a worker sends the primary to get the cluster's figures, and its answer. */
const ASK = 'landing:metrics?';
const ANSWER = 'landing:metrics!';

/** The figures of one page server process (see the module comment). */
export interface PageServerMetrics {
  /** A page answer: its status and how the page cache answered it. */
  page(status: number, cache: string | undefined): void;
  /** A render: its status, time (ms), whether a canary composed it, and the slots sent as fallbacks. */
  render(r: {
    status: number;
    renderMs: number;
    canary: boolean;
    fallbacks: Array<{ remote: string; version: string; reason: string }>;
  }): void;
  /** A page composed these canary versions. */
  composed(canaries: ReadonlyArray<{ remote: string; version: string }>): void;
  /** Answers `GET /metrics` (see the module comment). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The metrics of this process.
 * @param token  METRICS_TOKEN; without it `/metrics` answers 404
 */
export function createPageServerMetrics(token: string | undefined): PageServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'landing_shell_' });
  const pages = new Counter({
    name: 'landing_shell_pages_total',
    help: 'Page answers by status and page cache result',
    labelNames: ['status', 'cache'] as const,
    registers: [registry],
  });
  const renders = new Counter({
    name: 'landing_shell_renders_total',
    help: 'Server renders of pages by status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const renderTime = new Histogram({
    name: 'landing_shell_render_duration_seconds',
    help: 'Time of a server render (s), stable or canary composition',
    labelNames: ['composition'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 1, 2],
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'landing_shell_ssr_fallbacks_total',
    help: 'Remote slots sent as their fallback by the server, by remote, version and reason (budget, load, render)',
    labelNames: ['remote', 'version', 'reason'] as const,
    registers: [registry],
  });
  const compositions = new Counter({
    name: 'landing_shell_compositions_total',
    help: 'Pages that composed a canary version, by remote and version',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const expected = token ? digest(`Bearer ${token}`) : null;
  if (cluster.isWorker) {
    // A worker answers the primary's AggregatorRegistry with this registry (prom-client adds its
    // listener when an AggregatorRegistry is created).
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }

  /** This process's figures, or the cluster's when it is a worker (asked of the primary). */
  const text = (): Promise<string> => {
    if (!cluster.isWorker || !process.send) return registry.metrics();
    return new Promise((resolve, reject) => {
      const id = `${process.pid}-${Math.random()}`;
      const timer = setTimeout(() => {
        process.off('message', onMessage);
        reject(new Error('the primary did not answer within 5 s'));
      }, 5000);
      const onMessage = (m: { type?: string; id?: string; text?: string; error?: string }) => {
        if (m?.type !== ANSWER || m.id !== id) return;
        clearTimeout(timer);
        process.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve(m.text ?? '');
      };
      process.on('message', onMessage);
      process.send!({ type: ASK, id });
    });
  };

  return {
    page: (status, cache) => pages.inc({ status: String(status), cache: cache ?? 'none' }),
    render(r) {
      renders.inc({ status: String(r.status) });
      renderTime.observe({ composition: r.canary ? 'canary' : 'stable' }, r.renderMs / 1000);
      for (const f of r.fallbacks) fallbacks.inc(f);
    },
    composed(canaries) {
      for (const c of canaries) compositions.inc({ remote: c.remote, version: c.version });
    },
    async handle(req, res) {
      if (!expected) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('Not found');
      }
      if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
        res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' });
        return void res.end('Metrics need the METRICS_TOKEN credential');
      }
      const body = await text();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(body);
    },
  };
}

/**
 * The primary process's side of a cluster's `/metrics`: answers each worker's request with every
 * worker's figures summed (prom-client AggregatorRegistry; counters and histograms add up, and so
 * do most default process gauges: the event-loop-lag ones are averaged, or min / max, the start
 * time is left out and the Node version is the first worker's).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: { type?: string; id?: string }) => {
    if (m?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: m.id, text }),
      (e: unknown) => worker.send({ type: ANSWER, id: m.id, error: (e as Error).message }),
    );
  });
}

/** Version folder of a manifest URL (`…/1.1.0/mf-manifest.json` → `1.1.0`), or `unknown`. */
function versionOfUrl(url: string | undefined): string {
  return /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url ?? '')?.[1] ?? 'unknown';
}

/** The shell's own build version (its server bundle defines it), for errors outside every slot. */
const SHELL_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'unknown';

/**
 * The slots a render sent as fallbacks, by remote and version: each slot error (slot-loader.ts)
 * names its exposed module, whose remote's version is the one of the composition the page was
 * rendered with (a canary's for a visitor in its share); `reason` is the error's (`budget`,
 * `load`, `render`). An error outside every slot is the shell's (remote `shell`, its build version).
 * @param remotes  the composition the page was rendered with (remote → manifest URL)
 */
export function slotFallbacks(remotes: Readonly<Record<string, string | undefined>>, slotErrors: readonly SlotError[]) {
  return slotErrors.map(({ slot, reason }) => {
    const remote = slot ? remoteOf(slot) : null;
    return { remote: remote ?? 'shell', version: remote ? versionOfUrl(remotes[remote]) : SHELL_VERSION, reason };
  });
}

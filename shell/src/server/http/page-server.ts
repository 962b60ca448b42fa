/**
 * The page server (docs/ARCHITECTURE.md "A page, from request to hydration"): which part answers a request.
 * - `/health`: this process's renders and page cache counters;
 * - `/metrics`: Prometheus text of the page servers, for METRICS_TOKEN only (metrics.ts);
 * - `/api/*`, when `apiProxyOrigin` is set: the API (api-proxy.ts);
 * - a GET or HEAD of a path without a file extension: a server-rendered page (page-handler.ts);
 * - the environment's `config.json` / `remotes.json` (environment.ts; remotes.json is the
 *   visitor's composition, with a canary's version for a visitor in its share: canary.ts), and the shell's static
 *   files (build-reader.ts), compressed on the way.
 * Every answer but `/health`, `/metrics` and the proxy's carries the environment's security headers
 * (environment.ts, ../environment/security-policy.mjs).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { EXPOSED_MODULE_IDS, remoteOf, type RuntimeConfig } from '@landing/shared';
import { proxyToApi } from './api-proxy';
import { buildReader } from './build-reader';
import { compositionOf } from '../environment/canary';
import { federationPool } from '../federation/federation-pool';
import { subscribeToChanges } from '../cache/content-changes';
import { withCookieDomain } from '../environment/cookie-domain';
import { createEnvironment, type EnvironmentState } from '../environment/environment';
import { createServerFederation, type ServerFederation } from '../federation/server-federation';
import { createPageServerMetrics, slotFallbacks } from './metrics';
import { PageCache, type PageCacheStats } from '../cache/page-cache';
import { createPageHandler } from '../pages/page-handler';
import { readPageRequest } from '../pages/page-request';
import { createPageRenderer } from '../render/page-renderer';
import { nodeCompression, sendJson, sendMethodNotAllowed, sendNotFound, setHeaders } from './responses';
import { createSessionChecker } from '../pages/session';

/** Options of {@link createPageServer}. */
export interface PageServerOptions {
  /** The shell's browser build (shell/dist). */
  distDir: string;
  /** The environment's remotes.json (looked at once a second: environment.ts). */
  remotesFile: string;
  /** The environment's config.json (looked at once a second); missing → defaults. */
  configFile?: string;
  /** Overrides merged into config.json (e.g. the local API base); applied before the guard. */
  configOverrides?: Partial<RuntimeConfig>;
  /**
   * The environment guard: when true, the served config says production and trusts no tester
   * override origin, whatever config.json says.
   */
  production: boolean;
  /** API base template the page server calls (default: the config's `apiBaseTemplate`). */
  internalApiBaseTemplate?: string;
  /** When set, `/api/*` is proxied to this origin (same-origin API for an environment). */
  apiProxyOrigin?: string;
  /** SSR budget per page (ms; default 600). */
  budgetMs?: number;
  /** Public origin for canonical URLs (default: from the Host header). */
  publicOrigin?: string;
  /** Log each page render (ms, slot errors). */
  log?: boolean;
  /** Public remote origin → origin the page server fetches remotes from (see ServerFederationOptions.fetchOrigins). */
  remoteFetchOrigins?: Record<string, string>;
  /** Renders in flight at once in this process (default 4). */
  maxRenders?: number;
  /** Renders waiting for a place before new ones get 503 (default 16). */
  maxQueue?: number;
  /** Memory budget of the page cache (bytes; default 64 MiB; 0 turns the cache off). */
  pageCacheBytes?: number;
  /**
   * The credential of the API's change stream (`/changes` next to the internal API base; CHANGES_TOKEN):
   * without it the page server does not subscribe, and cached pages live 5 s.
   */
  changesToken?: string;
  /** The credential of `GET /metrics` (METRICS_TOKEN, metrics.ts); without it there is no `/metrics`. */
  metricsToken?: string;
}

/** The page server and what tests and scripts may look at. */
export interface PageServer {
  server: Server;
  federation: ServerFederation;
  /** Loads every remote once and renders one page, before the first visitor (cold start ~250 ms). */
  warmUp(path?: string): Promise<void>;
  /** Stops the change subscription (the page server itself is closed with `server.close`). */
  stop(): void;
}

/** What `/health` answers (JSON). */
interface PageServerHealth {
  ok: true;
  pid: number;
  /** Renders in flight and waiting in this process. */
  renders: { active: number; queued: number };
  /** Page cache counters of this process, or null when the cache is off. */
  cache: PageCacheStats | null;
}

/** A path that names a file (an extension): a static file, never a page. */
const FILE_PATH = /\.[a-z0-9]+$/i;

/**
 * Creates the page server (not listening yet: call `server.listen`).
 * @param o  see {@link PageServerOptions}
 */
export function createPageServer(o: PageServerOptions): PageServer {
  // One federation per composition: the stable one, and one per set of canaries (canary.ts).
  const federations = federationPool(() => createServerFederation({ fetchOrigins: o.remoteFetchOrigins }));
  const federation = federations.stable;
  const metrics = createPageServerMetrics(o.metricsToken);
  const build = buildReader(o.distDir);
  const environment = createEnvironment(o);
  const compress = nodeCompression(1024);
  const budget = o.pageCacheBytes ?? 64 * 1024 * 1024;
  const cache = budget === 0 ? null : new PageCache({ maxBytes: budget });
  // The pages of partner and referral codes: a sixteenth of the budget, at most 4 MiB (page-handler.ts).
  const variants = budget === 0 ? null : new PageCache({ maxBytes: Math.min(4 * 1024 * 1024, Math.ceil(budget / 16)) });
  const internalBase = (env: EnvironmentState) => o.internalApiBaseTemplate ?? env.config.apiBaseTemplate;
  const sessions = createSessionChecker((server) => internalBase(environment.current()).replace('{server}', server));
  const renderer = createPageRenderer({
    federation,
    federationFor: (env) => federations.of(env),
    onRender: (env, status, renderMs, slotErrors) =>
      metrics.render({ status, renderMs, canary: Boolean(env.composition), fallbacks: slotFallbacks(env.remotes, slotErrors) }),
    build,
    internalBase,
    budgetMs: o.budgetMs,
    log: o.log,
    maxRenders: o.maxRenders,
    maxQueue: o.maxQueue,
  });
  const page = createPageHandler({ renderer, cache, variants, sessions, compress, publicOrigin: o.publicOrigin });
  let unsubscribe = () => {};
  if (o.changesToken) {
    const changesUrl = new URL('/changes', internalBase(environment.current()).replace('{server}', 'royal')).href;
    const caches = [cache, variants].filter((c) => c !== null);
    unsubscribe = subscribeToChanges(changesUrl, o.changesToken, {
      invalidate: (topic) => caches.forEach((c) => c.invalidate(topic)),
      setLive: (live) => caches.forEach((c) => c.setLive(live)),
      sessionRevoked: (uid) => sessions.forgetAccount(uid),
    });
  } else if (cache) {
    console.warn('[shell] no CHANGES_TOKEN: not subscribed to the API change stream; cached pages live 5 s');
  }

  const health = (): PageServerHealth => ({ ok: true, pid: process.pid, renders: renderer.load(), cache: cache?.stats() ?? null });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const path = url.pathname;
    if (path === '/health') return sendJson(res, health());
    if (path === '/metrics') return metrics.handle(req, res);
    if (o.apiProxyOrigin && path.startsWith('/api/')) return proxyToApi(req, res, o.apiProxyOrigin, (req.url ?? '/').slice(4));
    // The visitor's composition: the stable remotes, or a canary's for a visitor in its share (canary.ts).
    const secure = (o.publicOrigin ?? `${String(req.headers['x-forwarded-proto'] ?? 'http')}:`).startsWith('https:');
    const { env, canaries, setCookie } = compositionOf(environment.current(), req.headers.cookie, secure);
    if (setCookie) res.appendHeader('Set-Cookie', setCookie);
    if (!FILE_PATH.test(path) && (req.method === 'GET' || req.method === 'HEAD')) {
      await page(req, res, url, env);
      metrics.page(res.statusCode, res.getHeader('X-Cache') as string | undefined);
      if (canaries.length && res.statusCode === 200) metrics.composed(canaries);
      return;
    }
    setHeaders(res, env.securityHeaders(path));
    compress(req, res, () => {
      if (path === '/remotes.json') {
        res.setHeader('Vary', 'Cookie'); // the visitor's composition (canary.ts)
        return sendJson(res, env.remotes);
      }
      if (path === '/config.json') return sendJson(res, withCookieDomain(env.config, req.headers.host, o.publicOrigin));
      // Server code and build lists are not public files. (index.html, the page without its content,
      // is: the offline worker keeps it as the app shell of pages never read.)
      if (/^\/(server\/|ssr-assets\.json)/.test(path)) return sendNotFound(res);
      if (FILE_PATH.test(path)) return build.files()(req, res, () => sendNotFound(res));
      sendMethodNotAllowed(res);
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('[shell] request failed', e);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Server error');
      } else res.end();
    });
  });

  async function warmUp(path = '/royal'): Promise<void> {
    const env = environment.current();
    const map = federation.sync(env.remotes, env.pins);
    await Promise.allSettled(EXPOSED_MODULE_IDS.filter((id) => map[remoteOf(id)]).map((id) => federation.load(id)));
    const read = await readPageRequest({
      url: new URL(path, 'http://localhost'),
      cookie: undefined,
      env,
      config: env.config,
      origin: 'http://localhost',
      hasSessionCookie: () => false,
      playerOf: async () => null,
    });
    if (read.kind === 'page') await renderer.render(read.request, null);
  }

  return { server, federation, warmUp, stop: () => unsubscribe() };
}

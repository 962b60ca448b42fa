/**
 * The shell's HTTP server: server-side rendered pages, the shell's static files (precompressed
 * brotli/gzip from the build, immutable when hashed), the environment's `config.json` /
 * `remotes.json`, `/health`, and optionally `/api/*` proxied to the API, with security headers on
 * every answer (environment.ts, ./securityPolicy.mjs).
 *
 * Pages (docs/ARCHITECTURE.md "Page cache"):
 * - anonymous visitors get the page from the page cache (pageCache.ts), keyed by environment,
 *   public origin, path, the query parameters that change the page, and language; `X-Cache` says
 *   HIT, MISS or STALE, and the answer is `Cache-Control: public, s-maxage=5,
 *   stale-while-revalidate=30` so a shared cache keyed the same way can keep it;
 * - a request with a session cookie is rendered for its player (session.ts) and is
 *   `private, no-store`;
 * - renders in flight are limited per process ({@link ShellServerOptions.maxRenders}); past that a
 *   short queue ({@link ShellServerOptions.maxQueue}) and then 503 with `Retry-After` and a
 *   translated page; a cached page is served stale instead.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import Negotiator from 'negotiator';
import pLimit from 'p-limit';
import sirv from 'sirv';
import { EXPOSED_MODULE_IDS, remoteOf, type RuntimeConfig } from '@landing/shared';
import { subscribeToChanges } from './contentChanges';
import { cookieDomainFor, publicHostname } from './cookieDomain';
import { createEnvironment, ENV_CHECK_INTERVAL_MS, type EnvironmentState } from './environment';
import { createServerFederation, type ServerFederation } from './federation';
import { busyPage } from './busyPage';
import { PageCache, type CacheStatus, type CachedPage, type PageCacheStats } from './pageCache';
import { jsonForScript, languageOf, renderPage, routeOf, type HtmlTemplate, type RenderContext, type RenderResult } from './render';
import { fillPlayerPage, playerTemplate, standInPlayer, type PlayerTemplate } from './playerPage';
import { LRUCache } from 'lru-cache';
import { createSessionChecker, type Viewer } from './session';
import { PAGE_DATA_ELEMENT_ID } from '../pageData';

/** Options of {@link createShellServer}. */
export interface ShellServerOptions {
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
  /** API base template this server calls (default: the config's `apiBaseTemplate`). */
  internalApiBaseTemplate?: string;
  /** When set, `/api/*` is proxied to this origin (same-origin API for an environment). */
  apiProxyOrigin?: string;
  /** SSR budget per page (ms; default 600). */
  budgetMs?: number;
  /** Public origin for canonical URLs (default: from the Host header). */
  publicOrigin?: string;
  /** Log each page render (ms, slot errors). */
  log?: boolean;
  /** Public remote origin → origin this server fetches remotes from (see ServerFederationOptions.fetchOrigins). */
  remoteFetchOrigins?: Record<string, string>;
  /** Renders in flight at once in this process (default 4). */
  maxRenders?: number;
  /** Renders waiting for a place before new ones get 503 (default 16). */
  maxQueue?: number;
  /** Memory budget of the page cache (bytes; default 64 MiB; 0 turns the cache off). */
  pageCacheBytes?: number;
  /** Subscribe to the API's change stream (`/changes` next to the internal API base; default true). */
  changeStream?: boolean;
}

/** The server and what tests and scripts may look at. */
export interface ShellServer {
  server: Server;
  federation: ServerFederation;
  /** Loads every remote once and renders one page, before the first visitor (cold start ~250 ms). */
  warmUp(path?: string): Promise<void>;
  /** Stops the change subscription (the server itself is closed with `server.close`). */
  stop(): void;
}

/** What `/health` answers (JSON). */
export interface ShellHealth {
  ok: true;
  pid: number;
  /** Renders in flight and waiting in this process. */
  renders: { active: number; queued: number };
  /** Page cache counters of this process, or null when the cache is off. */
  cache: PageCacheStats | null;
}

const NO_CACHE_FILES = /(^|\/)(sw\.js|manifest\.webmanifest|index\.html)$/;
const HASHED = /\.[0-9a-f]{10}\./;
/** Query parameters that change what a page shows (spec §2: partner and referral links, paging, the bets tournament). */
const PAGE_QUERY_PARAMETERS = ['partner', 'ref_id', 'page', 'tournament'];
/** `Cache-Control` of an anonymous page: shared caches may keep it 5 s and serve it 30 s more while they refresh it. */
export const ANONYMOUS_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** How long a page whose stand-in render read a personal field is rendered per player before trying again (ms). */
const PERSONAL_PAGE_MEMORY_MS = 10 * 60_000;
/** `Cache-Control` of a player's own page. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** Thrown when the render queue is full (answered 503). */
class OverloadError extends Error {}

/** A stand-in's render read something personal: the page is rendered per player (playerPage.ts). */
class PersonalPage extends Error {}

/** A route loader answered a redirect while rendering (e.g. an old activation link): sent as is, never cached. */
class RedirectAnswer extends Error {
  constructor(
    readonly status: number,
    readonly location: string,
  ) {
    super(`redirect to ${location}`);
  }
}

/** Reads a JSON file; `fallback` when missing or invalid. */
function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/**
 * The shell build's HTML template, cut around `<div id="root"></div>`, and its static files;
 * both follow a rebuild (index.html's modification time, looked at once a second).
 */
function buildReader(distDir: string) {
  let checkedAt = -Infinity;
  let mtime = -1;
  let template: HtmlTemplate | null = null;
  let files: ReturnType<typeof sirv> | null = null;
  const refresh = () => {
    const now = Date.now();
    if (template && now - checkedAt < ENV_CHECK_INTERVAL_MS) return;
    checkedAt = now;
    const file = join(distDir, 'index.html');
    const m = statSync(file).mtimeMs;
    if (template && m === mtime) return;
    mtime = m;
    const html = readFileSync(file, 'utf8');
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const bodyEnd = body.slice(body.indexOf('</div>') + '</div>'.length).replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    const assets = readJson<{ css?: string[]; preload?: string[] }>(join(distDir, 'ssr-assets.json'), {});
    const preload =
      (assets.css ?? []).map((f) => `<link rel="stylesheet" href="/${f}">`).join('') +
      (assets.preload ?? []).map((f) => `<link rel="preload" as="script" href="/${f}">`).join('');
    // The build's own <title> and description give way to the page's (one of each per page).
    const description = /<meta name="description"[^>]*>/.exec(head)?.[0] ?? '';
    const pageHead = head.replace(/<title>[\s\S]*?<\/title>/, '').replace(description, '');
    template = { head: pageHead, description, bodyEnd, preload };
    // sirv lists the folder once: a rebuild needs a new handler.
    files = sirv(distDir, {
      dev: false,
      etag: true,
      brotli: true,
      gzip: true,
      setHeaders(res, pathname) {
        if (NO_CACHE_FILES.test(pathname)) res.setHeader('Cache-Control', 'no-cache');
        else if (HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  };
  return {
    template(): HtmlTemplate {
      refresh();
      return template!;
    },
    files(): ReturnType<typeof sirv> {
      refresh();
      return files!;
    },
  };
}

/** Reads a rendered page's HTML stream to the end. */
function collect(html: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    html.on('data', (c: Buffer | string) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
    html.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    html.on('error', reject);
  });
}

/**
 * The key of an anonymous page in the page cache: environment version, public origin, path, the
 * page-changing query parameters (sorted; tracking parameters are left out) and language.
 */
export function pageCacheKey(envVersion: string, origin: string, url: URL, lang: string): string {
  const kept = PAGE_QUERY_PARAMETERS.flatMap((name) => url.searchParams.getAll(name).map((v) => [name, v] as const));
  const query = kept.length ? `?${new URLSearchParams(kept.map(([k, v]) => [k, v])).toString()}` : '';
  return `${envVersion}|${origin}|${lang}|${url.pathname}${query}`;
}

/**
 * Creates the shell server (not listening yet: call `server.listen`).
 * @param o  see {@link ShellServerOptions}
 */
export function createShellServer(o: ShellServerOptions): ShellServer {
  const federation = createServerFederation({ fetchOrigins: o.remoteFetchOrigins });
  const build = buildReader(o.distDir);
  const environment = createEnvironment(o);
  const compress = compression({ threshold: 1024 });
  const renders = pLimit(o.maxRenders ?? 4);
  const maxQueue = o.maxQueue ?? 16;
  const cache = o.pageCacheBytes === 0 ? null : new PageCache({ maxBytes: o.pageCacheBytes });
  const internalBase = (env: EnvironmentState) => o.internalApiBaseTemplate ?? env.config.apiBaseTemplate;
  const sessions = createSessionChecker((server) => internalBase(environment.current()).replace('{server}', server));
  let unsubscribe = () => {};
  if (cache && o.changeStream !== false) {
    const changesUrl = new URL('/changes', internalBase(environment.current()).replace('{server}', 'royal')).href;
    unsubscribe = subscribeToChanges(changesUrl, cache);
  }

  /** The config of one request: `cookieDomain` "auto" becomes the registrable domain of its public host. */
  const withCookieDomain = (cfg: RuntimeConfig, hostHeader: string | undefined): RuntimeConfig => {
    if (cfg.cookieDomain !== 'auto') return cfg;
    const cookieDomain = cookieDomainFor(publicHostname(hostHeader, o.publicOrigin));
    const { cookieDomain: _auto, ...rest } = cfg;
    return cookieDomain ? { ...rest, cookieDomain } : rest;
  };

  function json(res: ServerResponse, body: unknown): void {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(JSON.stringify(body, null, 2));
  }

  /**
   * `/api/*` to the API origin, and nowhere else: the target must stay on that origin whatever
   * the path says (`/api//other.host/…` is refused), and the peer's address is appended to
   * `X-Forwarded-For` (the API trusts that header from its proxies only).
   */
  function proxy(req: IncomingMessage, res: ServerResponse, origin: string, path: string): void {
    const base = new URL(origin);
    let target: URL | null;
    try {
      target = path.startsWith('/') && !path.startsWith('//') ? new URL(path, base) : null;
    } catch {
      target = null;
    }
    if (!target || target.origin !== base.origin) {
      res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ statusCode: 400, error: 'BAD_REQUEST', message: 'Invalid API path' }));
      return;
    }
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
    delete headers.origin; // same-origin for the browser; the API sees a server-to-server call
    delete headers.referer;
    const peer = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(', ') : forwarded}, ${peer}` : peer;
    const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) return void res.end();
      res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ statusCode: 502, error: 'API_UNREACHABLE', message: 'The API is unreachable' }));
    });
    req.pipe(upstream);
  }

  /** Runs one render within the process's limit; {@link OverloadError} when the queue is full. */
  function limited<T>(work: () => Promise<T>): Promise<T> {
    if (renders.pendingCount >= maxQueue) return Promise.reject(new OverloadError('render queue full'));
    return renders(work);
  }

  /** Renders a page to its full HTML (redirects are answered before, so this is always a page). */
  async function render(
    url: URL,
    cookie: string | undefined,
    env: EnvironmentState,
    cfg: RuntimeConfig,
    origin: string,
    viewer: RenderContext['viewer'],
  ) {
    federation.sync(env.remotes, env.pins);
    const result = await renderPage(
      url,
      { cookie },
      {
        federation,
        config: cfg,
        remotes: env.remotes,
        internalApiBaseTemplate: internalBase(env),
        template: build.template(),
        budgetMs: o.budgetMs ?? 600,
        origin,
        viewer,
      },
    );
    if (result.kind === 'redirect') throw new RedirectAnswer(result.status, result.location);
    const html = await collect(result.html);
    if (o.log)
      console.log(
        `[ssr] ${result.status} ${url.pathname} ${result.timings.renderMs.toFixed(1)} ms${result.timings.slotErrors.length ? ` (browser renders: ${result.timings.slotErrors.join('; ')})` : ''}`,
      );
    return { result: result as Extract<RenderResult, { kind: 'page' }>, html };
  }

  /**
   * Sends a page from the cache in the encoding the client takes, or 304 when it has it already:
   * one `writeHead` with every header, no compression on the way (the bytes are compressed already).
   */
  function sendCached(
    req: IncomingMessage,
    res: ServerResponse,
    security: Readonly<Record<string, string>>,
    page: CachedPage,
    cacheStatus: CacheStatus,
  ): void {
    const headers: Record<string, string | number> = {
      ...security,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': ANONYMOUS_PAGE_CACHE_CONTROL,
      Vary: 'Cookie, Accept-Encoding',
      'X-Cache': cacheStatus,
      ETag: page.etag,
      'Server-Timing': `ssr;dur=${page.renderMs.toFixed(1)}, cache;desc=${cacheStatus}`,
    };
    if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    const encoding = new Negotiator(req).encoding(['br', 'gzip', 'identity']);
    const body = encoding === 'br' ? page.body.br : encoding === 'gzip' ? page.body.gzip : page.body.identity;
    if (encoding === 'br' || encoding === 'gzip') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** 503 with `Retry-After` and a page in the visitor's language. */
  function sendBusy(res: ServerResponse, security: Readonly<Record<string, string>>, cookie: string | undefined): void {
    res.writeHead(503, {
      ...security,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '5',
    });
    res.end(busyPage(languageOf(cookie)));
  }

  /** Sets headers one by one (answers that go through the compression middleware). */
  function setHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
    for (const name in headers) res.setHeader(name, headers[name]!);
  }

  /** A page for one viewer: `private, no-store`, compressed on the way. */
  function sendPrivate(
    req: IncomingMessage,
    res: ServerResponse,
    security: Readonly<Record<string, string>>,
    page: { status: number; html: string; renderMs: number; cache?: CacheStatus },
  ): void {
    setHeaders(res, security);
    res.statusCode = page.status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    res.setHeader('Vary', 'Cookie');
    if (page.cache) res.setHeader('X-Cache', page.cache);
    res.setHeader('Server-Timing', `ssr;dur=${page.renderMs.toFixed(1)}${page.cache ? `, cache;desc=${page.cache}` : ''}`);
    compress(req as never, res as never, () => res.end(req.method === 'HEAD' ? undefined : page.html));
  }

  /** Page cache keys whose stand-in render read a personal field: rendered per player for a while. */
  const personalPages = new LRUCache<string, true>({ max: 5000, ttl: PERSONAL_PAGE_MEMORY_MS });
  const templates = new WeakMap<CachedPage, PlayerTemplate>();
  const templateOf = (html: string) =>
    playerTemplate(html, html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`));

  /**
   * The page shared by the logged-in players of the viewer's server (playerPage.ts), from the page
   * cache, with the viewer's own parts; null when this page is rendered per player.
   */
  async function sharedPlayerPage(
    url: URL,
    cookie: string | undefined,
    env: EnvironmentState,
    cfg: RuntimeConfig,
    origin: string,
    viewer: Viewer,
  ) {
    const key = `${pageCacheKey(env.version, origin, url, languageOf(cookie))}|player:${viewer.user.server}`;
    if (!cache || personalPages.has(key)) return null;
    try {
      const { page: cached, cache: status } = await cache.get(key, () =>
        limited(async () => {
          const standIn = standInPlayer(viewer.user.server);
          const { result, html } = await render(url, cookie, env, cfg, origin, { standIn });
          if (standIn.isPersonal() || !templateOf(html)) throw new PersonalPage(key);
          return {
            status: result.status,
            html,
            topics: result.topics,
            degraded: result.timings.slotErrors.length > 0,
            renderMs: result.timings.renderMs,
            compress: false,
          };
        }),
      );
      let template = templates.get(cached);
      if (!template) templates.set(cached, (template = templateOf(cached.body.identity.toString('utf8'))!));
      return {
        status: cached.status,
        html: fillPlayerPage(template, viewer.user, jsonForScript),
        renderMs: cached.renderMs,
        cache: status,
      };
    } catch (e) {
      if (!(e instanceof PersonalPage)) throw e;
      personalPages.set(key, true);
      return null;
    }
  }

  async function page(req: IncomingMessage, res: ServerResponse, url: URL, env: EnvironmentState): Promise<void> {
    const security = env.securityHeaders(url.pathname);
    const cookie = req.headers.cookie;
    const cfg = withCookieDomain(env.config, req.headers.host);
    const route = routeOf(url, cookie, cfg.production);
    if (route.kind === 'redirect') {
      res.writeHead(302, { ...security, Location: route.to, 'Cache-Control': 'no-cache' });
      return void res.end();
    }
    const origin = o.publicOrigin ?? `${(req.headers['x-forwarded-proto'] as string) || 'http'}://${req.headers.host ?? 'localhost'}`;
    const server = route.server;
    const viewer = server && sessions.hasSession(cookie, server) ? await sessions.viewerOf(cookie, server) : null;
    try {
      // Anonymous pages of a game server come from the cache (the social-login callback pages never do).
      if (cache && server && !viewer) {
        const key = pageCacheKey(env.version, origin, url, languageOf(cookie));
        const { page: cached, cache: status } = await cache.get(key, () =>
          limited(async () => {
            const { result, html } = await render(url, cookie, env, cfg, origin, null);
            return {
              status: result.status,
              html,
              topics: result.topics,
              degraded: result.timings.slotErrors.length > 0,
              renderMs: result.timings.renderMs,
            };
          }),
        );
        return sendCached(req, res, security, cached, status);
      }
      // A player's page: the one shared by the players of the server when it can be, else their own render.
      const shared = cache && server && viewer ? await sharedPlayerPage(url, cookie, env, cfg, origin, viewer) : null;
      if (shared) return sendPrivate(req, res, security, shared);
      const { result, html } = await limited(() => render(url, cookie, env, cfg, origin, viewer));
      sendPrivate(req, res, security, { status: result.status, html, renderMs: result.timings.renderMs });
    } catch (e) {
      if (e instanceof OverloadError) return sendBusy(res, security, cookie);
      if (e instanceof RedirectAnswer) {
        res.writeHead(e.status, { ...security, Location: e.location, 'Cache-Control': 'no-cache' });
        return void res.end();
      }
      throw e;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const path = url.pathname;
    if (path === '/health') return json(res, health());
    if (o.apiProxyOrigin && path.startsWith('/api/')) return proxy(req, res, o.apiProxyOrigin, (req.url ?? '/').slice(4));
    const env = environment.current();
    if (!/\.[a-z0-9]+$/i.test(path) && (req.method === 'GET' || req.method === 'HEAD')) return page(req, res, url, env);
    setHeaders(res, env.securityHeaders(path));
    compress(req as never, res as never, () => {
      if (path === '/remotes.json') return json(res, env.remotes);
      if (path === '/config.json') return json(res, withCookieDomain(env.config, req.headers.host));
      // Server code and build lists are not public files. (index.html, the page without its content,
      // is: the offline worker keeps it as the app shell of pages never read.)
      if (/^\/(server\/|ssr-assets\.json)/.test(path)) return notFound(res);
      if (/\.[a-z0-9]+$/i.test(path)) return build.files()(req, res, () => notFound(res));
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('Method not allowed');
    });
  }

  function health(): ShellHealth {
    return {
      ok: true,
      pid: process.pid,
      renders: { active: renders.activeCount, queued: renders.pendingCount },
      cache: cache?.stats() ?? null,
    };
  }

  function notFound(res: ServerResponse): void {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
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
    await render(new URL(path, 'http://localhost'), undefined, env, env.config, 'http://localhost', null);
  }

  return { server, federation, warmUp, stop: () => unsubscribe() };
}

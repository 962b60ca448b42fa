/**
 * The shell's HTTP server (design brief §7, issues 10 and 11): server-side rendered pages,
 * the shell's static files (precompressed brotli/gzip from the build, immutable when hashed),
 * the environment's `config.json` / `remotes.json` (never cached), optionally `/api/*` proxied to
 * the API, with security headers on every answer (helmet: a Content-Security-Policy whose
 * script-src is this origin, the environment's remote origins and a per-response nonce;
 * frame-ancestors; nosniff; Referrer-Policy; Permissions-Policy; HSTS in production; the policy
 * itself is ./securityPolicy.mjs, shared with the development server).
 *
 * remotes.json and config.json are read on every request (small files): a remote redeployed
 * alone (`scripts/deploy.mjs use …`) renders at its new version on the next request.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import helmet from 'helmet';
import sirv from 'sirv';
import { DEFAULT_RUNTIME_CONFIG, EXPOSED_MODULE_IDS, REMOTE_NAMES, remoteOf, type RemoteName, type RuntimeConfig } from '@landing/shared';
import { createServerFederation, type RemotesMap, type ServerFederation } from './federation';
import { sanitizeRemotePins, type RemotePins } from './remoteTrust';
import { renderPage, type HtmlTemplate } from './render';
import { PERMISSIONS_POLICY, securityHeaderOptions } from './securityPolicy.mjs';
import { cookieDomainFor, publicHostname } from './cookieDomain';

/** Options of {@link createShellServer}. */
export interface ShellServerOptions {
  /** The shell's browser build (shell/dist). */
  distDir: string;
  /** The environment's remotes.json (re-read on every request). */
  remotesFile: string;
  /** The environment's config.json (re-read on every request); missing → defaults. */
  configFile?: string;
  /** Overrides merged into config.json (e.g. the local API base); applied before the guard. */
  configOverrides?: Partial<RuntimeConfig>;
  /**
   * The environment guard of issue 10: when true, the served config says production and trusts
   * no tester override origin, whatever config.json says.
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
}

/** The server and what tests and scripts may look at. */
export interface ShellServer {
  server: Server;
  federation: ServerFederation;
  /** Loads every remote once and renders one page, before the first visitor (cold start ~250 ms). */
  warmUp(path?: string): Promise<void>;
}

const NO_CACHE_FILES = /(^|\/)(sw\.js|manifest\.webmanifest|index\.html)$/;
const HASHED = /\.[0-9a-f]{10}\./;

/** Reads a JSON file; `fallback` when missing or invalid (a bad deploy never takes the site down). */
function readJson<T>(file: string | undefined, fallback: T): T {
  if (!file || !existsSync(file)) return fallback;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (e) {
    console.error(`[shell] ${file} is not valid JSON (${(e as Error).message}); using the last good value`);
    return fallback;
  }
}

/** Keeps only known remote names with http(s) or root-relative manifest URLs. */
export function sanitizeRemotes(input: unknown): RemotesMap {
  const out: RemotesMap = {};
  if (!input || typeof input !== 'object') return out;
  for (const [name, url] of Object.entries(input as Record<string, unknown>)) {
    if (REMOTE_NAMES.includes(name as RemoteName) && typeof url === 'string' && /^(https?:\/\/|\/)/.test(url))
      out[name as RemoteName] = url;
  }
  return out;
}

/** The HTML template of the shell build, cut around `<div id="root"></div>`; re-read when the build changes. */
function templateReader(distDir: string) {
  let cached: { mtime: number; template: HtmlTemplate } | null = null;
  return (): HtmlTemplate => {
    const file = join(distDir, 'index.html');
    const mtime = statSync(file).mtimeMs;
    if (cached?.mtime === mtime) return cached.template;
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
    cached = { mtime, template: { head: pageHead, description, bodyEnd, preload } };
    return cached.template;
  };
}

/**
 * Creates the shell server (not listening yet: call `server.listen`).
 * @param o  see {@link ShellServerOptions}
 */
export function createShellServer(o: ShellServerOptions): ShellServer {
  const federation = createServerFederation({ fetchOrigins: o.remoteFetchOrigins });
  const template = templateReader(o.distDir);
  // A rebuild of the shell (new index.html) re-indexes the files: sirv lists them once.
  let filesBuild = -1;
  let filesHandler: ReturnType<typeof sirv> | null = null;
  const files: ReturnType<typeof sirv> = (req, res, next) => {
    const build = statSync(join(o.distDir, 'index.html')).mtimeMs;
    if (!filesHandler || build !== filesBuild) {
      filesHandler = staticFiles();
      filesBuild = build;
    }
    return filesHandler(req, res, next);
  };
  const staticFiles = () =>
    sirv(o.distDir, {
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
  const compress = compression({ threshold: 1024 });
  let lastConfig: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, ...o.configOverrides };
  let lastRemotes: RemotesMap = {};
  let lastPins: RemotePins = {}; // remotes.json `integrity`, read with lastRemotes (remoteTrust.ts)

  const config = (): RuntimeConfig => {
    const file = readJson<Partial<RuntimeConfig> | null>(o.configFile, null);
    const merged = {
      ...DEFAULT_RUNTIME_CONFIG,
      ...lastConfig,
      ...(file ?? {}),
      ...o.configOverrides,
      links: { ...DEFAULT_RUNTIME_CONFIG.links, ...file?.links },
    };
    lastConfig = o.production
      ? { ...merged, production: true, trustedRemoteOrigins: [] }
      : { ...merged, trustedRemoteOrigins: merged.trustedRemoteOrigins ?? [] };
    return lastConfig;
  };
  /** The config of one request: `cookieDomain` for its public host unless config.json sets one. */
  const withCookieDomain = (cfg: RuntimeConfig, hostHeader: string | undefined): RuntimeConfig => {
    const cookieDomain = cfg.cookieDomain ?? cookieDomainFor(publicHostname(hostHeader, o.publicOrigin));
    return cookieDomain ? { ...cfg, cookieDomain } : cfg;
  };
  const remotes = (): RemotesMap => {
    const read = readJson<unknown>(o.remotesFile, null);
    if (read !== null) [lastRemotes, lastPins] = [sanitizeRemotes(read), sanitizeRemotePins(read)];
    return lastRemotes;
  };

  function securityHeaders(req: IncomingMessage, res: ServerResponse, cfg: RuntimeConfig, map: RemotesMap, nonce: string): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const middleware = helmet(securityHeaderOptions({ config: cfg, remotes: map, nonce, path }));
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    return new Promise((resolve) => middleware(req, res, () => resolve()));
  }

  function json(res: ServerResponse, body: unknown): void {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(JSON.stringify(body, null, 2));
  }

  function proxy(req: IncomingMessage, res: ServerResponse, origin: string, path: string): void {
    const target = new URL(path, origin);
    const headers = { ...req.headers, host: target.host };
    delete headers.origin; // same-origin for the browser; the API sees a server-to-server call
    delete headers.referer;
    const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', (e) => {
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'API_UNREACHABLE', message: `API at ${origin} is unreachable: ${e.message}` }));
    });
    req.pipe(upstream);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const path = url.pathname;
    if (o.apiProxyOrigin && path.startsWith('/api/')) return proxy(req, res, o.apiProxyOrigin, (req.url ?? '/').slice(4));
    const cfg = withCookieDomain(config(), req.headers.host);
    const map = remotes();
    const pins = lastPins;
    const nonce = randomBytes(16).toString('base64');
    await securityHeaders(req, res, cfg, map, nonce);
    if (path === '/remotes.json') return json(res, map);
    if (path === '/config.json') return json(res, cfg);
    // Server code and build lists are not public files. (index.html, the page without its content,
    // is: the offline worker keeps it as the app shell of pages never read.)
    if (/^\/(server\/|ssr-assets\.json)/.test(path)) return notFound(res);
    if (/\.[a-z0-9]+$/i.test(path)) {
      return files(req, res, () => notFound(res));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      return void res.end('Method not allowed');
    }
    federation.sync(map, pins);
    const origin = o.publicOrigin ?? `${(req.headers['x-forwarded-proto'] as string) || 'http'}://${req.headers.host ?? 'localhost'}`;
    const result = await renderPage(
      url,
      { cookie: req.headers.cookie },
      {
        federation,
        config: cfg,
        remotes: map,
        internalApiBaseTemplate: o.internalApiBaseTemplate ?? cfg.apiBaseTemplate,
        template: template(),
        budgetMs: o.budgetMs ?? 600,
        nonce,
        origin,
      },
    );
    if (result.kind === 'redirect') {
      res.writeHead(result.status, { Location: result.location, 'Cache-Control': 'no-cache' });
      return void res.end();
    }
    if (o.log)
      console.log(
        `[ssr] ${result.status} ${path} ${result.timings.renderMs.toFixed(1)} ms${result.timings.slotErrors.length ? ` (browser renders: ${result.timings.slotErrors.join('; ')})` : ''}`,
      );
    res.statusCode = result.status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Per visitor (language cookie, session-free but cookie-dependent): never stored by shared caches.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Cookie');
    res.setHeader('Server-Timing', `ssr;dur=${result.timings.renderMs.toFixed(1)}`);
    if (req.method === 'HEAD') return void res.end();
    result.html.pipe(res);
  }

  function notFound(res: ServerResponse): void {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Not found');
  }

  const server = createServer((req, res) => {
    compress(req as never, res as never, () => {
      handle(req, res).catch((e: unknown) => {
        console.error('[shell] request failed', e);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Server error');
        } else res.end();
      });
    });
  });

  async function warmUp(path = '/royal'): Promise<void> {
    const map = federation.sync(remotes(), lastPins);
    await Promise.allSettled(EXPOSED_MODULE_IDS.filter((id) => map[remoteOf(id)]).map((id) => federation.load(id)));
    const cfg = config();
    await renderPage(
      new URL(path, 'http://localhost'),
      {},
      {
        federation,
        config: cfg,
        remotes: map,
        internalApiBaseTemplate: o.internalApiBaseTemplate ?? cfg.apiBaseTemplate,
        template: template(),
        budgetMs: 2000,
        nonce: 'warm-up',
        origin: 'http://localhost',
      },
    ).then((r) => (r.kind === 'page' ? new Promise((done) => (r.html.on('end', done), r.html.resume())) : undefined));
  }

  return { server, federation, warmUp };
}

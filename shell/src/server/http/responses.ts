/**
 * How the page server writes its answers: pages from the page cache, pages for one player, the
 * 503 page, redirects, JSON and 404, each with the headers it needs (docs/ARCHITECTURE.md
 * "Page cache": `Cache-Control`, `Vary`, `X-Cache`, `Server-Timing`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import Negotiator from 'negotiator';
import type { LocaleCode } from '@landing/shared';
import { busyPage } from './busy-page';
import type { CacheStatus, CachedPage } from '../cache/page-cache';

/** `Cache-Control` of an anonymous page: shared caches may keep it 5 s and serve it 30 s more while they refresh it. */
const ANONYMOUS_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** `Cache-Control` of a player's own page. */
const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** Response headers by name (the environment's security headers, environment.ts). */
export type Headers = Readonly<Record<string, string>>;

/** The page server's compression middleware, on Node's own request and answer (see {@link nodeCompression}). */
export type Compress = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The compression middleware (npm `compression`, gzip and brotli by Accept-Encoding) for Node's
 * http server. The middleware only uses Node's request and answer (it reads the headers and wraps
 * `res.write`/`res.end`), but its types name Express's `Request` and `Response`, which extend
 * them: the one cast between the two is here.
 * @param thresholdBytes  answers smaller than this go out uncompressed (bytes)
 */
export function nodeCompression(thresholdBytes: number): Compress {
  const middleware = compression({ threshold: thresholdBytes });
  type ExpressArgs = Parameters<typeof middleware>;
  return (req, res, next) => middleware(req as ExpressArgs[0], res as ExpressArgs[1], next);
}

/** A page rendered for one player. */
export interface PrivatePage {
  status: number;
  html: string;
  /** Server-Timing of the render (ms). */
  renderMs: number;
}

/** 200 with `body` as JSON, `Cache-Control: no-cache`. */
export function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body, null, 2));
}

/** 404 in plain text. */
export function sendNotFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Not found');
}

/** 405 for a method other than GET and HEAD. */
export function sendMethodNotAllowed(res: ServerResponse): void {
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
  res.end('Method not allowed');
}

/** A redirect (301, 302…) to `location` with the security headers; never cached. */
export function sendRedirect(res: ServerResponse, security: Headers, status: number, location: string): void {
  res.writeHead(status, { ...security, Location: location, 'Cache-Control': 'no-cache' });
  res.end();
}

/** Sets headers one by one (answers that go through the compression middleware). */
export function setHeaders(res: ServerResponse, headers: Headers): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
}

/**
 * Sends a page from the cache in the encoding the client takes, or 304 when it has it already:
 * one `writeHead` with every header, no compression on the way (the bytes are compressed already).
 * @param varyOrigin  the page's links were made from `Host` and `X-Forwarded-Proto` (no configured
 *   public origin): `Vary` names them, so a shared cache keys the page by them too
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  security: Headers,
  page: CachedPage,
  cacheStatus: CacheStatus,
  varyOrigin = false,
): void {
  const headers: Record<string, string | number> = {
    ...security,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': ANONYMOUS_PAGE_CACHE_CONTROL,
    Vary: varyOrigin ? 'Cookie, Accept-Encoding, Host, X-Forwarded-Proto' : 'Cookie, Accept-Encoding',
    'X-Cache': cacheStatus,
    ETag: page.etag,
    'Server-Timing': `ssr;dur=${page.renderMs.toFixed(1)}, cache;desc=${cacheStatus}`,
  };
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  // A page kept without compressed copies (not kept at all: page-cache.ts) goes out as it is.
  const encoding = new Negotiator(req).encoding(page.body.br.length ? ['br', 'gzip', 'identity'] : ['identity']);
  const body = encoding === 'br' ? page.body.br : encoding === 'gzip' ? page.body.gzip : page.body.identity;
  if (encoding === 'br' || encoding === 'gzip') headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** 503 with `Retry-After` and a page in the visitor's language (busy-page.ts). */
export function sendBusy(res: ServerResponse, security: Headers, lang: LocaleCode): void {
  res.writeHead(503, {
    ...security,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '5',
  });
  res.end(busyPage(lang));
}

/** A player's page filled in from a shared page (shared-player-pages.ts): its body per encoding, compressed already. */
export interface PlayerPage {
  kind: 'page';
  status: number;
  /** Server-Timing of the shared page's render (ms). */
  renderMs: number;
  /** The page cache status of the shared page. */
  cache: CacheStatus;
  /** The answer's bytes: a gzip member, or the text. */
  body(encoding: 'gzip' | 'identity'): Buffer;
}

/**
 * A player's page from a shared page: `private, no-store`, gzip when the client takes it
 * (player-gzip.ts), one `writeHead`, no compression on the way.
 */
export function sendPlayerPage(req: IncomingMessage, res: ServerResponse, security: Headers, page: PlayerPage): void {
  const encoding = new Negotiator(req).encoding(['gzip', 'identity']) === 'gzip' ? 'gzip' : 'identity';
  const body = page.body(encoding);
  res.writeHead(page.status, {
    ...security,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': PRIVATE_PAGE_CACHE_CONTROL,
    Vary: 'Cookie, Accept-Encoding',
    'X-Cache': page.cache,
    'Server-Timing': `ssr;dur=${page.renderMs.toFixed(1)}, cache;desc=${page.cache}`,
    ...(encoding === 'gzip' ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A page for one player: `private, no-store`, compressed on the way.
 * @param compress  the page server's compression middleware
 */
export function sendPrivate(req: IncomingMessage, res: ServerResponse, security: Headers, page: PrivatePage, compress: Compress): void {
  setHeaders(res, security);
  res.statusCode = page.status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
  res.setHeader('Vary', 'Cookie');
  res.setHeader('Server-Timing', `ssr;dur=${page.renderMs.toFixed(1)}`);
  compress(req, res, () => res.end(req.method === 'HEAD' ? undefined : page.html));
}

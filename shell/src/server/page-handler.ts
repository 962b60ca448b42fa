/**
 * The page server's answer to a page request (docs/ARCHITECTURE.md "Page cache"):
 * - the route rules of spec §2 answer their redirects first;
 * - anonymous visitors of a game server get the page from the page cache (page-cache.ts), keyed
 *   by environment, public origin, path, the query parameters that change the page, and
 *   language; `X-Cache` says HIT, MISS or STALE, and the answer is `Cache-Control: public,
 *   s-maxage=5, stale-while-revalidate=30` so a shared cache keyed the same way can keep it;
 * - a request with a valid session cookie is a player's page (session.ts), `private, no-store`:
 *   the page shared by the players of their server when it can be (shared-player-pages.ts), else
 *   their own render;
 * - past the render queue, 503 with `Retry-After` and a translated page; a cached page is served
 *   stale instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withCookieDomain } from './cookie-domain';
import type { EnvironmentState } from './environment';
import { pageCacheKey, type PageCache } from './page-cache';
import { OverloadError, RedirectAnswer, toRenderedPage, type PageRenderer, type PageRequest } from './page-renderer';
import { languageOf, routeOf } from './page-route';
import { sendBusy, sendCached, sendPrivate, sendRedirect, type Compress } from './responses';
import type { SessionChecker } from './session';
import { createSharedPlayerPages } from './shared-player-pages';

/** What {@link createPageHandler} works with. */
export interface PageHandlerOptions {
  renderer: PageRenderer;
  /** The page cache, or null when it is off (every page rendered). */
  cache: PageCache | null;
  sessions: SessionChecker;
  compress: Compress;
  /** Public origin for canonical URLs (default: from the Host header and `X-Forwarded-Proto`). */
  publicOrigin?: string;
}

/**
 * The page handler of one page server: answers a GET or HEAD of a page (see the module comment).
 * @returns `page(req, res, url, env)`, rejected only on an unexpected render failure (a 500 for the caller)
 */
export function createPageHandler(o: PageHandlerOptions) {
  const { renderer, cache, sessions, compress } = o;
  const sharedPlayerPage = cache ? createSharedPlayerPages(cache, renderer) : null;

  return async function page(req: IncomingMessage, res: ServerResponse, url: URL, env: EnvironmentState): Promise<void> {
    const security = env.securityHeaders(url.pathname);
    const cookie = req.headers.cookie;
    const config = withCookieDomain(env.config, req.headers.host, o.publicOrigin);
    const route = routeOf(url, cookie, config.production);
    if (route.kind === 'redirect') return sendRedirect(res, security, 302, route.to);
    const origin = o.publicOrigin ?? `${(req.headers['x-forwarded-proto'] as string) || 'http'}://${req.headers.host ?? 'localhost'}`;
    const request: PageRequest = { url, cookie, lang: languageOf(cookie), env, config, origin };
    const server = route.server;
    const viewer = server && sessions.hasSession(cookie, server) ? await sessions.viewerOf(cookie, server) : null;
    try {
      // Anonymous pages of a game server come from the cache (the social-login callback pages never do).
      if (cache && server && !viewer) {
        const key = pageCacheKey(env.version, origin, url, request.lang);
        const { page: cached, cache: status } = await cache.get(key, () =>
          renderer.limited(async () => toRenderedPage(await renderer.render(request, null))),
        );
        return sendCached(req, res, security, cached, status);
      }
      // A player's page: the one shared by the players of the server when it can be, else their own render.
      const shared = sharedPlayerPage && server && viewer ? await sharedPlayerPage(request, viewer) : null;
      if (shared) return sendPrivate(req, res, security, shared, compress);
      const { result, html } = await renderer.limited(() => renderer.render(request, viewer));
      sendPrivate(req, res, security, { status: result.status, html, renderMs: result.timings.renderMs }, compress);
    } catch (e) {
      if (e instanceof OverloadError) return sendBusy(res, security, request.lang);
      if (e instanceof RedirectAnswer) return sendRedirect(res, security, e.status, e.location);
      throw e;
    }
  };
}

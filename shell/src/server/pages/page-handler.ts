/**
 * The page server's answer to a page request (docs/ARCHITECTURE.md "Page cache"):
 * - the request is read once into a page request (page-request.ts): the route rules of spec §2
 *   answer their redirects first, then the language and the session's player;
 * - a page is rendered for its path and page-changing query parameters only (page-request.ts
 *   `pageUrl`), which are also its key;
 * - anonymous visitors of a game server get the page from the page cache (page-cache.ts), keyed
 *   by environment, public origin, language, path and those parameters; `X-Cache` says HIT, MISS
 *   or STALE, and the answer is `Cache-Control: public, max-age=0, s-maxage=5, stale-while-revalidate=30` so a
 *   shared cache keyed the same way can keep it;
 * - a request with a valid session cookie is a player's page (session.ts), `private, no-store`:
 *   the page shared by the players of their server when it can be (shared-player-pages.ts), else
 *   their own render;
 * - past the render queue, 503 with `Retry-After` and a translated page; a cached page is served
 *   stale instead;
 * - a redirect a render answers (an old activation link's) is sent as it is, from whichever path above.
 *
 * Bounded key space: pages whose path holds a code nobody can check (partner and referral links,
 * `/{server}/join/p/{partner}`, `/{server}/join/ref/{id}`) are kept in a small cache of their own
 * (`variants`), so however many codes are asked for they never push the other pages out. Without
 * a configured public origin, the origin comes from `Host` and `X-Forwarded-Proto`: the answer's
 * `Vary` names them, and pages of at most {@link MAX_HOST_ORIGINS} origins are kept.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withCookieDomain } from '../environment/cookie-domain';
import type { EnvironmentState } from '../environment/environment';
import { pageCacheKey, type PageCache } from '../cache/page-cache';
import { OverloadError, toRenderedPage, type PageRenderer } from '../render/page-renderer';
import { readPageRequest } from './page-request';
import { sendBusy, sendCached, sendPlayerPage, sendPrivate, sendRedirect, type Compress } from '../http/responses';
import type { SessionChecker } from './session';
import { createSharedPlayerPages } from '../players/shared-player-pages';

/** Origins (from `Host`) whose pages are kept when no public origin is configured. */
const MAX_HOST_ORIGINS = 4;

/** Paths whose last segment is a partner or referral code (spec §2), kept in the `variants` cache. */
const CODE_PATH = /^\/[^/]+\/join\/(?:p|ref)\/[^/]+\/?$/;

/** What {@link createPageHandler} works with. */
export interface PageHandlerOptions {
  renderer: PageRenderer;
  /** The page cache, or null when it is off (every page rendered). */
  cache: PageCache | null;
  /** The small cache of the pages of partner and referral codes (null: they use `cache`). */
  variants?: PageCache | null;
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
  const variants = o.variants ?? cache;
  const sharedPlayerPage = cache ? createSharedPlayerPages(cache, renderer) : null;
  const hostOrigins = new Set<string>();
  /** The public origin of a request, and whether pages of it may be kept. */
  const originOf = (req: IncomingMessage): { origin: string; keep: boolean } => {
    if (o.publicOrigin) return { origin: o.publicOrigin, keep: true };
    const origin = `${(req.headers['x-forwarded-proto'] as string) || 'http'}://${req.headers.host ?? 'localhost'}`;
    if (!hostOrigins.has(origin) && hostOrigins.size < MAX_HOST_ORIGINS) hostOrigins.add(origin);
    return { origin, keep: hostOrigins.has(origin) };
  };

  return async function page(req: IncomingMessage, res: ServerResponse, url: URL, env: EnvironmentState): Promise<void> {
    const security = env.securityHeaders(url.pathname);
    const { origin, keep } = originOf(req);
    const read = await readPageRequest({
      url,
      cookie: req.headers.cookie,
      env,
      config: withCookieDomain(env.config, req.headers.host, o.publicOrigin),
      origin,
      hasSessionCookie: sessions.hasSessionCookie,
      playerOf: sessions.playerOf,
    });
    if (read.kind === 'redirect') return sendRedirect(res, security, read.status, read.location);
    const { request } = read;
    const { server, player } = request;
    const store = keep ? (CODE_PATH.test(url.pathname) ? variants : cache) : null;
    try {
      // Anonymous pages of a game server come from the cache (the social-login callback pages never do).
      if (store && server && !player) {
        const key = pageCacheKey(env.version, origin, url, request.lang);
        const { answer, cache: status } = await store.get(key, () =>
          renderer.limited(async () => {
            const rendered = await renderer.render(request, null);
            return rendered.kind === 'page' ? toRenderedPage(rendered) : rendered;
          }),
        );
        if (answer.kind === 'redirect') return sendRedirect(res, security, answer.status, answer.location);
        return sendCached(req, res, security, answer, status, !o.publicOrigin);
      }
      // A player's page: the one shared by the players of the game server when it can be, else their own render.
      const shared =
        sharedPlayerPage && keep && server && player && !CODE_PATH.test(url.pathname) ? await sharedPlayerPage(request, player) : null;
      if (shared?.kind === 'redirect') return sendRedirect(res, security, shared.status, shared.location);
      if (shared) return sendPlayerPage(req, res, security, shared);
      const rendered = await renderer.limited(() => renderer.render(request, player));
      if (rendered.kind === 'redirect') return sendRedirect(res, security, rendered.status, rendered.location);
      const { result, html } = rendered;
      sendPrivate(req, res, security, { status: result.status, html, renderMs: result.timings.renderMs }, compress);
    } catch (e) {
      if (e instanceof OverloadError) return sendBusy(res, security, request.lang);
      throw e;
    }
  };
}

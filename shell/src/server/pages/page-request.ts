/**
 * A page request, worked out once before anything renders: the route rules of spec §2 (a
 * redirect, or the page's game server), the page's language (spec §1), the logged-in player of
 * its session and the URL the page is rendered for. Everything below (the page cache, shared
 * player pages, the render) reads these values and works none of them out again.
 */
import type { LocaleCode, RuntimeConfig, ServerCode } from '@landing/shared';
import type { EnvironmentState } from '../environment/environment';
import { languageOf, routeOf } from './page-route';
import type { SessionPlayer } from './session';

/**
 * Query parameters that change what a page shows (spec §2: the bets tournament). Pages are
 * rendered for their path and these alone ({@link pageUrl}), so no other parameter (tracking,
 * partner or referral codes, which only the browser reads) can make a page differ or add a key.
 */
const PAGE_QUERY_PARAMETERS = ['tournament'] as const;

/**
 * The URL a page is rendered for: the request's path and its page-changing query parameters
 * (sorted by name, the first value of each), nothing else. The page cache keys a page by exactly
 * these, so two requests with one key always render the same page.
 */
export function pageUrl(url: URL): URL {
  const out = new URL(url.pathname, url.origin);
  for (const name of PAGE_QUERY_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) out.searchParams.set(name, value);
  }
  return out;
}

/** One page request as the page cache, shared player pages and the render see it. */
export interface PageRequest {
  /** The URL the page is rendered for: its path and page-changing query parameters ({@link pageUrl}). */
  url: URL;
  /** The request's Cookie header. */
  cookie: string | undefined;
  /** The page's game server; null for the social-login callback pages, which belong to none. */
  server: ServerCode | null;
  /** The page's language (`i18n_redirected`: page-route.ts `languageOf`). */
  lang: LocaleCode;
  /** The logged-in player of the request's session on `server`, as the API confirmed it, or null. */
  player: SessionPlayer | null;
  /** The environment state of the visitor's composition (canary.ts). */
  env: EnvironmentState;
  /** The environment's config for this request (its `cookieDomain` resolved: cookie-domain.ts). */
  config: RuntimeConfig;
  /** The site's public origin (canonical and Open Graph URLs, a part of page cache keys). */
  origin: string;
}

/** A redirect answer (spec §2 route rules, or an old activation link's): sent as is, never cached. */
export interface Redirect {
  kind: 'redirect';
  status: 301 | 302;
  location: string;
}

/** What a page request is read into: a redirect, or the request of a page to answer. */
export type ReadPageRequest = Redirect | { kind: 'page'; request: PageRequest };

/** What {@link readPageRequest} reads a request from. */
export interface PageRequestInput {
  /** The request URL (absolute). */
  url: URL;
  cookie: string | undefined;
  env: EnvironmentState;
  config: RuntimeConfig;
  origin: string;
  /**
   * The logged-in player of a request on a game server (session.ts `playerOf`); asked only when
   * the request carries a session cookie of that server.
   */
  playerOf(cookie: string | undefined, server: ServerCode): Promise<SessionPlayer | null>;
  /** Whether the request carries a session cookie of `server` (session.ts `hasSessionCookie`). */
  hasSessionCookie(cookie: string | undefined, server: ServerCode): boolean;
}

/**
 * Reads a page request: the route rules first (`/`, legacy and unknown servers answer a 302),
 * then the language and, on a game server's page with a session cookie of that server, the player.
 */
export async function readPageRequest(input: PageRequestInput): Promise<ReadPageRequest> {
  const { url, cookie, env, config, origin } = input;
  const route = routeOf(url, cookie, config.production);
  if (route.kind === 'redirect') return { kind: 'redirect', status: 302, location: route.to };
  const { server } = route;
  const player = server && input.hasSessionCookie(cookie, server) ? await input.playerOf(cookie, server) : null;
  return { kind: 'page', request: { url: pageUrl(url), cookie, server, lang: languageOf(cookie), player, env, config, origin } };
}

/**
 * What the page server reads from a page request before it renders: the cookies it goes by, the
 * page's language (spec §1) and the route rules of spec §2.
 */
import { parseCookie } from 'cookie';
import { COOKIES, DEFAULT_SERVER, LOCALE_CODES, findLocale, serversFor, type LocaleCode, type ServerCode } from '@landing/shared';
import { normaliseServerRoute } from '../../routing/normalise';

/** `decodeURIComponent`, or undefined for a malformed encoding (such a cookie reads as absent). */
function decodeOrNothing(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Reads one cookie from a Cookie header (the `cookie` package's parser): the first cookie of that
 * name whose value is valid percent-encoding, decoded; undefined when there is none.
 */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  return header ? parseCookie(header, { decode: decodeOrNothing })[name] : undefined;
}

/** A cookie value as sent (the language cookie is read without percent-decoding). */
const asSent = (value: string) => value;

/**
 * Spec §1: the language stored in `i18n_redirected`, English by default (no detection).
 * Read exactly as the edge cache keys pages (deploy/nginx-shell.conf), so a page stored under
 * one language is always rendered in it: the first `;`-separated pair whose name is exactly
 * `i18n_redirected` (case-sensitive; spaces and tabs around name and value ignored: the
 * `cookie` package's split), its value as sent, which must be one of the locale codes exactly.
 * Anything else (`DE`, `d%65`, a later pair of the same name) is English.
 */
export function languageOf(cookieHeader: string | undefined): LocaleCode {
  const value = cookieHeader ? parseCookie(cookieHeader, { decode: asSent })[COOKIES.language] : undefined;
  return value && (LOCALE_CODES as readonly string[]).includes(value) ? (value as LocaleCode) : (findLocale('en')!.code as LocaleCode);
}

/**
 * Spec §2 route rules on the page server: `/` goes to the remembered game server, legacy and unknown
 * servers redirect (carrying partner/ref), a known server renders.
 * @returns the game server of the page, or the redirect target
 */
export function routeOf(
  url: URL,
  cookieHeader: string | undefined,
  production: boolean,
): { kind: 'ok'; server: ServerCode | null } | { kind: 'redirect'; to: string } {
  const lastServer = cookieOf(cookieHeader, COOKIES.lastServer);
  const segments = url.pathname.split('/');
  const segment = segments[1] ?? '';
  if (segment === '') {
    const known = serversFor(production).map((s) => s.value as string);
    return { kind: 'redirect', to: `/${lastServer && known.includes(lastServer) ? lastServer : DEFAULT_SERVER}${url.search}` };
  }
  if (segment === 'auth_callback' || segment === 'auth') return { kind: 'ok', server: null };
  const result = normaliseServerRoute({
    segment,
    rest: url.pathname.slice(segment.length + 1),
    search: url.search,
    production,
    lastServer,
  });
  return result.kind === 'redirect' ? { kind: 'redirect', to: result.to } : { kind: 'ok', server: result.server };
}

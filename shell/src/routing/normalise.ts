/**
 * Route normalisation of spec §2, as a pure function so it is unit-tested apart from the router.
 *
 * - A server known in this environment (spec §9 lists) is kept and becomes `selectedServer`.
 * - Legacy codes `en`, `us`, `ru`, `s1` redirect to `/royal`, carrying the rest of the path and
 *   the query, so `partner` / `ref_id` survive: `/us?partner=x` → `/royal?partner=x`,
 *   `/s1/join/p/x` → `/royal/join/p/x`, `/ru/join/ref/7` → `/royal/join/ref/7`.
 *   `en` is the test server outside production, so there it is a server, not a legacy code.
 * - Any other first segment is an unknown server: redirect to the server remembered in the
 *   `ft-lang-last-locale` cookie (when valid) or to `/royal`, keeping the query.
 */
import { DEFAULT_SERVER, LEGACY_SERVER_CODES, serversFor, type ServerCode } from '@landing/shared';

export type NormaliseResult = { kind: 'ok'; server: ServerCode } | { kind: 'redirect'; to: string };

export interface NormaliseInput {
  /** First path segment, e.g. `royal`. */
  segment: string;
  /** Path after the server segment, starting with `/` or empty. */
  rest: string;
  /** Query string including `?`, or empty. */
  search: string;
  production: boolean;
  /** Value of the `ft-lang-last-locale` cookie, if any. */
  lastServer?: string | undefined;
}

/** Applies the spec §2 server rules; see the module comment. */
export function normaliseServerRoute({ segment, rest, search, production, lastServer }: NormaliseInput): NormaliseResult {
  const servers = serversFor(production).map((s) => s.value);
  const code = segment.toLowerCase();
  if (servers.includes(code as ServerCode)) {
    if (code !== segment) return { kind: 'redirect', to: `/${code}${rest}${search}` };
    return { kind: 'ok', server: code as ServerCode };
  }
  if (LEGACY_SERVER_CODES.includes(code)) return { kind: 'redirect', to: `/${DEFAULT_SERVER}${rest}${search}` };
  const remembered = lastServer && servers.includes(lastServer as ServerCode) ? lastServer : DEFAULT_SERVER;
  return { kind: 'redirect', to: `/${remembered}${search}` };
}

/** Validation of path parameters (spec §8: a failure gives 404 'Page Not Found: {path}'). */
export const routeValidators = {
  /** News page number: a positive integer without leading zeros, at most 9999. */
  page: (v: string | undefined) => !!v && /^[1-9]\d{0,3}$/.test(v),
  /** News slug: lowercase words joined by dashes, at most 160 characters. */
  slug: (v: string | undefined) => !!v && v.length <= 160 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v),
  /** Activation token: 16–256 URL-safe characters. */
  token: (v: string | undefined) => !!v && /^[A-Za-z0-9_-]{16,256}$/.test(v),
  /** Partner code: 1–64 characters of letters, digits, `_` and `-`. */
  partner: (v: string | undefined) => !!v && /^[A-Za-z0-9_-]{1,64}$/.test(v),
  /** Referral id: 1–64 characters of letters, digits, `_` and `-`. */
  refId: (v: string | undefined) => !!v && /^[A-Za-z0-9_-]{1,64}$/.test(v),
  /** OAuth provider of the callback page. */
  provider: (v: string | undefined) => v === 'google' || v === 'facebook' || v === 'vk',
};

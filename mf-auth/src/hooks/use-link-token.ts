/** The token of an e-mailed link (activation, new e-mail, new password). */
import { useLocation } from 'react-router';
import { useHydrated } from '@landing/shared';

/** An e-mailed token: 16–256 URL-safe characters (the API's are 43). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * The token of the page: `given` (a path link, from a shell that passes it), else `token=` of the
 * URL fragment (`#token=…`: e-mailed links put it there so that no server, proxy or Referer sees
 * it). `undefined` while unknown (on the server and during hydration, which never see the
 * fragment), `null` when the URL has none or a malformed one.
 */
export function useLinkToken(given: string | undefined): string | null | undefined {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  if (given) return TOKEN_PATTERN.test(given) ? given : null;
  if (!hydrated) return undefined;
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

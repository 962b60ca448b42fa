import { COOKIES } from '../config';

/** The API's readable XSRF token cookie in production (HTTPS): `Secure`, `__Host-` prefixed. */
const XSRF_HOST_COOKIE = '__Host-XSRF-TOKEN';

/**
 * Which cookie holds the API's XSRF token: `__Host-XSRF-TOKEN` when the API
 * set it (production), else `XSRF-TOKEN` (development on http://localhost, where `__Host-`
 * cookies cannot be set). The client copies it into `X-XSRF-TOKEN` on requests to the API.
 * @param cookies the page's cookies (default `document.cookie`; empty outside a browser)
 */
export function xsrfCookieName(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string {
  return cookies.split(';').some((c) => c.trim().startsWith(`${XSRF_HOST_COOKIE}=`)) ? XSRF_HOST_COOKIE : COOKIES.xsrf;
}

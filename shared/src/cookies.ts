/**
 * Cookie helpers over js-cookie (spec §3, §9). Auth and language cookies are shared across
 * subdomains: on `www.example.com` the domain is `.example.com`; on `localhost` or an IP no
 * domain attribute is set.
 */
import Cookies from 'js-cookie';

/** Domain attribute for cookies shared across subdomains; `undefined` for localhost and IPs. */
export function sharedCookieDomain(hostname: string = globalThis.location?.hostname ?? ''): string | undefined {
  if (!hostname || hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const parts = hostname.split('.');
  if (parts.length < 2) return undefined;
  return '.' + parts.slice(-2).join('.');
}

/**
 * Sets a cookie on path `/`, shared across subdomains.
 * @param maxAgeSeconds lifetime in seconds (spec §9)
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const domain = sharedCookieDomain();
  Cookies.set(name, value, {
    path: '/',
    expires: maxAgeSeconds / 86_400,
    sameSite: 'lax',
    ...(domain ? { domain } : {}),
  });
}

/** Reads a cookie; `undefined` when absent. */
export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

/** Removes a cookie set by {@link setCookie} (same path and domain). */
export function removeCookie(name: string): void {
  const domain = sharedCookieDomain();
  Cookies.remove(name, { path: '/', ...(domain ? { domain } : {}) });
  if (domain) Cookies.remove(name, { path: '/' });
}

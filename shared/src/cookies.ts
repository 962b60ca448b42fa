/**
 * Cookie helpers over js-cookie (spec §3, §9). Auth and language cookies are shared across
 * subdomains: on `www.example.com.br` the domain is `.example.com.br` — the registrable domain by
 * the Public Suffix List, which the shell's server works out (tldts, server side so the browser
 * does not download the list) and hands over in the runtime config; on `localhost` or an IP no
 * domain attribute is set.
 */
import Cookies from 'js-cookie';
import { getRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/**
 * Domain attribute for cookies shared across subdomains (`.example.com.br`): the runtime config's
 * `cookieDomain`; `undefined` (host-only cookies) when the server gave none (localhost, IPs).
 */
export function sharedCookieDomain(config: Pick<RuntimeConfig, 'cookieDomain'> = getRuntimeConfig()): string | undefined {
  return config.cookieDomain || undefined;
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

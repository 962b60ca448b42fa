/**
 * Cookie helpers over js-cookie (spec §3, §9). Cookies are host-only unless the environment's
 * config.json names a `cookieDomain` (runtime-config.ts): then the auth and language cookies are
 * shared with that domain's subdomains (the game's). They are `Secure` on an https page, so a
 * plain-HTTP request never carries a session token, and `SameSite=Lax`.
 */
import Cookies from 'js-cookie';
import { getRuntimeConfig, type RuntimeConfig } from './runtime-config';

/**
 * Domain attribute for cookies shared across subdomains (`.example.com.br`): the runtime config's
 * `cookieDomain` as the server resolved it; `undefined` (host-only cookies) when there is none.
 */
export function sharedCookieDomain(config: Pick<RuntimeConfig, 'cookieDomain'> = getRuntimeConfig()): string | undefined {
  return config.cookieDomain && config.cookieDomain !== 'auto' ? config.cookieDomain : undefined;
}

/** Whether cookies get the `Secure` attribute: on an https page (never on plain http, e.g. localhost). */
function secureCookies(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * Sets a cookie on path `/` (shared across subdomains when the config names a domain; `Secure` on an https page).
 * @param maxAgeSeconds lifetime in seconds (spec §9)
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const domain = sharedCookieDomain();
  Cookies.set(name, value, {
    path: '/',
    expires: maxAgeSeconds / 86_400,
    sameSite: 'lax',
    secure: secureCookies(),
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

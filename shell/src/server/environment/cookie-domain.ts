/**
 * Domain attribute of the cookies shared across subdomains (spec §3, §9: language and sign-in
 * cookies are read by the game's subdomains too), computed on the page server from the site's public
 * host with the Public Suffix List (tldts): `www.example.com` → `.example.com`,
 * `www.example.com.br` → `.example.com.br` (not `.com.br`, which browsers refuse), a private
 * suffix such as `x.github.io` stays `.x.github.io`. On the page server so that the browser does not
 * download the list (≈ 45 KiB gzip); the page gets it in its runtime config (`cookieDomain`).
 */
import { parse } from 'tldts';
import type { RuntimeConfig } from '@landing/shared';

/**
 * @param hostname  host name without port (`www.example.com.br`), as the browser sees it
 * @returns `.<registrable domain>`, or undefined for localhost, an IP address or a host with no
 *          registrable domain (cookies then stay host-only)
 */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return undefined;
  const parsed = parse(host, { allowPrivateDomains: true });
  // Unknown top-level domains (`foo.local`, `landing`) have no registrable domain to share.
  if (parsed.isIp || !parsed.domain || (!parsed.isIcann && !parsed.isPrivate)) return undefined;
  return `.${parsed.domain}`;
}

/**
 * Host name of a request as the browser addressed it: the public origin's when the page server has one
 * (`--origin`, behind a proxy), else the Host header without its port.
 */
export function publicHostname(hostHeader: string | undefined, publicOrigin?: string): string {
  try {
    return new URL(publicOrigin ?? `http://${hostHeader ?? 'localhost'}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

/**
 * The config of one request: `cookieDomain` "auto" becomes the registrable domain of its public
 * host ({@link cookieDomainFor}), or is left out when there is none; any other config is returned as is.
 * @param hostHeader  the request's Host header
 * @param publicOrigin  the page server's public origin, when it has one
 */
export function withCookieDomain(cfg: RuntimeConfig, hostHeader: string | undefined, publicOrigin?: string): RuntimeConfig {
  if (cfg.cookieDomain !== 'auto') return cfg;
  const cookieDomain = cookieDomainFor(publicHostname(hostHeader, publicOrigin));
  const { cookieDomain: _auto, ...rest } = cfg;
  return cookieDomain ? { ...rest, cookieDomain } : rest;
}

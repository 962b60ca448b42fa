/**
 * Security headers of every API answer (docs/SECURITY.md V3, the API's part), set by
 * @fastify/helmet from {@link helmetOptions}:
 *
 * - `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none';
 *   form-action 'none'` — the API answers JSON, which needs no sources at all. The HTML pages
 *   (OpenAPI UI at /docs, the dev mailbox) get their own policy: {@link HTML_PAGE_CSP}, and
 *   @fastify/swagger-ui's `staticCSP`.
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`,
 *   `Cross-Origin-Opener-Policy` / `-Resource-Policy: same-origin` (CORS fetches are not affected
 *   by CORP; the article SVGs set `cross-origin` themselves), and the rest of helmet's defaults.
 * - `Strict-Transport-Security: max-age=31536000; includeSubDomains` only when the API runs in
 *   production (NODE_ENV=production): a development API on http://localhost must not pin HTTPS.
 * - `Permissions-Policy` ({@link PERMISSIONS_POLICY}): helmet does not write this header, so it is
 *   added next to it (one constant string, no logic to keep).
 *
 * Fastify answers a few malformed requests itself before any hook runs (a URL with broken
 * percent-encoding, …): app.ts's `frameworkErrors` calls {@link applySecurityHeaders} so those
 * answers carry the same headers.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Features the API's documents never use (Permissions-Policy, W3C). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), ' +
  'sync-xhr=(), usb=(), xr-spatial-tracking=()';

/** One year in seconds: the HSTS max-age of production answers. */
const HSTS_MAX_AGE_S = 31_536_000;

/** CSP of the API's JSON answers: nothing may load, nothing may frame it. */
const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/**
 * CSP of the API's own small HTML pages (dev mailbox): their inline `<style>`, e-mail previews
 * in a sandboxed `srcdoc` frame (which inherits this policy), no script at all.
 */
export const HTML_PAGE_CSP = {
  directives: {
    defaultSrc: ["'none'"],
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    frameSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  },
  useDefaults: false,
};

/**
 * Options of @fastify/helmet for the API.
 * @param production NODE_ENV is `production`: adds HSTS.
 */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
  };
}

/**
 * Sets the same headers on a raw response (for answers Fastify writes before any hook).
 * @param production NODE_ENV is `production`
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, production: boolean): void {
  const { global: _global, ...options } = helmetOptions(production) as FastifyHelmetOptions & { global?: boolean };
  helmet(options as Parameters<typeof helmet>[0])(req, res, () => {});
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
}

/**
 * The shell's security headers: one policy for the page server (environment.ts) and the
 * shell's development server (shell/rspack.config.mjs, `npm run dev`), so a page that works in
 * development works under production's Content-Security-Policy. Plain JavaScript: the rspack
 * config loads it without a TypeScript loader.
 *
 * - script-src: this origin, the environment's remote origins and, outside production, the
 *   trusted tester-override origins; no 'unsafe-inline', no 'unsafe-eval' (development builds use
 *   no eval source maps) and no nonce: a page carries no inline script (its data is a
 *   `<script type="application/json">` block, which is not executed), so the page cache can hand
 *   the same bytes to every anonymous visitor without sharing a nonce (docs/ARCHITECTURE.md
 *   "Page cache"). An inline script added later needs its hash in this list;
 * - connect-src: the API, the CDN, the remotes, and outside production the override origins over
 *   http(s) and ws(s): a remote running in development behind an override (or `npm run dev`)
 *   talks to its dev server's hot-update WebSocket. An http source never matches a ws URL
 *   (CSP3 §6.7.2.8), so the ws origins are listed explicitly;
 * - frame-ancestors 'none', nosniff, Referrer-Policy, Permissions-Policy, HSTS in production.
 */

/**
 * Origins of URLs and URL templates (`{server}` replaced); non-URLs are left out.
 * @param {Array<string | undefined>} urls
 * @returns {string[]}
 */
function originsOf(urls) {
  const out = new Set();
  for (const u of urls) {
    try {
      if (u && /^https?:\/\//.test(u)) out.add(new URL(u.replace('{server}', 'royal')).origin);
    } catch {
      /* not a URL */
    }
  }
  return [...out];
}

/**
 * The WebSocket origin of an http(s) origin (`http://localhost:3002` → `ws://localhost:3002`).
 * @param {string} origin
 */
function webSocketOrigin(origin) {
  return origin.replace(/^http(s?):/, 'ws$1:');
}

/** Permissions-Policy of every answer: no camera, microphone, location, payment, USB, FLoC. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * helmet options of one answer.
 * @param {object} o
 * @param {{ production: boolean, trustedRemoteOrigins?: string[], apiBaseTemplate?: string, cdnBase?: string }} o.config
 *   the environment's runtime config (config.json, after the production guard)
 * @param {Record<string, string | undefined>} o.remotes  the environment's remotes.json
 * @param {string} o.path    request path (the social-login callback pages keep their opener)
 * @returns {import('helmet').HelmetOptions}
 */
export function securityHeaderOptions({ config, remotes, path }) {
  const remoteOrigins = originsOf(Object.values(remotes));
  const overrideOrigins = config.production ? [] : (config.trustedRemoteOrigins ?? []);
  const apiOrigins = originsOf([config.apiBaseTemplate]);
  const cdn = originsOf([config.cdnBase]);
  const uniq = (list) => [...new Set(list)];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': uniq(["'self'", ...remoteOrigins, ...overrideOrigins]),
        'style-src': uniq(["'self'", "'unsafe-inline'", ...remoteOrigins, ...overrideOrigins]),
        'img-src': uniq(["'self'", 'data:', 'blob:', ...apiOrigins, ...cdn, ...remoteOrigins]),
        'font-src': uniq(["'self'", ...remoteOrigins]),
        'connect-src': uniq([
          "'self'",
          ...apiOrigins,
          ...cdn,
          ...remoteOrigins,
          ...overrideOrigins,
          ...overrideOrigins.map(webSocketOrigin),
        ]),
        'media-src': uniq(["'self'", ...cdn]),
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-src': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The social-login popup reports back through window.opener (mf-auth): the site keeps its
    // popups, and the callback pages (reached from the provider's origin) must keep their opener.
    crossOriginOpenerPolicy: { policy: /^\/auth(_callback|\/)/.test(path) ? 'unsafe-none' : 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
  };
}

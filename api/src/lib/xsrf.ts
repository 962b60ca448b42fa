/**
 * XSRF protection (docs/SECURITY.md V4): a signed double submit as the OWASP CSRF cheat sheet
 * describes it, with @fastify/csrf-protection.
 *
 * - The browser's XSRF session is a random secret in an HttpOnly cookie ({@link xsrfCookieNames}
 *   `secret`: `__Host-XSRF-SECRET` in production, `XSRF-SECRET` elsewhere), SameSite=Strict.
 * - The token the client echoes is `salt-HMAC(key, salt-secret)` (@fastify/csrf with `hmacKey`):
 *   bound to that secret and signed with a server key nobody else has. It travels to the page in
 *   a readable cookie (`__Host-XSRF-TOKEN` in production, `XSRF-TOKEN` elsewhere), which the
 *   shared client copies into `X-XSRF-TOKEN` on requests to the API.
 * - POST/PUT/PATCH/DELETE without a header token that verifies against the secret cookie →
 *   403 XSRF_MISMATCH (route option `config: { xsrf: false }` opts out: the admin routes, the telemetry posts).
 * - Production cookies are `Secure` with the `__Host-` prefix (no Domain, Path=/): a sibling
 *   subdomain cannot plant its own secret/token pair ("cookie tossing"). http://localhost in
 *   development cannot use either, so the names there have no prefix.
 * - Bound to the session: a login from a browser records (a hash of) that browser's secret on the
 *   auth session (`auth_sessions.xsrf_secret_hash`); a mutating request carrying that session must
 *   come with the same secret, so a token — or a stolen session token — from another browser does
 *   not pass (401 SESSION_EXPIRED: that session is unusable there, the client logs out). The
 *   secret is not rotated at login: every tab and every server's session of the browser share it.
 * - Both cookies live 400 days (browsers' cap), longer than any session.
 * - The HMAC key is `XSRF_HMAC_KEY` when set (≥ 32 characters), else a random key created once
 *   and kept in `settings` (`xsrf_hmac_key`), so every API process and restart shares it.
 */
import csrfProtection from '@fastify/csrf-protection';
import Tokens from '@fastify/csrf';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/client.js';

/** Lifetime of both XSRF cookies: 400 days (the longest browsers keep a cookie). */
const XSRF_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** The request's XSRF secret (the HttpOnly cookie), to bind a new session to it. */
export function xsrfSecretOf(request: FastifyRequest): string | undefined {
  const name = xsrfCookieNames(request.server.apiConfig.nodeEnv === 'production').secret;
  return request.cookies[name] || undefined;
}

/** Header that must carry the token on POST/PUT/PATCH/DELETE. */
const XSRF_HEADER = 'x-xsrf-token';

/** Cookie names: `token` is readable by the page, `secret` is HttpOnly. */
interface XsrfCookieNames {
  token: string;
  secret: string;
}

/** The cookie names of an environment (`__Host-` prefixed in production). */
function xsrfCookieNames(production: boolean): XsrfCookieNames {
  return production ? { token: '__Host-XSRF-TOKEN', secret: '__Host-XSRF-SECRET' } : { token: 'XSRF-TOKEN', secret: 'XSRF-SECRET' };
}

/** `settings` key of the shared HMAC key. */
const XSRF_KEY_SETTING = 'xsrf_hmac_key';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The HMAC key: `XSRF_HMAC_KEY`, else the one kept in `settings` (created by the first process
 * that needs it; `ON CONFLICT DO NOTHING` makes concurrent first starts agree on one key).
 * @throws Error when `XSRF_HMAC_KEY` is set but shorter than 32 characters
 */
export async function xsrfHmacKey(handle: DbHandle, fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined) {
    if (fromEnv.length < 32) throw new Error('XSRF_HMAC_KEY must be at least 32 characters');
    return fromEnv;
  }
  return handle.withSession(async (s) => {
    await s.query(`INSERT INTO settings (scope, key, value) VALUES ('*', $1, $2::jsonb) ON CONFLICT (scope, key) DO NOTHING`, [
      XSRF_KEY_SETTING,
      JSON.stringify(randomBytes(32).toString('base64url')),
    ]);
    const [row] = await s.query<{ value: string }>(`SELECT value FROM settings WHERE scope = '*' AND key = $1`, [XSRF_KEY_SETTING]);
    if (typeof row?.value !== 'string') throw new Error('settings.xsrf_hmac_key is not a string');
    return row.value;
  });
}

/** What the XSRF check asks the sessions' owner (the auth domain), passed by app.ts. */
export interface XsrfSessionBinding {
  /** Whether the request's session, if any, was started with this browser's XSRF secret (`undefined`: no secret cookie). */
  accepts(request: FastifyRequest, secret: string | undefined): Promise<boolean>;
  /** The error of a mutating request whose session belongs to another browser (401 SESSION_EXPIRED). */
  refusal(request: FastifyRequest): Error;
}

/**
 * Registers the XSRF check on `app` (root scope, before the routes): @fastify/csrf-protection
 * for the secret cookie and the check, plus the token cookie on every answer that needs one.
 * A mutating request that passes the check is also refused when `session.accepts` says no.
 */
export async function registerXsrf(
  app: FastifyInstance,
  options: { production: boolean; hmacKey: string; session: XsrfSessionBinding },
): Promise<void> {
  const names = xsrfCookieNames(options.production);
  const csrfOpts = { hmacKey: options.hmacKey };
  await app.register(csrfProtection, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: names.secret,
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, secure: options.production, maxAge: XSRF_COOKIE_MAX_AGE_S },
    getToken: (request: FastifyRequest) => {
      const v = request.headers[XSRF_HEADER];
      return typeof v === 'string' ? v.trim() : undefined;
    },
    csrfOpts,
    logLevel: 'debug',
  });
  // The same tokens as the plugin's (same options), to tell whether the page's token is still
  // good before handing out a new one.
  const tokens = Tokens(csrfOpts);
  const tokenCookie = {
    path: '/',
    sameSite: 'strict' as const,
    httpOnly: false,
    secure: options.production,
    maxAge: XSRF_COOKIE_MAX_AGE_S,
  };

  /** Sets a token cookie for the request's secret (creating the secret when there is none). */
  const issue = (reply: FastifyReply, fresh: boolean) => {
    if (fresh) delete reply.request.cookies[names.secret];
    reply.setCookie(names.token, reply.generateCsrf(), tokenCookie);
  };
  /** Whether the request's session (if any) was started with this browser's secret. */
  const bound = (request: FastifyRequest) => options.session.accepts(request, request.cookies[names.secret]);

  app.addHook('onRequest', async (request, reply) => {
    // Reads stay free of Set-Cookie, so shared caches keep the public answers (src/lib/read-cache.ts): the
    // pair is handed out by GET /{server}/csrf, which the shared client calls before a page's
    // first write, and renewed by any write.
    if (!MUTATING.has(request.method) && !/\/csrf$/.test(request.routeOptions.url ?? '')) return;
    const secret = request.cookies[names.secret];
    const token = request.cookies[names.token];
    const usable = !!secret && /^[A-Za-z0-9_-]{16,64}$/.test(secret);
    if (!usable) issue(reply, true);
    else if (!token || !tokens.verify(secret, token)) issue(reply, false);
  });

  // preParsing: after the server / technical-break checks of onRequest, before the body is read.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!MUTATING.has(request.method) || request.routeOptions.config?.xsrf === false) return done(null, payload);
    // The plugin answers its own 403 errors (FST_CSRF_*) through reply.send: the error
    // handler turns them into XSRF_MISMATCH via isXsrfError.
    app.csrfProtection(request, reply, () => {
      bound(request).then(
        (ok) => (ok ? done(null, payload) : done(options.session.refusal(request))),
        (err: unknown) => done(err as Error),
      );
    });
  });
}

/** Whether an error is @fastify/csrf-protection's refusal (missing secret or bad token). */
export function isXsrfError(error: { code?: string }): boolean {
  return error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET';
}

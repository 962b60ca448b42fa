/**
 * HTTP pieces shared by the auth route files (their schemas are `@landing/domain/schemas/auth`): their plugin and route options, the error responses, the flood-guard rate limits,
 * the new-device error, the site base for links in e-mails, the checks of a new password and
 * an e-mail address, and queueing a mail.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailProblem, passwordProblem, type LocaleCode, type OAuthProviderId } from '@landing/domain';
import type { Db } from '../../db/client.js';
import { defineRoutes } from '../../lib/domain-routes.js';
import { ApiError, ErrorBody, type ErrorBody as ErrorBodyType } from '../../lib/errors.js';
import { routeOptions, type KnownKeys, type RouteOptions, type RouteSpec } from '../../lib/route-options.js';
import type { AuthConfig, AuthLimits, WindowLimit } from './config.js';
import { isCommonPassword } from './crypto.js';
import { authError, authMessage } from './messages.js';
import { enqueueMail, type MailJob } from './outbox.js';

/**
 * 403 UNAUTHORIZED_DEVICE carrying the challenge id (the shared client opens the two-factor
 * dialog). With `link`, the challenge links that provider's identity to the account once its
 * code is entered (social-link.ts); the message says so.
 */
export class DeviceChallengeError extends ApiError {
  constructor(
    lang: LocaleCode,
    readonly challenge: string,
    readonly maskedEmail: string,
    readonly link?: { provider: OAuthProviderId; providerName: string },
  ) {
    super(
      403,
      'UNAUTHORIZED_DEVICE',
      link ? authMessage(lang, 'LINK_CONFIRM', { provider: link.providerName }) : authMessage(lang, 'UNAUTHORIZED_DEVICE'),
    );
  }
  override toBody(): ErrorBodyType & { challenge: string; email: string; link?: OAuthProviderId } {
    return { ...super.toBody(), challenge: this.challenge, email: this.maskedEmail, ...(this.link ? { link: this.link.provider } : {}) };
  }
}

/** Error responses of the auth routes for the OpenAPI document. */
const authErrorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

/** What an auth route gives {@link AuthRouteKit.route}: a route spec without the tag and the error answers. */
type AuthRouteSpec = Omit<RouteSpec, 'tag' | 'errors'>;

/** What {@link AuthRouteKit.route} adds to the spec `S` of an auth route. */
type AuthRoute<S extends AuthRouteSpec> = S & { tag: string; errors: typeof authErrorResponses };

/** What an auth routes file's `/:server` routes start from. */
export interface AuthRouteKit {
  /** The auth configuration (./config.ts). */
  auth: AuthConfig;
  /** Its rate limits, `auth.limits`. */
  L: AuthLimits;
  /**
   * The options of an auth route (src/lib/route-options.ts): `routeOptions(spec)` with the tag `auth`
   * and the error answers {@link authErrorResponses} (`also` adds to them).
   */
  route<const S extends AuthRouteSpec>(spec: S & KnownKeys<S, AuthRouteSpec>): RouteOptions<AuthRoute<S>>;
}

/** The `route` of {@link AuthRouteKit}: `routeOptions({ ...spec, tag: 'auth', errors: authErrorResponses })`. */
function authRoute<const S extends AuthRouteSpec>(spec: S & KnownKeys<S, AuthRouteSpec>): RouteOptions<AuthRoute<S>> {
  const full: RouteSpec = { ...spec, tag: 'auth', errors: authErrorResponses };
  return routeOptions(full) as RouteOptions<AuthRoute<S>>;
}

/**
 * The plugin an auth routes file default-exports (src/lib/domain-routes.ts): `register` declares
 * its `/:server` routes on `app`, given the auth configuration, its rate limits and the options
 * maker of its routes.
 */
export function defineAuthRoutes(
  register: (app: Parameters<FastifyPluginAsyncZod>[0], kit: AuthRouteKit) => Promise<void>,
): FastifyPluginAsync {
  return defineRoutes({
    async server(app) {
      const { auth } = app.apiConfig;
      await register(app, { auth, L: auth.limits, route: authRoute });
    },
  });
}

/**
 * Route config of a per-IP flood guard (@fastify/rate-limit), answering
 * `429 TOO_MANY_REQUESTS` in the user's language.
 */
export function floodGuard(limit: WindowLimit) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowS * 1000,
      errorResponseBuilder: (request: FastifyRequest) => authError(429, request.ctx?.lang ?? 'en', 'TOO_MANY_REQUESTS'),
    },
  };
}

/** `d***@example.com` */
export function maskEmail(email: string | null): string {
  if (!email) return '';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Base URL of the site for links in e-mails: the request's Origin when it is one of the allowed
 * origins (the site that asked), else the configured SITE_URL.
 */
export function siteBase(request: FastifyRequest, auth: AuthConfig): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && auth.allowedOrigins.includes(origin)) return origin;
  return auth.siteUrl;
}

/** Checks a new password (the domain's policy with the API's list of common passwords); throws 400 with the translated reason. */
export function assertPassword(
  lang: LocaleCode,
  password: string | undefined,
  context: { nickname?: string | null; email?: string | null },
): string {
  const problem = passwordProblem(password ?? '', context, isCommonPassword);
  if (problem) throw authError(400, lang, problem);
  return password!;
}

/** Checks an e-mail address (required, the domain's pattern); throws 400 with the translated reason. */
export function assertEmail(lang: LocaleCode, email: string): void {
  const problem = emailProblem(email);
  if (problem) throw authError(400, lang, problem);
}

/**
 * Queues one of the auth mails (src/domains/auth/outbox.ts): the outbox worker sends it off the
 * request path, in the request's language, with links to the site that asked.
 * @param db the request's transaction when the job must commit with its data
 */
export function queueMail(request: FastifyRequest, db: Db, job: MailJob): Promise<void> {
  return enqueueMail(
    db,
    { server: request.ctx.server!, lang: request.ctx.lang, siteBase: siteBase(request, request.server.apiConfig.auth) },
    job,
  );
}

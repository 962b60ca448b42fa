/**
 * HTTP pieces shared by the auth route files: response schemas, the flood-guard rate limits,
 * the new-device error, the site base for links in e-mails.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthConfig, WindowLimit } from './auth-config.js';
import { authError, authMessage } from './auth-messages.js';
import { ApiError, ErrorBody, type ErrorBody as ErrorBodyType } from './errors.js';
import type { Lang } from '../servers.js';

/** The FT-fingerprint cookie value (spec §3: a random 9-character id; 6–64 URL-safe characters accepted). */
export const Fingerprint = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/).describe('Value of the FT-fingerprint cookie (device id)');

/** User object of spec §3. */
export const UserSchema = z
  .object({
    id: z.string().describe('Account id (also `uid` / X-Auth-Id)'),
    nickname: z.string(),
    email: z.string().nullable(),
    ovr: z.number().int().describe('Overall rating of the footballer'),
    server: z.string(),
  })
  .meta({ id: 'User' });

/** Answer of every successful login: what `saveSession(server, { token, uid, expiresAt }, user)` needs. */
export const LoginAnswerSchema = z
  .object({
    token: z.string().describe('Session token (send as X-Auth-Token)'),
    uid: z.string().describe('Account id (send as X-Auth-Id)'),
    expiresAt: z.string().describe('ISO date-time the session ends'),
    user: UserSchema,
    message: z.string().optional(),
  })
  .meta({ id: 'LoginAnswer' });

export const MessageAnswer = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'MessageAnswer' });

/** 403 of a login from an unknown device (spec §4, §8) with the challenge the code is bound to. */
export const DeviceChallengeBody = ErrorBody.extend({
  challenge: z.string().optional().describe('Id of the login attempt: send it to /auth/device/send and /auth/device/confirm'),
  email: z.string().optional().describe('Masked e-mail the code goes to'),
}).meta({ id: 'DeviceChallengeError' });

/** 403 UNAUTHORIZED_DEVICE carrying the challenge id. */
export class DeviceChallengeError extends ApiError {
  constructor(
    lang: Lang,
    readonly challenge: string,
    readonly maskedEmail: string,
  ) {
    super(403, 'UNAUTHORIZED_DEVICE', authMessage(lang, 'UNAUTHORIZED_DEVICE'));
  }
  override toBody(): ErrorBodyType & { challenge: string; email: string } {
    return { ...super.toBody(), challenge: this.challenge, email: this.maskedEmail };
  }
}

/** Error responses of the auth routes for the OpenAPI document. */
export const authErrorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

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

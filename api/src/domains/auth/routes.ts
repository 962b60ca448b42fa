/**
 * Auth routes (spec §2–§8): registration with activation mail, session (`/auth/me`, logout),
 * password reset. Login with new-device verification (403 UNAUTHORIZED_DEVICE + e-mailed 6-digit
 * code) is in login.routes.ts, e-mail change in email.routes.ts, social login in oauth.routes.ts,
 * the account page in account.routes.ts, the dev mailbox in mailbox.routes.ts.
 *
 * Rules:
 * - Messages never reveal whether an account exists: login says "Wrong login or password" for an
 *   unknown name and for a wrong password (same timing: a dummy argon2 verification);
 *   registration with a known e-mail answers like a new one and mails the owner instead; the
 *   reset request always answers alike. Player names are public (leaderboard), so a taken name is
 *   reported.
 * - Rate limits: failed logins per (name, IP), per IP, and per name from everywhere, answered 429;
 *   per (account, IP) and per account from everywhere (nickname and e-mail together), answered
 *   like a wrong password so they do not tell which e-mail is whose (login-limits.ts); the
 *   from-everywhere ones only block untrusted devices, so an attacker cannot lock the owner out of their own device;
 *   device codes per challenge and per IP; flood guards per IP on every route.
 * - Tokens (activation, reset, e-mail change): 256-bit random, stored hashed, single use,
 *   expiring. Device codes: 6 digits, single use, 10 minutes, bound to the login attempt
 *   (account + device). Sessions: 256-bit, new on every login, 24 h.
 */
import { normaliseEmail, nicknameProblem } from '@landing/domain';
import {
  LoginAnswer,
  MeAnswer,
  MessageAnswer,
  RegisterBody,
  ResetBody,
  TokenBody,
  TokenCheckAnswer,
  TokenCheckBody,
  ForgotBody,
} from '@landing/domain/schemas/auth';
import { ServerParams } from '@landing/domain/schemas/common';
import { xsrfSecretOf } from '../../lib/xsrf.js';
import { hashPassword } from './crypto.js';
import { clientOf, recordSecurityEvent, userAgentOf } from './events.js';
import { authError, authMessage } from './messages.js';
import { registerAccount } from './registration.js';
import { assertEmail, assertPassword, defineAuthRoutes, floodGuard, queueMail } from './route-helpers.js';
import {
  activateAccount,
  consumeToken,
  forgetTrustedDevices,
  nicknameTaken,
  setPassword,
  tokenOwner,
  tokenUsable,
  trustDevice,
} from './service.js';
import { createSession, requireSessionUser, revokeAllSessions, revokeSession } from './sessions.js';

const TOKEN_KIND = { account: 'activation', email: 'email_change', password: 'password_reset' } as const;

export default defineAuthRoutes(async (app, { auth, L, route }) => {
  // ---- registration ---------------------------------------------------------------------
  app.post(
    '/auth/register',
    route({
      config: floodGuard(L.registerPerIp),
      summary: 'Register an account (sends the activation e-mail)',
      params: ServerParams,
      body: RegisterBody,
      answer: MessageAnswer,
      status: 201,
      description:
        'Validates (spec §8 messages, translated by X-Lang), then answers 201 with the same message whether the e-mail was new or already registered (the owner of a known e-mail gets a notice instead of an activation link).',
    }),
    async (request, reply) => {
      const { lang } = request.ctx;
      const server = request.params.server;
      const body = request.body;
      const nickname = (body.nickname ?? '').trim();
      const email = normaliseEmail(body.email);
      // The registration form's rules (@landing/domain); the API's messages cover the length in NICKNAME_INVALID.
      const nicknameIssue = nicknameProblem(nickname);
      if (nicknameIssue) throw authError(400, lang, nicknameIssue === 'NICKNAME_REQUIRED' ? 'NICKNAME_REQUIRED' : 'NICKNAME_INVALID');
      assertEmail(lang, email);
      if (!body.password) throw authError(400, lang, 'PASSWORD_REQUIRED');
      const password = assertPassword(lang, body.password, { nickname, email });
      if (body.terms !== true) throw authError(400, lang, 'TERMS_REQUIRED');
      if (await nicknameTaken(app.db, server, nickname)) throw authError(409, lang, 'NICKNAME_TAKEN');

      // The same work for a new and a known e-mail (no enumeration by timing, ./outbox.ts) — one hash, one insert that
      // does nothing on a known e-mail, the same name check, one queued job — and no mail on
      // the request path (the worker sends the activation link or the notice to the owner).
      const passwordHash = await hashPassword(password);
      const params = Object.fromEntries(
        Object.entries(body.params ?? {}).filter(([, v]) => typeof v === 'string' && v.length > 0),
      ) as Record<string, string>;
      const registered = await registerAccount(
        app.db,
        { server, nickname, email, passwordHash, lang, newsletter: body.newsletter === true, params },
        (tx, accountId) => queueMail(request, tx, { kind: 'register', email, accountId }),
      );
      // A concurrent registration took the name (the e-mail being known is not told).
      if (!registered) throw authError(409, lang, 'NICKNAME_TAKEN');
      reply.code(201);
      return { ok: true as const, message: authMessage(lang, 'REGISTERED', { email }) };
    },
  );

  app.post(
    '/auth/activate',
    route({
      config: floodGuard(L.tokenRequestsPerIp),
      summary: 'Activate an account with the e-mailed token (logs in, trusts the device)',
      params: ServerParams,
      body: TokenBody,
      answer: LoginAnswer,
    }),
    async (request) => {
      const { lang } = request.ctx;
      const row = await consumeToken(app.db, request.body.token, 'activation', request.params.server);
      if (!row) throw authError(400, lang, 'TOKEN_INVALID');
      await activateAccount(app.db, row.accountId);
      // The link proved the e-mail from this browser: it is a trusted device from now on.
      if (request.body.fingerprint) await trustDevice(app.db, row.accountId, request.body.fingerprint);
      const answer = await createSession(app.db, row.accountId, {
        method: 'activation',
        ip: request.ip,
        ttlS: auth.sessionTtlS,
        xsrfSecret: xsrfSecretOf(request),
        userAgent: userAgentOf(request),
      });
      return { ...answer, message: authMessage(lang, 'ACTIVATED') };
    },
  );

  app.post(
    '/auth/token/check',
    route({
      config: floodGuard(L.tokenRequestsPerIp),
      summary: 'Whether an e-mailed token is still usable (does not use it)',
      params: ServerParams,
      body: TokenCheckBody,
      answer: TokenCheckAnswer,
    }),
    async (request) => ({ valid: await tokenUsable(app.db, request.body.token, TOKEN_KIND[request.body.kind], request.params.server) }),
  );

  // ---- session ----------------------------------------------------------------------------
  app.get(
    '/auth/me',
    route({ summary: 'The logged-in user (X-Auth-Token + X-Auth-Id)', params: ServerParams, answer: MeAnswer }),
    async (request) => ({ user: await requireSessionUser(app.db, request.ctx) }),
  );

  app.post(
    '/auth/logout',
    route({ summary: 'Log out: revokes the session token', params: ServerParams, answer: MessageAnswer }),
    async (request) => {
      await revokeSession(app.db, request.ctx);
      return { ok: true as const, message: authMessage(request.ctx.lang, 'LOGGED_OUT') };
    },
  );

  // ---- password reset ---------------------------------------------------------------------
  app.post(
    '/auth/password/forgot',
    route({
      config: floodGuard(L.forgotPerIp),
      summary: 'Ask for a password-reset e-mail (same answer whether the e-mail is known or not)',
      params: ServerParams,
      body: ForgotBody,
      answer: MessageAnswer,
    }),
    async (request) => {
      const { lang } = request.ctx;
      const email = normaliseEmail(request.body.email);
      assertEmail(lang, email);
      // One insert whatever the e-mail (./outbox.ts); the worker looks the account up, keeps
      // to its hourly limit, makes the token and mails it.
      await queueMail(request, app.db, { kind: 'passwordReset', email });
      return { ok: true as const, message: authMessage(lang, 'RESET_SENT') };
    },
  );

  app.post(
    '/auth/password/reset',
    route({
      config: floodGuard(L.tokenRequestsPerIp),
      summary: 'Set a new password with the e-mailed token (ends every session, forgets the trusted devices)',
      params: ServerParams,
      body: ResetBody,
      answer: MessageAnswer,
    }),
    async (request) => {
      const { lang } = request.ctx;
      const server = request.params.server;
      if (!(await tokenUsable(app.db, request.body.token, 'password_reset', server))) throw authError(400, lang, 'TOKEN_INVALID');
      const owner = await tokenOwner(app.db, request.body.token);
      const password = assertPassword(lang, request.body.password, { nickname: owner?.nickname, email: owner?.email });
      const passwordHash = await hashPassword(password);
      const row = await consumeToken(app.db, request.body.token, 'password_reset', server);
      if (!row) throw authError(400, lang, 'TOKEN_INVALID');
      // Other reset links of the account die with this one; every session ends.
      await setPassword(app.db, row.accountId, passwordHash);
      await revokeAllSessions(app.db, row.accountId);
      // Every trusted device must prove itself again; the browser that used the link has.
      await forgetTrustedDevices(app.db, row.accountId);
      await recordSecurityEvent(app.db, row.accountId, 'password_reset', clientOf(request));
      await queueMail(request, app.db, { kind: 'passwordResetDone', accountId: row.accountId });
      // The link proved the e-mail: a pending account becomes active, this browser trusted.
      await activateAccount(app.db, row.accountId);
      if (request.body.fingerprint) await trustDevice(app.db, row.accountId, request.body.fingerprint);
      return { ok: true as const, message: authMessage(lang, 'PASSWORD_CHANGED') };
    },
  );
});

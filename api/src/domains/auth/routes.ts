/**
 * Auth routes (spec §2–§8): registration with activation mail, login with new-device
 * verification (403 UNAUTHORIZED_DEVICE + e-mailed 6-digit code), session (`/auth/me`, logout),
 * password reset, e-mail change. Social login is in oauth.routes.ts, the dev mailbox in
 * mailbox.routes.ts.
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
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emailProblem, nicknameProblem, normaliseCode, normaliseEmail, passwordProblem, type LocaleCode } from '@landing/domain';
import {
  ChallengeBody,
  CodeSentAnswer,
  ConfirmBody,
  DeviceChallengeBody,
  EmailActivatedAnswer,
  EmailChangeAnswer,
  EmailChangeBody,
  ForgotBody,
  LoginAnswer,
  LoginBody,
  MeAnswer,
  MessageAnswer,
  RegisterBody,
  ResetBody,
  TokenBody,
  TokenCheckAnswer,
  TokenCheckBody,
} from '@landing/domain/schemas/auth';
import { ErrorBody, ServerParams } from '@landing/domain/schemas/common';
import type { Db } from '../../db/client.js';
import { defineRoutes } from '../../lib/domain-routes.js';
import { xsrfSecretOf } from '../../lib/xsrf.js';
import { hashPassword, isCommonPassword, sha256, verifyPassword } from './crypto.js';
import { authErrorResponses, DeviceChallengeError, floodGuard, maskEmail, siteBase } from './route-helpers.js';
import { authError, authMessage } from './messages.js';
import { clientOf, noteLoginFailure, recordSecurityEvent, userAgentOf } from './events.js';
import { deviceCodeHash, emailCodeHash, enqueueMail, type MailJob } from './outbox.js';
import { authAccounts, authDeviceChallenges, authEmailChangeCodes, authTokens } from './tables.js';
import {
  activateAccount,
  consumeToken,
  createSession,
  findByLogin,
  forgetTrustedDevices,
  isTrustedDevice,
  nicknameTaken,
  REAUTH_WINDOW_S,
  requireSessionUser,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  sessionOf,
  startChallenge,
  tokenUsable,
  trustDevice,
} from './service.js';
import { reserveAttempts } from './throttle.js';
import { loginBlock, loginCounters, loginFailed, loginSucceeded } from './login-limits.js';
import { codeCheck, emailCodeExhausted, spendEmailCode, takeChallengeAttempt, takeEmailCodeAttempt } from './attempts.js';
import { completeLink, linkOf, PROVIDER_NAMES } from './social-link.js';

const TOKEN_KIND = { account: 'activation', email: 'email_change', password: 'password_reset' } as const;

/** Seconds between two activation e-mails re-sent by login attempts on a pending account. */
const ACTIVATION_RESEND_S = 5 * 60;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Checks a new password (the domain's policy with the API's list of common passwords); throws 400 with the translated reason. */
function assertPassword(
  lang: LocaleCode,
  password: string | undefined,
  context: { nickname?: string | null; email?: string | null },
): string {
  const problem = passwordProblem(password ?? '', context, isCommonPassword);
  if (problem) throw authError(400, lang, problem);
  return password!;
}

/** Checks an e-mail address (required, the domain's pattern); throws 400 with the translated reason. */
function assertEmail(lang: LocaleCode, email: string): void {
  const problem = emailProblem(email);
  if (problem) throw authError(400, lang, problem);
}

/**
 * Queues one of the auth mails (src/domains/auth/outbox.ts): the outbox worker sends it off the
 * request path, in the request's language, with links to the site that asked.
 * @param db the request's transaction when the job must commit with its data
 */
function queueMail(request: FastifyRequest, db: Db, job: MailJob): Promise<void> {
  return enqueueMail(
    db,
    { server: request.ctx.server!, lang: request.ctx.lang, siteBase: siteBase(request, request.server.apiConfig.auth) },
    job,
  );
}

export default defineRoutes({
  async server(app) {
    const { auth } = app.apiConfig;
    const L = auth.limits;
    const tags = ['auth'];

    // ---- registration ---------------------------------------------------------------------
    app.post(
      '/auth/register',
      {
        config: floodGuard(L.registerPerIp),
        schema: {
          tags,
          summary: 'Register an account (sends the activation e-mail)',
          description:
            'Validates (spec §8 messages, translated by X-Lang), then answers 201 with the same message whether the e-mail was new or already registered (the owner of a known e-mail gets a notice instead of an activation link).',
          params: ServerParams,
          body: RegisterBody,
          response: { 201: MessageAnswer, ...authErrorResponses },
        },
      },
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
        await app.db.transaction(async (tx) => {
          const [acc] = await tx
            .insert(authAccounts)
            .values({
              server,
              nickname,
              email,
              passwordHash,
              lang,
              newsletter: body.newsletter === true,
              termsAcceptedAt: new Date(),
              registerParams: params,
              partner: params.partner ?? null,
              referrer: params.ref_id_track ?? null,
            })
            .onConflictDoNothing()
            .returning({ id: authAccounts.id });
          // A concurrent registration took the name (the e-mail being known is not told).
          const [clash] = await tx
            .select({ id: authAccounts.id })
            .from(authAccounts)
            .where(
              and(
                eq(authAccounts.server, server),
                sql`lower(${authAccounts.nickname}) = lower(${nickname})`,
                sql`${authAccounts.email} IS DISTINCT FROM ${email}`,
              ),
            );
          if (clash) throw authError(409, lang, 'NICKNAME_TAKEN');
          await queueMail(request, tx, { kind: 'register', email, accountId: acc?.id ?? null });
        });
        reply.code(201);
        return { ok: true as const, message: authMessage(lang, 'REGISTERED', { email }) };
      },
    );

    app.post(
      '/auth/activate',
      {
        config: floodGuard(L.tokenRequestsPerIp),
        schema: {
          tags,
          summary: 'Activate an account with the e-mailed token (logs in, trusts the device)',
          params: ServerParams,
          body: TokenBody,
          response: { 200: LoginAnswer, ...authErrorResponses },
        },
      },
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
      {
        config: floodGuard(L.tokenRequestsPerIp),
        schema: {
          tags,
          summary: 'Whether an e-mailed token is still usable (does not use it)',
          params: ServerParams,
          body: TokenCheckBody,
          response: { 200: TokenCheckAnswer, ...authErrorResponses },
        },
      },
      async (request) => ({ valid: await tokenUsable(app.db, request.body.token, TOKEN_KIND[request.body.kind], request.params.server) }),
    );

    // ---- login ----------------------------------------------------------------------------
    app.post(
      '/auth/login',
      {
        config: floodGuard(L.loginRequestsPerIp),
        schema: {
          tags,
          summary: 'Log in with nickname or e-mail and password',
          description:
            '200 with a new session; 403 UNAUTHORIZED_DEVICE with `challenge` when the device (fingerprint) is not trusted yet; 401 INVALID_CREDENTIALS for an unknown name or a wrong password alike; 429 TOO_MANY_ATTEMPTS.',
          params: ServerParams,
          body: LoginBody,
          response: { 200: LoginAnswer, 403: DeviceChallengeBody, ...authErrorResponses },
        },
      },
      async (request): Promise<LoginAnswer> => {
        const { lang } = request.ctx;
        const server = request.params.server;
        const login = (request.body.login ?? '').trim();
        const password = request.body.password ?? '';
        if (!login) throw authError(400, lang, 'LOGIN_REQUIRED');
        if (!password) throw authError(400, lang, 'PASSWORD_REQUIRED');
        const ip = request.ip;
        const account = await findByLogin(app.db, server, login);
        const fingerprint = request.body.fingerprint;
        // Visible limits per name as typed, silent ones per account (src/domains/auth/login-limits.ts).
        const counters = loginCounters(server, login, account?.id ?? null, ip, L);
        const block = await loginBlock(app.db, counters, async () => !!account && (await isTrustedDevice(app.db, account.id, fingerprint)));
        if (block.wait) throw authError(429, lang, 'TOO_MANY_ATTEMPTS', { minutes: Math.max(1, Math.ceil(block.wait / 60)) });

        // Over the account's own limit: the dummy verification, answered like a wrong password.
        const ok = await verifyPassword(block.silent ? null : account?.passwordHash, password);
        if (!account || !ok) {
          await loginFailed(app.db, counters, !block.silent);
          await noteLoginFailure(app.db, clientOf(request), account?.id ?? null, { ip: counters.perNameIp, account: counters.perAccount });
          throw authError(401, lang, 'INVALID_CREDENTIALS');
        }
        await loginSucceeded(app.db, counters);
        if (account.status === 'disabled') throw authError(403, lang, 'ACCOUNT_DISABLED');
        if (account.status === 'pending') {
          const [recent] = await app.db
            .select({ n: sql<number>`count(*)::int` })
            .from(authTokens)
            .where(
              and(
                eq(authTokens.accountId, account.id),
                eq(authTokens.kind, 'activation'),
                gt(authTokens.createdAt, new Date(Date.now() - ACTIVATION_RESEND_S * 1000)),
              ),
            );
          if (!recent?.n && account.email) await queueMail(request, app.db, { kind: 'activation', accountId: account.id });
          throw authError(403, lang, 'ACCOUNT_NOT_ACTIVATED');
        }
        if (await isTrustedDevice(app.db, account.id, fingerprint)) {
          return createSession(app.db, account.id, {
            method: 'password',
            ip,
            ttlS: auth.sessionTtlS,
            xsrfSecret: xsrfSecretOf(request),
            userAgent: userAgentOf(request),
          });
        }
        const challenge = await startChallenge(
          app.db,
          account.id,
          fingerprint ?? '',
          ip,
          auth.deviceChallengeTtlS,
          L.codeAttemptsPerChallenge,
        );
        throw new DeviceChallengeError(lang, challenge, maskEmail(account.email));
      },
    );

    // ---- new device -------------------------------------------------------------------------
    const findChallenge = async (id: string) => {
      const [c] = await app.db
        .select()
        .from(authDeviceChallenges)
        .where(
          and(
            eq(authDeviceChallenges.idHash, sha256(id)),
            isNull(authDeviceChallenges.completedAt),
            gt(authDeviceChallenges.expiresAt, sql`now()`),
            sql`${authDeviceChallenges.failedAttempts} < ${L.codeAttemptsPerChallenge}`,
          ),
        );
      return c ?? null;
    };

    app.post(
      '/auth/device/send',
      {
        config: floodGuard(L.codeRequestsPerIp),
        schema: {
          tags,
          summary: 'E-mail a 6-digit code for the login attempt (new device)',
          params: ServerParams,
          body: ChallengeBody,
          response: {
            200: CodeSentAnswer,
            ...authErrorResponses,
          },
        },
      },
      async (request) => {
        const { lang } = request.ctx;
        const c = await findChallenge(request.body.challenge);
        if (!c) throw authError(400, lang, 'CHALLENGE_INVALID');
        if (c.codeSentAt) {
          const since = (Date.now() - new Date(c.codeSentAt).getTime()) / 1000;
          if (since < L.codeResendS) throw authError(429, lang, 'CODE_RESEND_WAIT', { seconds: Math.ceil(L.codeResendS - since) });
        }
        if (c.sends >= L.codeSendsPerChallenge)
          throw authError(429, lang, 'TOO_MANY_ATTEMPTS', { minutes: Math.ceil(auth.deviceChallengeTtlS / 60) });
        const [acc] = await app.db.select().from(authAccounts).where(eq(authAccounts.id, c.accountId));
        if (!acc?.email) throw authError(400, lang, 'CHALLENGE_INVALID');
        // The worker makes the code (only its hash is kept) and mails it.
        await app.db
          .update(authDeviceChallenges)
          .set({ codeSentAt: new Date(), sends: c.sends + 1 })
          .where(eq(authDeviceChallenges.idHash, c.idHash));
        await queueMail(request, app.db, { kind: 'deviceCode', challengeIdHash: c.idHash });
        const email = maskEmail(acc.email);
        return {
          ok: true as const,
          message: authMessage(lang, 'CODE_SENT', { email }),
          email,
          resendAfterS: L.codeResendS,
          codeTtlS: auth.deviceCodeTtlS,
        };
      },
    );

    app.post(
      '/auth/device/confirm',
      {
        config: floodGuard(L.codeRequestsPerIp),
        schema: {
          tags,
          summary: 'Confirm the new device with the e-mailed code (logs in, trusts the device)',
          params: ServerParams,
          body: ConfirmBody,
          response: { 200: LoginAnswer, ...authErrorResponses },
        },
      },
      async (request) => {
        const { lang } = request.ctx;
        const ip = request.ip;
        const seen = await findChallenge(request.body.challenge);
        const fingerprintHash = sha256(request.body.fingerprint ?? '');
        if (!seen || seen.fingerprintHash !== fingerprintHash) throw authError(400, lang, 'CHALLENGE_INVALID');
        // Counted before the comparison (src/domains/auth/attempts.ts): per IP and per account
        // across challenges (given back when the code is right), then one of the challenge's attempts.
        const reserved = await reserveAttempts(app.db, [
          { kind: 'code:ip', subject: ip, limit: L.codePerIp },
          { kind: 'code:account', subject: String(seen.accountId), limit: L.codePerAccount },
        ]);
        if (reserved.wait) throw authError(429, lang, 'TOO_MANY_ATTEMPTS', { minutes: Math.max(1, Math.ceil(reserved.wait / 60)) });
        const c = await takeChallengeAttempt(app.db, seen.idHash, fingerprintHash, L.codeAttemptsPerChallenge);
        if (!c) {
          await reserved.refund();
          throw authError(400, lang, 'CHALLENGE_INVALID');
        }
        const code = normaliseCode(request.body.code);
        const valid =
          /^\d{6}$/.test(code) &&
          !!c.codeExpiresAt &&
          new Date(c.codeExpiresAt).getTime() > Date.now() &&
          codeCheck.matches(c.codeHash, deviceCodeHash(auth.codeHmacKey, c.accountId, c.fingerprintHash, code));
        if (!valid) {
          if (c.failedAttempts >= L.codeAttemptsPerChallenge) throw authError(429, lang, 'CODE_TOO_MANY');
          throw authError(400, lang, 'CODE_INVALID');
        }
        await reserved.refund();
        // Single use: only one request can complete the challenge.
        const done = await app.db
          .update(authDeviceChallenges)
          .set({ completedAt: new Date(), codeHash: null })
          .where(and(eq(authDeviceChallenges.idHash, c.idHash), isNull(authDeviceChallenges.completedAt)))
          .returning({ a: authDeviceChallenges.accountId });
        if (!done.length) throw authError(400, lang, 'CHALLENGE_INVALID');
        // A social login waiting for the owner's proof: the code links its identity (social-link.ts).
        const link = linkOf(c);
        if (link) await completeLink(app.db, c.accountId, link);
        if (request.body.fingerprint) await trustDevice(app.db, c.accountId, request.body.fingerprint);
        await recordSecurityEvent(app.db, c.accountId, 'new_device', clientOf(request));
        const answer = await createSession(app.db, c.accountId, {
          method: link ? `social:${link.provider}` : 'device',
          ip,
          ttlS: auth.sessionTtlS,
          xsrfSecret: xsrfSecretOf(request),
          userAgent: userAgentOf(request),
        });
        return {
          ...answer,
          message: link
            ? authMessage(lang, 'SOCIAL_LINKED', { provider: PROVIDER_NAMES[link.provider] })
            : authMessage(lang, 'DEVICE_CONFIRMED'),
        };
      },
    );

    // ---- session ----------------------------------------------------------------------------
    app.get(
      '/auth/me',
      {
        schema: {
          tags,
          summary: 'The logged-in user (X-Auth-Token + X-Auth-Id)',
          params: ServerParams,
          response: { 200: MeAnswer, ...authErrorResponses },
        },
      },
      async (request) => ({ user: await requireSessionUser(app.db, request.ctx) }),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'Log out: revokes the session token',
          params: ServerParams,
          response: { 200: MessageAnswer, ...authErrorResponses },
        },
      },
      async (request) => {
        await revokeSession(app.db, request.ctx);
        return { ok: true as const, message: authMessage(request.ctx.lang, 'LOGGED_OUT') };
      },
    );

    // ---- password reset ---------------------------------------------------------------------
    app.post(
      '/auth/password/forgot',
      {
        config: floodGuard(L.forgotPerIp),
        schema: {
          tags,
          summary: 'Ask for a password-reset e-mail (same answer whether the e-mail is known or not)',
          params: ServerParams,
          body: ForgotBody,
          response: { 200: MessageAnswer, ...authErrorResponses },
        },
      },
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
      {
        config: floodGuard(L.tokenRequestsPerIp),
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed token (ends every session, forgets the trusted devices)',
          params: ServerParams,
          body: ResetBody,
          response: { 200: MessageAnswer, ...authErrorResponses },
        },
      },
      async (request) => {
        const { lang } = request.ctx;
        const server = request.params.server;
        if (!(await tokenUsable(app.db, request.body.token, 'password_reset', server))) throw authError(400, lang, 'TOKEN_INVALID');
        const [owner] = await app.db
          .select()
          .from(authAccounts)
          .innerJoin(authTokens, eq(authTokens.accountId, authAccounts.id))
          .where(eq(authTokens.tokenHash, sha256(request.body.token)));
        const password = assertPassword(lang, request.body.password, {
          nickname: owner?.auth_accounts.nickname,
          email: owner?.auth_accounts.email,
        });
        const passwordHash = await hashPassword(password);
        const row = await consumeToken(app.db, request.body.token, 'password_reset', server);
        if (!row) throw authError(400, lang, 'TOKEN_INVALID');
        await app.db.update(authAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(authAccounts.id, row.accountId));
        // Other reset links of the account die with this one; every session ends.
        await app.db
          .update(authTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(authTokens.accountId, row.accountId), eq(authTokens.kind, 'password_reset'), isNull(authTokens.usedAt)));
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

    // ---- e-mail change ----------------------------------------------------------------------

    app.post(
      '/auth/email/change',
      {
        config: floodGuard(L.forgotPerIp),
        schema: {
          tags,
          summary: 'Ask to change the e-mail (logged in; mails a link to the new address)',
          description:
            'Proof of control first: an account with a password sends `password`; an account without one ' +
            '(social login) first gets a 6-digit code at its current address (answer `code_required: true`) and sends it as ' +
            '`code` with the same `email`; a social account without any address must have logged in with its provider in the ' +
            `last ${REAUTH_WINDOW_S / 60} minutes (else 403 REAUTH_REQUIRED). The link to the new address is mailed only when it is free.`,
          params: ServerParams,
          body: EmailChangeBody,
          response: { 200: EmailChangeAnswer, 403: ErrorBody, ...authErrorResponses },
        },
      },
      async (request) => {
        const { lang } = request.ctx;
        const server = request.params.server;
        const user = await requireSessionUser(app.db, request.ctx);
        const email = normaliseEmail(request.body.email);
        assertEmail(lang, email);
        const [acc] = await app.db
          .select()
          .from(authAccounts)
          .where(eq(authAccounts.id, Number(user.id)));
        if (!acc) throw authError(401, lang, 'SESSION_EXPIRED');
        if (acc.passwordHash) {
          if (!(await verifyPassword(acc.passwordHash, request.body.password ?? ''))) throw authError(400, lang, 'WRONG_PASSWORD');
        } else if (acc.email) {
          // No password (social login): prove control of the current address with a mailed code.
          const code = normaliseCode(request.body.code ?? '');
          if (!code) {
            const [pending] = await app.db.select().from(authEmailChangeCodes).where(eq(authEmailChangeCodes.accountId, acc.id));
            const since = pending ? (Date.now() - new Date(pending.sentAt).getTime()) / 1000 : Infinity;
            if (pending?.newEmail === email && since < L.codeResendS)
              throw authError(429, lang, 'CODE_RESEND_WAIT', { seconds: Math.ceil(L.codeResendS - since) });
            // The worker makes the code (its hash replaces the empty one) and mails it.
            const row = {
              newEmail: email,
              codeHash: '',
              sentAt: new Date(),
              expiresAt: new Date(Date.now() + auth.deviceCodeTtlS * 1000),
              failedAttempts: 0,
            };
            await app.db
              .insert(authEmailChangeCodes)
              .values({ accountId: acc.id, ...row })
              .onConflictDoUpdate({ target: authEmailChangeCodes.accountId, set: row });
            await queueMail(request, app.db, { kind: 'emailChangeCode', accountId: acc.id, newEmail: email });
            return {
              ok: true as const,
              message: authMessage(lang, 'EMAIL_CODE_SENT', { email: maskEmail(acc.email) }),
              code_required: true,
            };
          }
          // The attempt is taken before the comparison (src/domains/auth/attempts.ts); the
          // account's wrong codes count across codes too (given back when the code is right).
          const reserved = await reserveAttempts(app.db, [{ kind: 'code:account', subject: String(acc.id), limit: L.codePerAccount }]);
          if (reserved.wait) throw authError(429, lang, 'TOO_MANY_ATTEMPTS', { minutes: Math.max(1, Math.ceil(reserved.wait / 60)) });
          const pending = await takeEmailCodeAttempt(app.db, acc.id, L.codeAttemptsPerChallenge);
          if (!pending) {
            await reserved.refund();
            if (await emailCodeExhausted(app.db, acc.id, L.codeAttemptsPerChallenge)) throw authError(429, lang, 'CODE_TOO_MANY');
            throw authError(400, lang, 'CODE_INVALID');
          }
          // Single use: the row is deleted by the one request whose code is right.
          const right = codeCheck.matches(pending.codeHash, emailCodeHash(auth.codeHmacKey, acc.id, email, code));
          if (!right || !(await spendEmailCode(app.db, acc.id, pending.codeHash))) {
            if (pending.failedAttempts >= L.codeAttemptsPerChallenge) throw authError(429, lang, 'CODE_TOO_MANY');
            throw authError(400, lang, 'CODE_INVALID');
          }
          await reserved.refund();
        } else {
          // No password and no address: only a fresh login with the provider proves control.
          const session = await sessionOf(app.db, request.ctx);
          const fresh =
            session && session.method.startsWith('social:') && Date.now() - new Date(session.createdAt).getTime() < REAUTH_WINDOW_S * 1000;
          if (!fresh) throw authError(403, lang, 'REAUTH_REQUIRED');
        }
        const [taken] = await app.db
          .select({ id: authAccounts.id })
          .from(authAccounts)
          .where(and(eq(authAccounts.server, server), eq(authAccounts.email, email)));
        if (!taken) await queueMail(request, app.db, { kind: 'emailChange', accountId: Number(user.id), newEmail: email });
        return { ok: true as const, message: authMessage(lang, 'EMAIL_CHANGE_SENT') };
      },
    );

    app.post(
      '/auth/email/activate',
      {
        config: floodGuard(L.tokenRequestsPerIp),
        schema: {
          tags,
          summary: 'Confirm a new e-mail address with the e-mailed token',
          description:
            'Changes the address, mails a notice to the old one, and ends every other session of the account (the session ' +
            'sending this request, if it is one of the account, stays); every trusted device asks for a code again.',
          params: ServerParams,
          body: TokenBody,
          response: { 200: EmailActivatedAnswer, ...authErrorResponses },
        },
      },
      async (request) => {
        const { lang } = request.ctx;
        const row = await consumeToken(app.db, request.body.token, 'email_change', request.params.server);
        if (!row?.newEmail) throw authError(400, lang, 'TOKEN_INVALID');
        const [before] = await app.db
          .select({ email: authAccounts.email, nickname: authAccounts.nickname })
          .from(authAccounts)
          .where(eq(authAccounts.id, row.accountId));
        try {
          await app.db.update(authAccounts).set({ email: row.newEmail, updatedAt: new Date() }).where(eq(authAccounts.id, row.accountId));
        } catch (err) {
          if (isUniqueViolation(err)) throw authError(400, lang, 'TOKEN_INVALID');
          throw err;
        }
        // The old address hears of it, and every other session ends.
        const current = await sessionOf(app.db, request.ctx);
        await revokeOtherSessions(app.db, row.accountId, current?.accountId === row.accountId ? current.id : null);
        // Devices were trusted through the old address: each proves itself at the new one.
        await forgetTrustedDevices(app.db, row.accountId);
        await recordSecurityEvent(app.db, row.accountId, 'email_changed', clientOf(request), { email: maskEmail(row.newEmail) });
        if (before?.email && before.email !== row.newEmail) {
          await queueMail(request, app.db, {
            kind: 'emailChanged',
            to: before.email,
            nickname: before.nickname,
            newEmail: maskEmail(row.newEmail),
          });
        }
        return { ok: true as const, message: authMessage(lang, 'EMAIL_CHANGED'), email: row.newEmail };
      },
    );
  },
});

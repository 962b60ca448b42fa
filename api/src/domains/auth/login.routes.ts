/**
 * Login (spec §2, §7) with new-device verification: an untrusted device gets
 * 403 UNAUTHORIZED_DEVICE with a challenge, then an e-mailed 6-digit code (10 minutes, single
 * use, bound to the login attempt and the device) logs it in and trusts it. Failed logins are
 * limited visibly and silently (./login-limits.ts), code attempts before the comparison
 * (./attempts.ts).
 */
import { normaliseCode } from '@landing/domain';
import { ChallengeBody, CodeSentAnswer, ConfirmBody, DeviceChallengeBody, LoginAnswer, LoginBody } from '@landing/domain/schemas/auth';
import { ServerParams } from '@landing/domain/schemas/common';
import { xsrfSecretOf } from '../../lib/xsrf.js';
import { codeCheck, takeChallengeAttempt } from './attempts.js';
import { completeChallenge, liveChallenge, markCodeSent, startChallenge } from './challenges.js';
import { passwordCheck, sha256 } from './crypto.js';
import { clientOf, noteLoginFailure, recordSecurityEvent, userAgentOf } from './events.js';
import { loginBlock, loginCounters, loginSucceeded } from './login-limits.js';
import { authError, authMessage } from './messages.js';
import { deviceCodeHash } from './outbox.js';
import { activationSentRecently } from './registration.js';
import { defineAuthRoutes, DeviceChallengeError, floodGuard, maskEmail, queueMail } from './route-helpers.js';
import { accountById, findByLogin, isTrustedDevice, trustDevice } from './service.js';
import { createSession } from './sessions.js';
import { completeLink, linkOf, PROVIDER_NAMES } from './social-link.js';
import { reserveAttempts } from './throttle.js';

/** Seconds between two activation e-mails re-sent by login attempts on a pending account. */
const ACTIVATION_RESEND_S = 5 * 60;

export default defineAuthRoutes(async (app, { auth, L, route }) => {
  // ---- login ----------------------------------------------------------------------------
  app.post(
    '/auth/login',
    route({
      config: floodGuard(L.loginRequestsPerIp),
      summary: 'Log in with nickname or e-mail and password',
      params: ServerParams,
      body: LoginBody,
      answer: LoginAnswer,
      also: { 403: DeviceChallengeBody },
      description:
        '200 with a new session; 403 UNAUTHORIZED_DEVICE with `challenge` when the device (fingerprint) is not trusted yet; 401 INVALID_CREDENTIALS for an unknown name or a wrong password alike; 429 TOO_MANY_ATTEMPTS.',
    }),
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
      const ok = await passwordCheck.verify(block.silent ? null : account?.passwordHash, password);
      if (!account || !ok) {
        // Already counted by loginBlock.
        await noteLoginFailure(app.db, clientOf(request), account?.id ?? null, { ip: counters.perNameIp, account: counters.perAccount });
        throw authError(401, lang, 'INVALID_CREDENTIALS');
      }
      await block.refund();
      await loginSucceeded(app.db, counters);
      if (account.status === 'disabled') throw authError(403, lang, 'ACCOUNT_DISABLED');
      if (account.status === 'pending') {
        const recent = await activationSentRecently(app.db, account.id, ACTIVATION_RESEND_S);
        if (!recent && account.email) await queueMail(request, app.db, { kind: 'activation', accountId: account.id });
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
  const findChallenge = (id: string) => liveChallenge(app.db, id, L.codeAttemptsPerChallenge);

  app.post(
    '/auth/device/send',
    route({
      config: floodGuard(L.codeRequestsPerIp),
      summary: 'E-mail a 6-digit code for the login attempt (new device)',
      params: ServerParams,
      body: ChallengeBody,
      answer: CodeSentAnswer,
    }),
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
      const acc = await accountById(app.db, c.accountId);
      if (!acc?.email) throw authError(400, lang, 'CHALLENGE_INVALID');
      // The worker makes the code (only its hash is kept) and mails it.
      await markCodeSent(app.db, c.idHash, c.sends + 1);
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
    route({
      config: floodGuard(L.codeRequestsPerIp),
      summary: 'Confirm the new device with the e-mailed code (logs in, trusts the device)',
      params: ServerParams,
      body: ConfirmBody,
      answer: LoginAnswer,
    }),
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
      if (!(await completeChallenge(app.db, c.idHash))) throw authError(400, lang, 'CHALLENGE_INVALID');
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
});

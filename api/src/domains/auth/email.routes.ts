/**
 * E-mail change (spec §2; docs/SECURITY.md V6): proof of control first (the password; or a code
 * mailed to the current address; or a provider login of the last few minutes), then a link to
 * the new address; using it changes the address, tells the old one and ends the other sessions.
 */
import { normaliseCode, normaliseEmail } from '@landing/domain';
import { EmailActivatedAnswer, EmailChangeAnswer, EmailChangeBody, TokenBody } from '@landing/domain/schemas/auth';
import { ServerParams } from '@landing/domain/schemas/common';
import { codeCheck, emailCodeExhausted, spendEmailCode, takeEmailCodeAttempt } from './attempts.js';
import { changeEmail, emailTaken, pendingEmailCode, startEmailCode } from './email-change.js';
import { clientOf, recordSecurityEvent } from './events.js';
import { authError, authMessage } from './messages.js';
import { emailCodeHash } from './outbox.js';
import { checkCurrentPassword } from './reauth.js';
import { assertEmail, defineAuthRoutes, floodGuard, maskEmail, queueMail } from './route-helpers.js';
import { accountById, consumeToken, forgetTrustedDevices } from './service.js';
import { REAUTH_WINDOW_S, requireSessionUser, revokeOtherSessions, sessionOf } from './sessions.js';
import { reserveAttempts } from './throttle.js';

export default defineAuthRoutes(async (app, { auth, L, route }) => {
  // ---- e-mail change ----------------------------------------------------------------------

  app.post(
    '/auth/email/change',
    route({
      config: floodGuard(L.forgotPerIp),
      summary: 'Ask to change the e-mail (logged in; mails a link to the new address)',
      params: ServerParams,
      body: EmailChangeBody,
      answer: EmailChangeAnswer,
      also: [403],
      description:
        'Proof of control first: an account with a password sends `password` (5 wrong ones per account in 15 min, counted ' +
        'with password change and ending sessions, then 429); an account without one ' +
        '(social login) first gets a 6-digit code at its current address (answer `code_required: true`) and sends it as ' +
        '`code` with the same `email`; a social account without any address must have logged in with its provider in the ' +
        `last ${REAUTH_WINDOW_S / 60} minutes (else 403 REAUTH_REQUIRED). The link to the new address is mailed only when it is free.`,
    }),
    async (request) => {
      const { lang } = request.ctx;
      const server = request.params.server;
      const user = await requireSessionUser(app.db, request.ctx);
      const email = normaliseEmail(request.body.email);
      assertEmail(lang, email);
      const acc = await accountById(app.db, Number(user.id));
      if (!acc) throw authError(401, lang, 'SESSION_EXPIRED');
      if (acc.passwordHash) {
        // The account's re-authentication counter, shared with password change and ending sessions.
        await checkCurrentPassword(
          app.db,
          auth,
          lang,
          clientOf(request),
          { id: acc.id, passwordHash: acc.passwordHash },
          request.body.password,
        );
      } else if (acc.email) {
        // No password (social login): prove control of the current address with a mailed code.
        const code = normaliseCode(request.body.code ?? '');
        if (!code) {
          const pending = await pendingEmailCode(app.db, acc.id);
          const since = pending ? (Date.now() - new Date(pending.sentAt).getTime()) / 1000 : Infinity;
          if (pending?.newEmail === email && since < L.codeResendS)
            throw authError(429, lang, 'CODE_RESEND_WAIT', { seconds: Math.ceil(L.codeResendS - since) });
          // The worker makes the code (its hash replaces the empty one) and mails it.
          await startEmailCode(app.db, acc.id, email, auth.deviceCodeTtlS);
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
      if (!(await emailTaken(app.db, server, email)))
        await queueMail(request, app.db, { kind: 'emailChange', accountId: Number(user.id), newEmail: email });
      return { ok: true as const, message: authMessage(lang, 'EMAIL_CHANGE_SENT') };
    },
  );

  app.post(
    '/auth/email/activate',
    route({
      config: floodGuard(L.tokenRequestsPerIp),
      summary: 'Confirm a new e-mail address with the e-mailed token',
      params: ServerParams,
      body: TokenBody,
      answer: EmailActivatedAnswer,
      description:
        'Changes the address, mails a notice to the old one, and ends every other session of the account (the session ' +
        'sending this request, if it is one of the account, stays); every trusted device asks for a code again.',
    }),
    async (request) => {
      const { lang } = request.ctx;
      const row = await consumeToken(app.db, request.body.token, 'email_change', request.params.server);
      if (!row?.newEmail) throw authError(400, lang, 'TOKEN_INVALID');
      const changed = await changeEmail(app.db, row.accountId, row.newEmail);
      if (!changed) throw authError(400, lang, 'TOKEN_INVALID');
      const { before } = changed;
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
});

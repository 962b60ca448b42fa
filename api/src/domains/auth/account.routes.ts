/**
 * Account security of the logged-in player (ASVS 5.0 L2 V6/V7 self-service; the account page of
 * mf-auth, `/{server}/account`):
 *
 * - `POST /{server}/auth/password/change` — new password with the current one; every other
 *   session ends, unused reset links die, a notice is mailed.
 * - `GET /{server}/auth/sessions` — the account's live sessions (this one marked).
 * - `POST /{server}/auth/sessions/revoke` — end one session, or every session ("log out
 *   everywhere"), after authenticating again.
 * - `GET /{server}/auth/security-events` — the account's security event log (events.ts).
 *
 * Authenticating again: an account with a password sends it (reauth.ts: counted per account before
 * it is compared, `limits.reauthPerAccount`, then 429); an account without one (social login) must have logged in
 * with its provider in the last {@link REAUTH_WINDOW_S} seconds, else 403 REAUTH_REQUIRED_SESSIONS.
 * Answers are the viewer's own: `Cache-Control: private, no-store`.
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { LocaleCode } from '@landing/domain';
import {
  PasswordChangeBody,
  RevokeSessionsAnswer,
  RevokeSessionsBody,
  SecurityEventsAnswer,
  SecurityEventsQuery,
  SessionsAnswer,
  type SecurityEvent,
} from '@landing/domain/schemas/account';
import { MessageAnswer } from '@landing/domain/schemas/auth';
import { ServerParams } from '@landing/domain/schemas/common';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/request-context.js';
import { apiPasswordProblem, hashPassword } from './crypto.js';
import { clientOf, describeClient, recordSecurityEvent, SECURITY_EVENT_RETENTION_DAYS, type ClientContext } from './events.js';
import { defineAuthRoutes, floodGuard } from './route-helpers.js';
import { authError, authMessage } from './messages.js';
import { enqueueMail } from './outbox.js';
import { authAccounts, authSecurityEvents, authSessions, authTokens } from './tables.js';
import { REAUTH_WINDOW_S, SESSION_IDLE_TIMEOUT_S, sessionOf, type SessionRow } from './sessions.js';
import { siteBase } from './route-helpers.js';
import { checkCurrentPassword } from './reauth.js';
import type { AuthConfig } from './config.js';

type Account = typeof authAccounts.$inferSelect;

/** The request's live session and its account, or 401 (as `requireSessionUser`). */
async function requireSession(db: Db, ctx: RequestContext): Promise<{ session: SessionRow; account: Account }> {
  const session = await sessionOf(db, ctx);
  const [account] = session ? await db.select().from(authAccounts).where(eq(authAccounts.id, session.accountId)) : [];
  if (!session || !account) throw authError(401, ctx.lang, ctx.authToken ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
  return { session, account };
}

/**
 * Authenticates the player again before a sensitive change: the current password (reauth.ts:
 * counted on the per-account counter before it is compared), or, without a password, a social
 * login of the last {@link REAUTH_WINDOW_S} seconds.
 * @throws 400 CURRENT_PASSWORD_REQUIRED / WRONG_PASSWORD, 429 TOO_MANY_ATTEMPTS, 403 REAUTH_REQUIRED_SESSIONS
 */
async function reauthenticate(
  db: Db,
  auth: AuthConfig,
  lang: LocaleCode,
  client: ClientContext,
  who: { session: SessionRow; account: Account },
  password: string | undefined,
): Promise<void> {
  const { account, session } = who;
  if (!account.passwordHash) {
    const fresh = session.method.startsWith('social:') && Date.now() - new Date(session.createdAt).getTime() < REAUTH_WINDOW_S * 1000;
    if (!fresh) throw authError(403, lang, 'REAUTH_REQUIRED_SESSIONS');
    return;
  }
  await checkCurrentPassword(db, auth, lang, client, { id: account.id, passwordHash: account.passwordHash }, password);
}

/** A session is live: not revoked, not expired, not idle past {@link SESSION_IDLE_TIMEOUT_S}. */
const liveSession = () =>
  and(
    isNull(authSessions.revokedAt),
    gt(authSessions.expiresAt, sql`now()`),
    sql`coalesce(${authSessions.lastUsedAt}, ${authSessions.createdAt}) > now() - make_interval(secs => ${SESSION_IDLE_TIMEOUT_S})`,
  );

export default defineAuthRoutes(async (app, { auth, L, route }) => {
  const guard = floodGuard(L.tokenRequestsPerIp);
  // Every answer of these routes, errors too, is the viewer's own: never kept by a shared or browser cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.post(
    '/auth/password/change',
    route({
      config: guard,
      summary: 'Change the password while logged in (current password required)',
      params: ServerParams,
      body: PasswordChangeBody,
      answer: MessageAnswer,
      also: [403],
      description:
        'Checks the current password (5 wrong ones per account in 15 min, then 429) and the new one (the registration policy; ' +
        'not the current one), ends every other session of the account and its unused reset links, records a ' +
        '`password_changed` event and mails a notice. 409 PASSWORD_NOT_SET for an account without a password (social login).',
    }),
    async (request) => {
      const { lang } = request.ctx;
      const who = await requireSession(app.db, request.ctx);
      const { account, session } = who;
      if (!account.passwordHash) throw authError(409, lang, 'PASSWORD_NOT_SET');
      const client = clientOf(request);
      await reauthenticate(app.db, auth, lang, client, who, request.body.currentPassword);
      const password = request.body.password ?? '';
      if (!password) throw authError(400, lang, 'NEW_PASSWORD_REQUIRED');
      const problem = apiPasswordProblem(password, { nickname: account.nickname, email: account.email });
      if (problem) throw authError(400, lang, problem);
      if (password === request.body.currentPassword) throw authError(400, lang, 'PASSWORD_SAME');

      const passwordHash = await hashPassword(password);
      const revoked = await app.db.transaction(async (tx) => {
        await tx.update(authAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(authAccounts.id, account.id));
        const ended = await tx
          .update(authSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(authSessions.accountId, account.id), isNull(authSessions.revokedAt), ne(authSessions.id, session.id)))
          .returning({ id: authSessions.id });
        // A reset link mailed before the change must not undo it.
        await tx
          .update(authTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(authTokens.accountId, account.id), eq(authTokens.kind, 'password_reset'), isNull(authTokens.usedAt)));
        await recordSecurityEvent(tx, account.id, 'password_changed', client, { count: ended.length });
        await enqueueMail(
          tx,
          { server: request.params.server, lang, siteBase: siteBase(request, auth) },
          { kind: 'passwordChanged', accountId: account.id },
        );
        return ended.length;
      });
      request.log.info({ account: account.id, revoked }, 'password changed');
      return { ok: true as const, message: authMessage(lang, 'PASSWORD_UPDATED') };
    },
  );

  app.get(
    '/auth/sessions',
    route({ summary: "The logged-in player's live sessions (this one first)", params: ServerParams, answer: SessionsAnswer }),
    async (request) => {
      const { session, account } = await requireSession(app.db, request.ctx);
      const rows = await app.db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.accountId, account.id), liveSession()))
        .orderBy(desc(sql`coalesce(${authSessions.lastUsedAt}, ${authSessions.createdAt})`), desc(authSessions.id));
      const sessions = rows.map((r) => ({
        ...describeClient(r.ip, r.userAgent),
        id: r.id,
        current: r.id === session.id,
        method: r.method,
        createdAt: new Date(r.createdAt).toISOString(),
        lastUsedAt: new Date(r.lastUsedAt ?? r.createdAt).toISOString(),
      }));
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions, reauth: account.passwordHash ? ('password' as const) : ('social' as const) };
    },
  );

  app.post(
    '/auth/sessions/revoke',
    route({
      config: guard,
      summary: 'End one session, or every session of the account ("log out everywhere")',
      params: ServerParams,
      body: RevokeSessionsBody,
      answer: RevokeSessionsAnswer,
      also: [403],
      description:
        'Authenticate again first: `password` (accounts with a password; 5 wrong ones per account in 15 min, then 429), or, ' +
        `without a password, a social login of the last ${REAUTH_WINDOW_S / 60} minutes (else 403 REAUTH_REQUIRED_SESSIONS). ` +
        'Without `session` every session ends, this one too (`current: true`: the client logs out). 404 SESSION_NOT_FOUND ' +
        'for a session that is not a live one of this account.',
    }),
    async (request) => {
      const who = await requireSession(app.db, request.ctx);
      const { lang } = request.ctx;
      const client = clientOf(request);
      await reauthenticate(app.db, auth, lang, client, who, request.body.password);
      const one = request.body.session;
      const ended = await app.db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.accountId, who.account.id), liveSession(), one === undefined ? undefined : eq(authSessions.id, one)))
        .returning({ id: authSessions.id });
      if (one !== undefined && !ended.length) throw authError(404, lang, 'SESSION_NOT_FOUND');
      await recordSecurityEvent(app.db, who.account.id, 'sessions_revoked', client, { count: ended.length });
      const current = ended.some((e) => e.id === who.session.id);
      return {
        ok: true as const,
        message: authMessage(lang, one === undefined ? 'SESSIONS_REVOKED_ALL' : 'SESSION_REVOKED'),
        revoked: ended.length,
        current,
      };
    },
  );

  app.get(
    '/auth/security-events',
    route({
      summary: "The logged-in player's security events, newest first",
      params: ServerParams,
      querystring: SecurityEventsQuery,
      answer: SecurityEventsAnswer,
      description: `Logins, failed logins, lockouts, password resets and changes, e-mail changes, new devices, sessions ended; the last ${SECURITY_EVENT_RETENTION_DAYS} days.`,
    }),
    async (request) => {
      const { account } = await requireSession(app.db, request.ctx);
      const rows = await app.db
        .select()
        .from(authSecurityEvents)
        .where(
          and(
            eq(authSecurityEvents.accountId, account.id),
            gt(authSecurityEvents.createdAt, sql`now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`),
          ),
        )
        .orderBy(desc(authSecurityEvents.createdAt), desc(authSecurityEvents.id))
        .limit(request.query.limit);
      const events: SecurityEvent[] = rows.map((r) => ({
        ...describeClient(r.ip, r.userAgent),
        id: r.id,
        kind: r.kind,
        createdAt: new Date(r.createdAt).toISOString(),
        detail: pickDetail(r.detail),
      }));
      return { events };
    },
  );
});

/** The documented detail fields of an event (anything else stored is not shown). */
function pickDetail(d: Record<string, string | number>): SecurityEvent['detail'] {
  const out: SecurityEvent['detail'] = {};
  if (typeof d.method === 'string') out.method = d.method;
  if (typeof d.count === 'number') out.count = d.count;
  if (typeof d.email === 'string') out.email = d.email;
  if (typeof d.scope === 'string') out.scope = d.scope;
  return out;
}

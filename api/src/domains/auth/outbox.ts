/**
 * Mail outbox (docs/SECURITY.md V6, no account enumeration by timing): requests only enqueue a mail *job*; a worker in every API
 * process does the rest off the request path — looks up the account, issues the token or code,
 * renders the mail in the request's language and hands it to the mailer (./mail.ts).
 *
 * So `/auth/password/forgot` does one insert whether the e-mail is known or not (the worker finds
 * out), and `/auth/register` runs the same statements for a new and a known e-mail (the worker
 * mails the activation link or the "you already have an account" notice). No secret is stored
 * in the outbox: tokens and codes are made by the worker at send time (only their hashes go to
 * their tables) and a job row is deleted once the mailer's transport has accepted its mail.
 *
 * Several API processes on one PostgreSQL: a worker claims due jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`, 60 s), so a job runs in one process at a
 * time, and a job whose worker died before deleting it runs again after the lease (a mail is sent
 * late rather than lost). Failures, a refused delivery included, retry with backoff (5 attempts).
 * A worker that dies after the SMTP server took the mail but before it deleted the job sends it
 * twice; both carry the job's one `Message-ID` (`outboxMessageId`), which mail systems use to
 * show a message once.
 */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbHandle } from '../../db/client.js';
import { authAccounts, authDeviceChallenges, authEmailChangeCodes, authMailOutbox, authTokens } from './tables.js';
import { SERVERS, type LocaleCode, type ServerCode } from '@landing/domain';
import type { AuthConfig } from './config.js';
import { hmacSha256, sixDigitCode } from './crypto.js';
import { issueToken } from './service.js';
import { mailerFor } from './mail.js';
import { renderMail, type MailKind } from './mail-render.js';

/** What a job asks for; every field is what the request knew, no secret. */
export type MailJob =
  /** A new account (`accountId`) or a known e-mail (`accountId` null → notice to its owner). */
  | { kind: 'register'; email: string; accountId: number | null }
  /** An activation link again (login of a pending account). */
  | { kind: 'activation'; accountId: number }
  /** A reset link if an active account uses this e-mail and is under its hourly limit. */
  | { kind: 'passwordReset'; email: string }
  /** A 6-digit code for a new-device challenge (its hash goes to the challenge). */
  | { kind: 'deviceCode'; challengeIdHash: string }
  /** The link to confirm a new address. */
  | { kind: 'emailChange'; accountId: number; newEmail: string }
  /** A 6-digit code to the current address before a passwordless account changes it. */
  | { kind: 'emailChangeCode'; accountId: number; newEmail: string }
  /** The notice to the old address after a change (`newEmail` already masked). */
  | { kind: 'emailChanged'; to: string; nickname: string; newEmail: string }
  /** The notice that the password was changed by the logged-in player (other sessions ended). */
  | { kind: 'passwordChanged'; accountId: number }
  /** The notice that the password was set through a reset link (every session ended). */
  | { kind: 'passwordResetDone'; accountId: number };

/** Where links in the mail point and in which language it is written. */
export interface MailJobContext {
  server: ServerCode;
  lang: LocaleCode;
  /** Site origin for links, e.g. `https://example.com` (see auth-http `siteBase`). */
  siteBase: string;
}

/**
 * Stored form of an e-mail change code: HMAC-SHA256 under the server's code key
 * (`AuthConfig.codeHmacKey`), bound to the account and to the new address.
 */
export const emailCodeHash = (key: string | null, accountId: number, newEmail: string, code: string): string =>
  hmacSha256(key, `email-change:${accountId}:${newEmail}:${code}`);

/**
 * Stored form of a device code: HMAC-SHA256 under the server's code key (`AuthConfig.codeHmacKey`),
 * bound to the account and the device of the login attempt. Without the key, a copy of the
 * database gives nothing away (an unkeyed hash of a 6-digit code falls to 10^6 guesses).
 */
export const deviceCodeHash = (key: string | null, accountId: number, fingerprintHash: string, code: string): string =>
  hmacSha256(key, `device:${accountId}:${fingerprintHash}:${code}`);

/**
 * Site path of an e-mailed token link: `/{server}/{kind}-activation#token=…`. The token is in
 * the URL fragment, which browsers never send to a server (nor put in a Referer), so it is not
 * in the page server's, a proxy's or an analytics log; mf-auth's ActivationPage reads it there.
 */
function tokenLink(server: ServerCode, kind: 'account' | 'email' | 'password', token: string): string {
  return `/${server}/${kind}-activation#token=${encodeURIComponent(token)}`;
}

/** Enqueues one job (inside the caller's transaction when `db` is one). */
export async function enqueueMail(db: Db, context: MailJobContext, job: MailJob): Promise<void> {
  await db.insert(authMailOutbox).values({ server: context.server, lang: context.lang, siteBase: context.siteBase, job });
}

/** Attempts before a job is dropped (logged as an error). */
const MAX_ATTEMPTS = 5;
/** Lease of a claimed job: after this, a job whose worker died is claimed again. */
const LEASE_S = 60;

/** A claimed job: its row and `stamp`, its creation time in UTC as `YYYYMMDDHH24MISSUS`. */
type JobRow = Pick<typeof authMailOutbox.$inferSelect, 'id' | 'server' | 'lang' | 'siteBase' | 'job' | 'attempts'> & { stamp: string };

/**
 * `Message-ID` of a job's mail (RFC 5322 §3.6.4): the same each time the job runs, so when a
 * worker dies after the SMTP server took the mail but before the job row was deleted, the mail
 * sent again after the lease is the same message to the recipient's mail system. The domain is
 * the one of `MAIL_FROM`, e.g. `<outbox-42.20261128220101123456@landing.local>`.
 */
function outboxMessageId(row: { id: number; stamp: string }, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<outbox-${row.id}.${row.stamp}@${domain}>`;
}

/** The running worker of one app. */
export interface MailOutbox {
  /** Runs every due job now, until none is left (tests; also the timer's tick). Returns how many ran. */
  drain(): Promise<number>;
  /** Stops the timer and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the worker: a tick every `pollMs` (0 = no timer; call `drain()`), a few jobs per
 * claim.
 */
export function startMailOutbox(options: {
  handle: DbHandle;
  config: { auth: AuthConfig };
  log: FastifyBaseLogger;
  pollMs: number;
}): MailOutbox {
  const { handle, config, log } = options;
  const db = handle.db;
  let running: Promise<number> | null = null;

  const claim = async (): Promise<JobRow[]> =>
    (await db.execute(sql`
      UPDATE auth_mail_outbox SET locked_until = now() + make_interval(secs => ${LEASE_S}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM auth_mail_outbox
        WHERE run_after <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING id, server, lang, site_base AS "siteBase", job, attempts,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS stamp`)) as unknown as JobRow[];

  const rowsOf = (result: unknown): JobRow[] => (Array.isArray(result) ? result : ((result as { rows: JobRow[] }).rows ?? []));

  const runOnce = async (): Promise<number> => {
    let done = 0;
    for (;;) {
      const jobs = rowsOf(await claim());
      if (!jobs.length) return done;
      for (const row of jobs) {
        try {
          await runJob(db, config, log, row);
          await db.delete(authMailOutbox).where(eq(authMailOutbox.id, row.id));
        } catch (err) {
          const attempts = Number(row.attempts);
          if (attempts >= MAX_ATTEMPTS) {
            log.error({ err, job: (row.job as MailJob).kind }, 'mail job dropped after retries');
            await db.delete(authMailOutbox).where(eq(authMailOutbox.id, row.id));
          } else {
            log.warn({ err, job: (row.job as MailJob).kind, attempts }, 'mail job failed, retrying');
            await db
              .update(authMailOutbox)
              .set({ lockedUntil: null, runAfter: sql`now() + make_interval(secs => ${2 ** attempts * 5})` })
              .where(eq(authMailOutbox.id, row.id));
          }
        }
        done++;
      }
    }
  };

  const drain = (): Promise<number> => {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  const timer =
    options.pollMs > 0
      ? setInterval(() => void drain().catch((err: unknown) => log.error({ err }, 'mail outbox tick failed')), options.pollMs)
      : null;
  timer?.unref();

  return {
    drain,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}

/** Does one job: finds the recipient, makes the secret, renders and hands the mail over. */
async function runJob(db: Db, config: { auth: AuthConfig }, log: FastifyBaseLogger, row: JobRow): Promise<void> {
  const { auth } = config;
  const job = row.job as MailJob;
  const server = row.server as ServerCode;
  const { lang } = row;
  const send = (kind: MailKind, to: string, vars: { nickname: string; path?: string; code?: string; email?: string }): Promise<void> => {
    const link = vars.path ? `${row.siteBase}${vars.path}` : undefined;
    const rendered = renderMail(kind, lang, {
      nickname: vars.nickname,
      serverName: SERVERS[server].name,
      link,
      code: vars.code,
      email: vars.email,
    });
    // The app's own mailer (keyed by its configuration object: the same dev mailbox). Awaited: the
    // job is deleted only once the transport has the mail, so a process killed while sending
    // leaves the job to run again after its lease instead of losing the mail.
    return mailerFor(config, log).send({ ...rendered, to, kind, lang, server, messageId: outboxMessageId(row, auth.mailFrom) });
  };
  const account = async (id: number) => (await db.select().from(authAccounts).where(eq(authAccounts.id, id)))[0] ?? null;
  const accountWithEmail = async (email: string) => {
    const [acc] = await db
      .select()
      .from(authAccounts)
      .where(and(eq(authAccounts.server, server), eq(authAccounts.email, email)));
    return acc ?? null;
  };
  // A new activation link, for an account still pending.
  const mailActivation = async (accountId: number) => {
    const acc = await account(accountId);
    if (!acc?.email || acc.status !== 'pending') return;
    const token = await issueToken(db, acc.id, 'activation', auth.activationTtlS);
    await send('activation', acc.email, { nickname: acc.nickname, path: tokenLink(server, 'account', token) });
  };

  switch (job.kind) {
    case 'register': {
      if (job.accountId !== null) {
        await mailActivation(job.accountId);
      } else {
        const owner = await accountWithEmail(job.email);
        if (owner?.email) await send('registerExisting', owner.email, { nickname: owner.nickname, path: `/${server}` });
      }
      return;
    }
    case 'activation':
      await mailActivation(job.accountId);
      return;
    case 'passwordReset': {
      const acc = await accountWithEmail(job.email);
      if (!acc?.email || acc.status === 'disabled') return;
      const limit = auth.limits.resetMailsPerAccount;
      const [recent] = await db
        .select({ n: count() })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.accountId, acc.id),
            eq(authTokens.kind, 'password_reset'),
            gt(authTokens.createdAt, new Date(Date.now() - limit.windowS * 1000)),
          ),
        );
      if ((recent?.n ?? 0) >= limit.max) return;
      const token = await issueToken(db, acc.id, 'password_reset', auth.passwordResetTtlS);
      await send('passwordReset', acc.email, { nickname: acc.nickname, path: tokenLink(server, 'password', token) });
      return;
    }
    case 'deviceCode': {
      const [c] = await db
        .select()
        .from(authDeviceChallenges)
        .where(and(eq(authDeviceChallenges.idHash, job.challengeIdHash), isNull(authDeviceChallenges.completedAt)));
      const acc = c ? await account(c.accountId) : null;
      if (!c || !acc?.email) return;
      const code = sixDigitCode();
      await db
        .update(authDeviceChallenges)
        .set({
          codeHash: deviceCodeHash(auth.codeHmacKey, c.accountId, c.fingerprintHash, code),
          codeExpiresAt: new Date(Date.now() + auth.deviceCodeTtlS * 1000),
        })
        .where(eq(authDeviceChallenges.idHash, c.idHash));
      await send('deviceCode', acc.email, { nickname: acc.nickname, code });
      return;
    }
    case 'emailChange': {
      const acc = await account(job.accountId);
      if (!acc) return;
      const token = await issueToken(db, acc.id, 'email_change', auth.emailChangeTtlS, job.newEmail);
      await send('emailChange', job.newEmail, { nickname: acc.nickname, email: job.newEmail, path: tokenLink(server, 'email', token) });
      return;
    }
    case 'emailChangeCode': {
      const acc = await account(job.accountId);
      if (!acc?.email) return;
      const code = sixDigitCode();
      const updated = await db
        .update(authEmailChangeCodes)
        .set({ codeHash: emailCodeHash(auth.codeHmacKey, acc.id, job.newEmail, code) })
        .where(and(eq(authEmailChangeCodes.accountId, acc.id), eq(authEmailChangeCodes.newEmail, job.newEmail)))
        .returning({ a: authEmailChangeCodes.accountId });
      if (updated.length) await send('emailChangeCode', acc.email, { nickname: acc.nickname, code, email: job.newEmail });
      return;
    }
    case 'emailChanged':
      await send('emailChanged', job.to, { nickname: job.nickname, email: job.newEmail });
      return;
    case 'passwordChanged':
    case 'passwordResetDone': {
      // A notice to the owner, with a link to the account page (sessions, recent activity).
      const acc = await account(job.accountId);
      if (acc?.email) await send(job.kind, acc.email, { nickname: acc.nickname, path: `/${server}/account` });
      return;
    }
  }
}

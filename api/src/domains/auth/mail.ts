/**
 * Outgoing mail through nodemailer: SMTP when `SMTP_URL` is set; otherwise the
 * message is only composed (JSON transport). Outside production every message is also kept in
 * the dev mailbox (`GET /dev/mailbox`, `GET /dev/mailbox.json`), newest first: in this process's
 * memory (`mailbox`, for tests) and in table `dev_mailbox`, which every API process reads.
 *
 * The only caller is the mail outbox worker (./outbox.ts), off the request path: a request only
 * enqueues a job. A failed send is logged here; `send` does not throw.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { devMailbox } from './tables.js';
import type { AuthConfig } from './config.js';
import type { MailKind, RenderedMail } from './mail-render.js';

/** A message kept by the dev mailbox. */
export interface MailboxEntry {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  lang: string;
  server: string | null;
  /**
   * The `Message-ID` header the sender set (the outbox does: `<outbox-…@…>`). Kept in this
   * process's memory only; table `dev_mailbox` does not store it.
   */
  messageId?: string;
  createdAt: string;
}

/** Messages kept by the dev mailbox (oldest are dropped). */
const MAILBOX_SIZE = 500;

/** A rendered mail with its recipient and what it is (for the logs and the dev mailbox). */
type OutgoingMail = RenderedMail & {
  to: string;
  kind: MailKind;
  lang: string;
  server: string | null;
  /**
   * `Message-ID` header, angle brackets included (RFC 5322 §3.6.4). The outbox gives each job
   * its own, so a mail sent again after a crash is the same message to the recipient's mail
   * system, which shows one of the two (./outbox.ts). Without it, nodemailer makes a random one.
   */
  messageId?: string;
};

export interface Mailer {
  /**
   * Sends a message: it is in the dev mailbox at once (when on); the promise resolves when the
   * transport (SMTP, or composing only) has accepted it and rejects when the transport failed, so
   * the outbox keeps the job until the mail is handed over (./outbox.ts).
   */
  send(message: OutgoingMail): Promise<void>;
  /** The dev mailbox, newest first; null when it is off (production). */
  readonly mailbox: MailboxEntry[] | null;
  /** Resolves when every queued transport send has finished (tests). */
  idle(): Promise<void>;
  /** Resolves when every message sent so far is in the database mailbox (the mailbox routes wait for it). */
  stored(): Promise<void>;
}

/**
 * Creates a mailer for one app.
 * @param db when given (and the dev mailbox is on), every message is also stored in table
 *   `dev_mailbox`, which the `/dev/mailbox` routes of every API process read (migration 0120)
 */
function createMailer(config: Pick<AuthConfig, 'smtpUrl' | 'mailFrom' | 'devMailbox'>, log: FastifyBaseLogger, db?: Db): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const mailbox: MailboxEntry[] | null = config.devMailbox ? [] : null;
  const pending = new Set<Promise<unknown>>();
  const storing = new Set<Promise<unknown>>();
  let nextId = 1;
  return {
    mailbox,
    send(message) {
      const { to, subject, text, html, kind, lang, server } = message;
      const { messageId } = message;
      if (mailbox) {
        mailbox.unshift({
          id: nextId++,
          to,
          from: config.mailFrom,
          subject,
          text,
          html,
          kind,
          lang,
          server,
          ...(messageId ? { messageId } : {}),
          createdAt: new Date().toISOString(),
        });
        if (mailbox.length > MAILBOX_SIZE) mailbox.length = MAILBOX_SIZE;
        if (db) {
          const stored = storeInMailbox(db, { to, from: config.mailFrom, subject, text, html, kind, lang, server })
            .catch((err: unknown) => log.warn({ err, kind }, 'dev mailbox: message not stored'))
            .finally(() => {
              pending.delete(stored);
              storing.delete(stored);
            });
          pending.add(stored);
          storing.add(stored);
        }
      } else if (!config.smtpUrl) {
        log.warn({ kind, server }, 'mail not delivered: SMTP_URL is not configured');
      }
      const p: Promise<void> = transport
        .sendMail({ from: config.mailFrom, to, subject, text, html, ...(messageId ? { messageId } : {}) })
        .then(
          () => undefined,
          (err: unknown) => {
            log.error({ err, kind, server }, 'mail delivery failed');
            throw err;
          },
        )
        .finally(() => pending.delete(p));
      pending.add(p);
      return p;
    },
    async idle() {
      await Promise.allSettled([...pending]);
    },
    async stored() {
      await Promise.all([...storing]);
    },
  };
}

async function storeInMailbox(db: Db, m: Omit<MailboxEntry, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(devMailbox).values({
    toAddress: m.to,
    fromAddress: m.from,
    subject: m.subject,
    textBody: m.text,
    htmlBody: m.html,
    kind: m.kind,
    lang: m.lang,
    server: m.server,
  });
  // Keep about MAILBOX_SIZE messages (now and then, not on every send).
  if (Math.random() < 0.05) {
    await db.execute(sql`DELETE FROM dev_mailbox WHERE id <= (SELECT id FROM dev_mailbox ORDER BY id DESC OFFSET ${MAILBOX_SIZE} LIMIT 1)`);
  }
}

const mailers = new WeakMap<object, Mailer>();
const mailboxDbs = new WeakMap<object, Db>();

/**
 * Stores the dev mailbox of the app with configuration `config` in `db` (called by buildApp),
 * so every API process on that database shares it.
 */
export function storeMailboxIn(config: object, db: Db): void {
  mailboxDbs.set(config, db);
}

function rowToEntry(r: typeof devMailbox.$inferSelect): MailboxEntry {
  return {
    id: r.id,
    to: r.toAddress,
    from: r.fromAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    kind: r.kind as MailKind,
    lang: r.lang,
    server: r.server,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Messages of the dev mailbox, newest first: from the database when the app stores it there
 * (every process's mail), else this process's memory.
 */
export async function readMailbox(
  config: { auth: AuthConfig },
  log: FastifyBaseLogger,
  filter: { to?: string | undefined; kind?: string | undefined; limit: number; id?: number },
): Promise<MailboxEntry[]> {
  const db = mailboxDbs.get(config);
  if (!db) {
    return (mailerFor(config, log).mailbox ?? [])
      .filter(
        (m) =>
          (!filter.to || m.to.toLowerCase() === filter.to.toLowerCase()) &&
          (!filter.kind || m.kind === filter.kind) &&
          (filter.id === undefined || m.id === filter.id),
      )
      .slice(0, filter.limit);
  }
  const where: SQL[] = [];
  if (filter.to) where.push(sql`lower(${devMailbox.toAddress}) = ${filter.to.toLowerCase()}`);
  if (filter.kind) where.push(eq(devMailbox.kind, filter.kind));
  if (filter.id !== undefined) where.push(eq(devMailbox.id, filter.id));
  // Messages this process sent are stored in the background of their request: wait for them.
  await mailerFor(config, log).stored();
  const rows = await db
    .select()
    .from(devMailbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(filter.limit);
  return rows.map(rowToEntry);
}

/**
 * The mailer of an app, created on first use and shared by every route of that app (keyed by
 * its configuration object, which Fastify hands to every encapsulated scope).
 */
export function mailerFor(config: { auth: AuthConfig }, log: FastifyBaseLogger): Mailer {
  let m = mailers.get(config);
  if (!m) {
    m = createMailer(config.auth, log, mailboxDbs.get(config));
    mailers.set(config, m);
  }
  return m;
}

/**
 * Outgoing mail through nodemailer (design brief §5): SMTP when `SMTP_URL` is set; otherwise the
 * message is only composed (JSON transport). Outside production every message is also kept in
 * the in-memory dev mailbox (`GET /dev/mailbox`, `GET /dev/mailbox.json`), newest first.
 *
 * Sending never fails the request that caused it: errors are logged. Callers do not await the
 * transport, so answers take the same time whether a mail was sent or not (no account
 * enumeration through timing).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AuthConfig } from './auth-config.js';
import type { MailKind, RenderedMail } from './mail-templates.js';

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
  createdAt: string;
}

/** Messages kept by the dev mailbox (oldest are dropped). */
export const MAILBOX_SIZE = 500;

export interface Mailer {
  /** Queues a message; resolves once it is in the mailbox (not when the transport is done). */
  send(message: RenderedMail & { to: string; kind: MailKind; lang: string; server: string | null }): void;
  /** The dev mailbox, newest first; null when it is off (production). */
  readonly mailbox: MailboxEntry[] | null;
  /** Resolves when every queued transport send has finished (tests). */
  idle(): Promise<void>;
}

/** Creates a mailer for one app. */
export function createMailer(config: Pick<AuthConfig, 'smtpUrl' | 'mailFrom' | 'devMailbox'>, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const mailbox: MailboxEntry[] | null = config.devMailbox ? [] : null;
  const pending = new Set<Promise<unknown>>();
  let nextId = 1;
  return {
    mailbox,
    send(message) {
      const { to, subject, text, html, kind, lang, server } = message;
      if (mailbox) {
        mailbox.unshift({ id: nextId++, to, from: config.mailFrom, subject, text, html, kind, lang, server, createdAt: new Date().toISOString() });
        if (mailbox.length > MAILBOX_SIZE) mailbox.length = MAILBOX_SIZE;
      } else if (!config.smtpUrl) {
        log.warn({ kind, server }, 'mail not delivered: SMTP_URL is not configured');
      }
      const p = transport
        .sendMail({ from: config.mailFrom, to, subject, text, html })
        .catch((err: unknown) => log.error({ err, kind, server }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}

const mailers = new WeakMap<object, Mailer>();

/**
 * The mailer of an app, created on first use and shared by every route of that app (keyed by
 * its configuration object, which Fastify hands to every encapsulated scope).
 */
export function mailerFor(config: { auth: AuthConfig }, log: FastifyBaseLogger): Mailer {
  let m = mailers.get(config);
  if (!m) {
    m = createMailer(config.auth, log);
    mailers.set(config, m);
  }
  return m;
}

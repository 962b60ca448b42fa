/**
 * The dev mailbox (outside production): every e-mail the API sent, as JSON for tests and tools
 * (`GET /dev/mailbox.json`).
 */
import { z } from 'zod';

/** Every kind of e-mail the API sends. */
export const MAIL_KINDS = [
  'activation',
  'registerExisting',
  'passwordReset',
  'deviceCode',
  'emailChange',
  'emailChangeCode',
  'emailChanged',
  'passwordChanged',
  'passwordResetDone',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** `?to=&kind=&limit=` of `GET /dev/mailbox.json`. */
export const MailboxQuery = z.object({
  to: z.string().max(320).optional().describe('Only messages to this address (case-insensitive)'),
  kind: z.enum(MAIL_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** One message of the dev mailbox. */
export const MailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  lang: z.string(),
  server: z.string().nullable(),
  createdAt: z.string(),
  link: z.string().nullable().describe('First link of the text body (activation / reset / e-mail change), if any'),
  code: z.string().nullable().describe('The 6-digit code of a device-code mail, if any'),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;

/** Answer of `GET /dev/mailbox.json`, newest first. */
export const MailboxAnswer = z.object({ messages: z.array(MailboxMessage) });
export type MailboxAnswer = z.infer<typeof MailboxAnswer>;

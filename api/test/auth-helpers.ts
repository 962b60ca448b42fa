/** Helpers of the auth API tests: XSRF-aware requests, the dev mailbox, quick accounts. */
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mailerFor, type MailboxEntry } from '../src/domains/auth/mail.js';
import { xsrfPair } from './helpers.js';

let ipCounter = 1;

/** A fresh client IP, so the rate limits of one test do not leak into the next. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  ip?: string;
  lang?: string;
  token?: string;
  uid?: string;
  origin?: string;
  /** `User-Agent` header (light-my-request's own otherwise). */
  userAgent?: string;
}

async function headers(app: FastifyInstance, o: CallOptions): Promise<Record<string, string>> {
  const x = await xsrfPair(app);
  const h: Record<string, string> = { cookie: x.cookieHeader, ...x.headers };
  if (o.lang) h['x-lang'] = o.lang;
  if (o.token) h['x-auth-token'] = o.token;
  if (o.uid) h['x-auth-id'] = o.uid;
  if (o.origin) h.origin = o.origin;
  if (o.userAgent) h['user-agent'] = o.userAgent;
  return h;
}

/** POST with the XSRF pair; then runs the mail outbox, so the mails of the request are in the mailbox. */
export async function post(app: FastifyInstance, url: string, body: unknown, o: CallOptions = {}): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: await headers(app, o),
    remoteAddress: o.ip ?? '10.255.255.1',
  });
  // Mail is sent by the outbox worker, off the request path: send what the request queued.
  await app.mailOutbox.drain();
  return res;
}

/** GET with the auth headers. */
export async function get(app: FastifyInstance, url: string, o: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: await headers(app, o), remoteAddress: o.ip ?? '10.255.255.1' });
}

/** Messages of the app's dev mailbox to an address, newest first. */
export function mails(app: FastifyInstance, to?: string): MailboxEntry[] {
  const box = mailerFor(app.apiConfig, app.log).mailbox;
  assert.ok(box, 'dev mailbox is on');
  return box.filter((m) => !to || m.to === to.toLowerCase());
}

/** The newest mail to an address (fails when there is none). */
export function lastMail(app: FastifyInstance, to: string): MailboxEntry {
  const m = mails(app, to)[0];
  assert.ok(m, `a mail to ${to}`);
  return m;
}

/** The token of the site link in a mail (`/{server}/…-activation#token={token}`: in the URL fragment). */
export function tokenOf(mail: MailboxEntry): string {
  const m = /-activation#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  assert.ok(m, `a token link in: ${mail.text}`);
  return m[1]!;
}

/** The 6-digit code of a device-code mail. */
export function codeOf(mail: MailboxEntry): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  assert.ok(m, `a code in: ${mail.text}`);
  return m[1]!;
}

let n = 0;
/** A unique nickname / e-mail pair for one test. */
export function uniqueUser(prefix = 'player'): { nickname: string; email: string; password: string } {
  n++;
  const id = `${prefix}${Date.now().toString(36)}${n}`.slice(0, 20);
  return { nickname: id, email: `${id.toLowerCase()}@example.org`, password: `Stadium-${id}-Night!` };
}

/**
 * Registers and activates an account (the activation trusts `fingerprint`). Returns its login
 * answer and credentials.
 */
export async function activeAccount(app: FastifyInstance, server = 'royal', fingerprint = 'device-one') {
  const u = uniqueUser();
  const ip = freshIp();
  const reg = await post(app, `/${server}/auth/register`, { ...u, terms: true }, { ip });
  assert.equal(reg.statusCode, 201, reg.body);
  const token = tokenOf(lastMail(app, u.email));
  const act = await post(app, `/${server}/auth/activate`, { token, fingerprint }, { ip });
  assert.equal(act.statusCode, 200, act.body);
  return { ...u, fingerprint, session: act.json() as { token: string; uid: string; expiresAt: string; user: { id: string; ovr: number } } };
}

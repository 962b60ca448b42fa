/**
 * The security event log of an account (table `auth_security_events`, migration 0151): logins,
 * failed logins, lockouts, password resets and changes, e-mail changes, new devices, sessions
 * ended. The player reads it on the account page (`GET /{server}/auth/security-events`,
 * account.routes.ts); it never holds a secret. Also what a session or event says about the
 * browser behind it (`describeClient`, read from the User-Agent with bowser).
 */
import Bowser from 'bowser';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '@landing/domain/schemas/account';
import type { Db } from '../../db/client.js';
import { authSecurityEvents, type SecurityEventKind } from './tables.js';
import { failuresOf, type Counter } from './throttle.js';

/** Events older than this are pruned (days); the log shows at most this far back. */
export const SECURITY_EVENT_RETENTION_DAYS = 180;

/** Longest User-Agent kept (characters); longer ones are cut. */
const USER_AGENT_MAX_LENGTH = 512;

/** Where a request came from, as sessions and events keep it. */
export interface ClientContext {
  ip: string | null;
  userAgent: string | null;
}

/** The User-Agent of a request, cut to {@link USER_AGENT_MAX_LENGTH}; null when absent. */
export function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' && ua.trim() ? ua.slice(0, USER_AGENT_MAX_LENGTH) : null;
}

/** The client of a request: its address (`request.ip`, proxies per TRUST_PROXY) and User-Agent. */
export function clientOf(request: FastifyRequest): ClientContext {
  return { ip: request.ip ?? null, userAgent: userAgentOf(request) };
}

const DEVICES = new Set(['desktop', 'mobile', 'tablet']);

/**
 * What the player sees of a client: the address, and the browser, system and kind of device read
 * from the User-Agent (bowser). Unknown parts are null.
 */
export function describeClient(ip: string | null, userAgent: string | null): ClientInfo {
  if (!userAgent) return { ip, browser: null, os: null, device: null };
  const parser = Bowser.getParser(userAgent);
  const device = parser.getPlatformType(true);
  return {
    ip,
    browser: parser.getBrowserName() || null,
    os: parser.getOSName() || null,
    device: DEVICES.has(device) ? (device as ClientInfo['device']) : null,
  };
}

/**
 * Records one event of an account. `accountId` null (a login name without an account) runs the
 * same statement and records nothing, so a failed login costs the same whether the account
 * exists or not. Now and then prunes events older than {@link SECURITY_EVENT_RETENTION_DAYS}.
 */
export async function recordSecurityEvent(
  db: Db,
  accountId: number | null,
  kind: SecurityEventKind,
  client: ClientContext,
  detail: Record<string, string | number> = {},
): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${authSecurityEvents} (account_id, kind, ip, user_agent, detail)
    SELECT id, ${kind}, ${client.ip}, ${client.userAgent}, ${JSON.stringify(detail)}::jsonb
    FROM auth_accounts WHERE id = ${accountId ?? 0}`);
  if (Math.random() < 0.01) {
    await db.execute(
      sql`DELETE FROM ${authSecurityEvents} WHERE created_at < now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`,
    );
  }
}

/**
 * After a failed login (its failure already counted): records `login_failed` and, when this
 * failure used up a per-account counter, `lockout` with its scope (`ip`: logins from this address
 * are refused; `account`: logins from untrusted devices are refused). The same statements run
 * for a name without an account (`accountId` null), which records nothing.
 * @param counters the per-(account, IP) and per-account counters of the login route
 */
export async function noteLoginFailure(
  db: Db,
  client: ClientContext,
  accountId: number | null,
  counters: { ip: Counter; account: Counter },
): Promise<void> {
  await recordSecurityEvent(db, accountId, 'login_failed', client, { method: 'password' });
  for (const [scope, counter] of Object.entries(counters)) {
    // Exactly at the limit: this failure locked it (later attempts are refused before counting).
    if ((await failuresOf(db, counter)) === counter.limit.max) {
      await recordSecurityEvent(db, accountId, 'lockout', client, { scope });
    }
  }
}

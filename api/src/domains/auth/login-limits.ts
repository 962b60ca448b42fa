/**
 * The limits on failed logins (docs/SECURITY.md "V6"), in two kinds:
 *
 * - visible, keyed by the login name AS TYPED (lower case): per (name, IP), per IP, and per name
 *   from everywhere (that one only for untrusted devices). Over one of them the answer is
 *   `429 TOO_MANY_ATTEMPTS`: it only tells the client what it did itself with that string.
 * - silent, keyed by the ACCOUNT, so its nickname and its e-mail share them (no doubling of the
 *   guesses by switching between the two): per (account, IP) and per account from everywhere
 *   (untrusted devices only). Over one of them the password is not checked and the answer is the
 *   one of a wrong password (`401 INVALID_CREDENTIALS`, after the same dummy argon2 work): a
 *   visible block would tell which e-mail belongs to a nickname (five failures by nickname, then
 *   one try by an e-mail: 429 only for the owner's address).
 *
 * A name without an account gets the same silent counters under a stand-in subject, so both cost
 * the same queries.
 */
import type { Db } from '../../db/client.js';
import type { AuthLimits } from './config.js';
import { blockedFor, clearFailures, recordFailure, type Counter } from './throttle.js';

/** The counters of one login attempt. */
export interface LoginCounters {
  perNameIp: Counter;
  perIp: Counter;
  perName: Counter;
  perAccountIp: Counter;
  perAccount: Counter;
}

/** What the counters say before the password is checked. */
export interface LoginBlock {
  /** Seconds to wait (visible `429 TOO_MANY_ATTEMPTS`); 0 = not blocked visibly. */
  wait: number;
  /** The account is over its own limit: refuse like a wrong password without checking it. */
  silent: boolean;
}

/**
 * The counters of a login attempt.
 * @param accountId the account the name refers to, or null for an unknown name
 */
export function loginCounters(server: string, login: string, accountId: number | null, ip: string, L: AuthLimits): LoginCounters {
  const name = `${server}:name:${login.toLowerCase()}`;
  const account = accountId === null ? `${server}:no-account:${login.toLowerCase()}` : `${server}:account:${accountId}`;
  return {
    perNameIp: { kind: 'login:name-ip', subject: `${name}|${ip}`, limit: L.loginPerLoginIp },
    perIp: { kind: 'login:ip', subject: ip, limit: L.loginPerIp },
    perName: { kind: 'login:name', subject: name, limit: L.loginPerLogin },
    perAccountIp: { kind: 'login:account-ip', subject: `${account}|${ip}`, limit: L.loginPerLoginIp },
    perAccount: { kind: 'login:account', subject: account, limit: L.loginPerLogin },
  };
}

/**
 * Checks the counters of an attempt.
 * @param trusted whether the device is trusted by the account (asked only when a from-everywhere limit is reached)
 */
export async function loginBlock(db: Db, c: LoginCounters, trusted: () => Promise<boolean>): Promise<LoginBlock> {
  let wait = await blockedFor(db, [c.perNameIp, c.perIp]);
  if (!wait) {
    // Many failures on this name from everywhere: only the owner's trusted devices may go on.
    const nameWait = await blockedFor(db, [c.perName]);
    if (nameWait && !(await trusted())) wait = nameWait;
  }
  if (wait) return { wait, silent: false };
  let silent = (await blockedFor(db, [c.perAccountIp])) > 0;
  if (!silent && (await blockedFor(db, [c.perAccount])) > 0) silent = !(await trusted());
  return { wait: 0, silent };
}

/**
 * Counts a failed attempt: always on the visible counters (a silently refused attempt looks like
 * any wrong password from outside), on the account's only when its password was checked.
 */
export async function loginFailed(db: Db, c: LoginCounters, passwordChecked: boolean): Promise<void> {
  await recordFailure(
    db,
    passwordChecked ? [c.perNameIp, c.perIp, c.perName, c.perAccountIp, c.perAccount] : [c.perNameIp, c.perIp, c.perName],
  );
}

/** Forgets the failures of this name and of this account from this IP after a right password. */
export async function loginSucceeded(db: Db, c: LoginCounters): Promise<void> {
  await clearFailures(db, c.perNameIp);
  await clearFailures(db, c.perAccountIp);
}

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
import { clearFailures, reserveAttempts, type Counter } from './throttle.js';

/** The counters of one login attempt. */
export interface LoginCounters {
  perNameIp: Counter;
  perIp: Counter;
  perName: Counter;
  perAccountIp: Counter;
  perAccount: Counter;
}

/** What the counters say before the password is checked (the attempt is already counted). */
export interface LoginBlock {
  /** Seconds to wait (visible `429 TOO_MANY_ATTEMPTS`); 0 = not blocked visibly. A blocked attempt is not counted. */
  wait: number;
  /** The account is over its own limit: refuse like a wrong password without checking it (counted on the visible counters only). */
  silent: boolean;
  /** Takes this attempt's counts back: call it when the password was right. */
  refund(): Promise<void>;
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
 * Counts the attempt as a failure on its counters, THEN checks them (so N concurrent attempts get
 * at most `max` password checks): over a visible counter the attempt is refused (`wait`) and
 * not counted; over a silent one it is refused like a wrong password and counted on the visible
 * counters only. A wrong password needs nothing more (it is counted); a right one calls
 * `refund()`, then {@link loginSucceeded}.
 * @param trusted whether the device is trusted by the account (asked only when a from-everywhere limit is reached)
 */
export async function loginBlock(db: Db, c: LoginCounters, trusted: () => Promise<boolean>): Promise<LoginBlock> {
  const visible = await reserveAttempts(db, [c.perNameIp, c.perIp, c.perName], { keepWhenOver: true });
  const [nameIpWait = 0, ipWait = 0, nameWait = 0] = visible.waits;
  let wait = Math.max(nameIpWait, ipWait);
  // Many failures on this name from everywhere: only the owner's trusted devices may go on.
  if (!wait && nameWait && !(await trusted())) wait = nameWait;
  if (wait) {
    await visible.refund();
    return { wait, silent: false, refund: async () => {} };
  }
  const own = await reserveAttempts(db, [c.perAccountIp, c.perAccount], { keepWhenOver: true });
  let silent = (own.waits[0] ?? 0) > 0;
  if (!silent && (own.waits[1] ?? 0) > 0) silent = !(await trusted());
  if (silent) await own.refund();
  return {
    wait: 0,
    silent,
    refund: async () => {
      await visible.refund();
      await own.refund();
    },
  };
}

/** Forgets the failures of this name and of this account from this IP after a right password. */
export async function loginSucceeded(db: Db, c: LoginCounters): Promise<void> {
  await clearFailures(db, c.perNameIp);
  await clearFailures(db, c.perAccountIp);
}

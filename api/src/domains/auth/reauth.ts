/**
 * Authenticating again with the current password before a sensitive change (password change,
 * e-mail change, ending sessions; docs/SECURITY.md "V6"). Every such route goes through
 * {@link checkCurrentPassword}, so they share one counter per account
 * (`limits.reauthPerAccount`, 5 wrong passwords in 15 minutes by default).
 *
 * The attempt is counted BEFORE the password is compared (throttle.ts `reserveAttempts`, one
 * atomic upsert per attempt), so however many requests arrive at once, from however many
 * addresses, at most `max` of them reach the comparison within the window. A right password
 * gives its reservation back and clears the counter; a wrong one keeps it and records a
 * `login_failed` security event (`method: reauth`).
 */
import type { LocaleCode } from '@landing/domain';
import type { Db } from '../../db/client.js';
import type { AuthConfig } from './config.js';
import { verifyPassword } from './crypto.js';
import { recordSecurityEvent, type ClientContext } from './events.js';
import { authError } from './messages.js';
import { clearFailures, reserveAttempts, type Counter } from './throttle.js';

/**
 * The comparison of a current password with the stored hash. One object, so a test can count
 * the comparisons (`mock.method(reauthCheck, 'verify')`).
 */
export const reauthCheck = {
  verify(stored: string, password: string): Promise<boolean> {
    return verifyPassword(stored, password);
  },
};

/** The per-account counter of wrong current passwords. */
function reauthCounter(auth: AuthConfig, accountId: number): Counter {
  return { kind: 'reauth:account', subject: String(accountId), limit: auth.limits.reauthPerAccount };
}

/**
 * Checks the current password of an account that has one, counted on the account's re-authentication
 * counter before the comparison.
 * @param account  the logged-in player's account (`passwordHash` set)
 * @param password  what the player typed (empty or missing: 400 CURRENT_PASSWORD_REQUIRED, not counted)
 * @throws 400 CURRENT_PASSWORD_REQUIRED, 400 WRONG_PASSWORD, 429 TOO_MANY_ATTEMPTS (`minutes` until a slot frees)
 */
export async function checkCurrentPassword(
  db: Db,
  auth: AuthConfig,
  lang: LocaleCode,
  client: ClientContext,
  account: { id: number; passwordHash: string },
  password: string | undefined,
): Promise<void> {
  if (!password) throw authError(400, lang, 'CURRENT_PASSWORD_REQUIRED');
  const counter = reauthCounter(auth, account.id);
  const reserved = await reserveAttempts(db, [counter]);
  if (reserved.wait) throw authError(429, lang, 'TOO_MANY_ATTEMPTS', { minutes: Math.max(1, Math.ceil(reserved.wait / 60)) });
  if (!(await reauthCheck.verify(account.passwordHash, password))) {
    await recordSecurityEvent(db, account.id, 'login_failed', client, { method: 'reauth' });
    throw authError(400, lang, 'WRONG_PASSWORD');
  }
  await reserved.refund();
  await clearFailures(db, counter);
}

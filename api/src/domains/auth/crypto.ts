/**
 * Secrets of the auth domain: argon2id password hashes (OWASP parameters), random tokens and
 * codes, SHA-256 fingerprints of stored secrets, and the common-password list of the password policy.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, passwordProblem, type PasswordProblem } from '@landing/domain';

/**
 * OWASP Password Storage Cheat Sheet, argon2id: m = 19 MiB, t = 2, p = 1.
 * (`Algorithm.Argon2id` is a const enum that isolated modules cannot read: its value is 2.)
 */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; returns the PHC string (salt and parameters included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A valid hash of a random password: verified against when the account does not exist, so
 * "no such account" costs the same time as "wrong password". */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored PHC string. With `stored` null (no account, or an account
 * without password) a dummy hash is verified so the answer takes as long, and false is returned.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * The login route's password check ({@link verifyPassword}). One object, so a test can count the
 * checks (`mock.method(passwordCheck, 'verify')`; a call with a stored hash is a real check, one
 * with null the dummy work of a refused or unknown login).
 */
export const passwordCheck = {
  verify(stored: string | null | undefined, password: string): Promise<boolean> {
    return verifyPassword(stored, password);
  },
};

/** A random URL-safe token of `bytes` bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 (hex) of a secret, as stored in the database. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * HMAC-SHA256 (hex) of `message` under `key`: how short secrets (6-digit codes) are stored, so
 * that the database alone does not reveal them.
 * @throws Error when `key` is empty or null (the configuration lacks AUTH_CODE_HMAC_KEY)
 */
export function hmacSha256(key: string | null, message: string): string {
  if (!key) throw new Error('no HMAC key configured (AUTH_CODE_HMAC_KEY)');
  return createHmac('sha256', key).update(message).digest('hex');
}

/** A uniformly random 6-digit code, `000000`–`999999`. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Common passwords (zxcvbn-ts list, ~49k entries) that pass the length rule, lower case. */
let common: Set<string> | undefined;

/**
 * Whether a lower-cased password is one of the most common ones (the zxcvbn-ts list, only the API
 * holds it: too big for the page). The rest of the password policy is `passwordProblem` of
 * `@landing/domain`, which the registration form applies too; the API passes this check to it.
 */
export function isCommonPassword(lowerCased: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()));
  return common.has(lowerCased);
}

/** The API's password policy: `@landing/domain`'s rules with the common-password list. */
export function apiPasswordProblem(
  password: string,
  context: { nickname?: string | null; email?: string | null } = {},
): PasswordProblem | null {
  return passwordProblem(password, context, isCommonPassword);
}

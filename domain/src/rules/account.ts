/**
 * Account rules (spec §5 registration, §8 messages), applied by the registration and login forms
 * before sending and by the API on every request. Each `…Problem` function returns the error code
 * of the first rule that fails (the code the API answers and the forms translate; for the player
 * name also a finer one the form shows, see {@link NicknameProblem}), or null.
 */

/** Player-name length in characters (code points), spec §5. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 20;
/** Player names: 3–20 letters (any script), digits, `_`, `.`, `-`. */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.-]{3,20}$/u;
/** Characters allowed in a player name (the pattern without the length). */
const NICKNAME_CHARS = /^[\p{L}\p{N}_.-]+$/u;
/** E-mail shape checked before any mail is sent. */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** Password length in characters (code points). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The e-mailed device / e-mail-change code: 6 digits (white space typed in it is ignored). */
export const CODE_PATTERN = /^\d{6}$/;

/**
 * Why a player name is refused. The API answers NICKNAME_REQUIRED / NICKNAME_INVALID (its
 * messages cover the length); the form tells a too long name apart (it never cuts the name).
 */
export type NicknameProblem = 'NICKNAME_REQUIRED' | 'NICKNAME_TOO_SHORT' | 'NICKNAME_TOO_LONG' | 'NICKNAME_INVALID';

/**
 * The player-name rule, after trimming: 3–20 characters, letters of any script, digits, `_ . -`.
 * @returns null when the name is acceptable (apart from "already taken", which only the API knows)
 */
export function nicknameProblem(raw: string): NicknameProblem | null {
  const nickname = raw.trim();
  if (!nickname) return 'NICKNAME_REQUIRED';
  const length = [...nickname].length;
  if (length > NICKNAME_MAX_LENGTH) return 'NICKNAME_TOO_LONG';
  if (!NICKNAME_CHARS.test(nickname)) return 'NICKNAME_INVALID';
  if (length < NICKNAME_MIN_LENGTH) return 'NICKNAME_TOO_SHORT';
  return NICKNAME_PATTERN.test(nickname) ? null : 'NICKNAME_INVALID';
}

/** Why an e-mail address is refused. */
export type EmailProblem = 'EMAIL_REQUIRED' | 'EMAIL_INVALID';

/** The e-mail rule, after trimming: required, {@link EMAIL_PATTERN}. */
export function emailProblem(raw: string): EmailProblem | null {
  const email = raw.trim();
  if (!email) return 'EMAIL_REQUIRED';
  return EMAIL_PATTERN.test(email) ? null : 'EMAIL_INVALID';
}

/** How the API stores and compares an e-mail address: trimmed, lower case. */
export function normaliseEmail(raw: string | null | undefined): string {
  return (raw ?? '').trim().toLowerCase();
}

/** Why a new password is refused. */
export type PasswordProblem =
  'PASSWORD_REQUIRED' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_BLANK' | 'PASSWORD_TOO_COMMON' | 'PASSWORD_LIKE_NAME';

/**
 * Policy for new passwords (NIST SP 800-63B style), in this order: required, 8–128 characters,
 * not only white space, not a common password, not the player name or the e-mail (or its local
 * part), compared case-insensitively. The password itself is never trimmed.
 *
 * @param isCommon the common-password check: the API passes its own (the zxcvbn-ts list of ~49k
 *   words, ~18k of them 8+ characters; too big for the page); without it the rule is skipped
 * @returns null when every rule passes
 */
export function passwordProblem(
  password: string,
  context: { nickname?: string | null; email?: string | null } = {},
  isCommon?: (lowerCased: string) => boolean,
): PasswordProblem | null {
  if (!password) return 'PASSWORD_REQUIRED';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (!password.trim()) return 'PASSWORD_BLANK';
  const lower = password.toLowerCase();
  if (isCommon?.(lower)) return 'PASSWORD_TOO_COMMON';
  const names = [context.nickname, context.email, context.email?.split('@')[0]].filter((v): v is string => !!v && v.length >= 3);
  if (names.some((n) => n.toLowerCase() === lower)) return 'PASSWORD_LIKE_NAME';
  return null;
}

/** A typed code without its white space (`123 456` → `123456`). */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** Register params of spec §3 `availableRegisterParams` (partner and click tracking, referral). */
export const REGISTER_PARAMS = ['partner', 'banana', 'sub1', 'click_id', 'admitad_uid', 'click_id_track', 'ref_id_track'] as const;
export type RegisterParam = (typeof REGISTER_PARAMS)[number];
/** Longest value of a register param the API stores. */
export const REGISTER_PARAM_MAX_LENGTH = 128;

/** Social login providers (spec §7: Google, Facebook and a third, Russian network: VK). */
export const OAUTH_PROVIDERS = ['google', 'facebook', 'vk'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

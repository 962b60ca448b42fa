/**
 * Client-side checks of the auth forms. They return translation keys of the `auth` namespace
 * (`validation.*`); the four registration messages are spec §8's, word for word in English.
 *
 * The rules are the API's (api/src/routes/auth.ts NICKNAME_PATTERN and EMAIL_PATTERN,
 * api/src/lib/auth-crypto.ts passwordProblem): the API cannot import this file (its tsconfig
 * keeps every source under api/), so api/test/account-rules.test.ts runs both over the same
 * inputs and fails when they disagree. The API checks again, and more: the list of common
 * passwords (~49k words, too big for the page) and taken names.
 *
 * This file imports nothing, so that test can load it in Node.
 */

/** Player-name length in characters (code points), spec §5; the API's NICKNAME_PATTERN. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 20;
/** Player names: 3–20 letters (any script), digits, `_`, `.`, `-` (same rule as the API). */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.-]{3,20}$/u;
/** Characters allowed in a player name (the API's pattern without the length). */
const NICKNAME_CHARS = /^[\p{L}\p{N}_.-]+$/u;
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** Password length in characters (code points), the API's PASSWORD_MIN_LENGTH / PASSWORD_MAX_LENGTH. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a player name is refused; the API answers NICKNAME_REQUIRED / NICKNAME_INVALID for all of these. */
export type NicknameProblem = 'NICKNAME_REQUIRED' | 'NICKNAME_TOO_SHORT' | 'NICKNAME_TOO_LONG' | 'NICKNAME_INVALID';

/**
 * The player-name rule of the API (after trimming, like the API): 3–20 characters, letters of
 * any script, digits, `_ . -`. Names longer than 20 are refused, never cut.
 * @returns null when the API accepts the name (apart from "already taken")
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

/** Why a new password is refused: the API's codes (PasswordProblem) minus PASSWORD_TOO_COMMON. */
export type PasswordProblem = 'PASSWORD_REQUIRED' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_BLANK' | 'PASSWORD_LIKE_NAME';

/**
 * The API's policy for new passwords, in the same order: required, 8–128 characters, not only
 * white space, not the player name or the e-mail (or its local part), compared case-insensitively.
 * The password itself is never trimmed (spaces inside a password are allowed).
 * @returns null when every rule the page can check passes
 */
export function passwordProblem(password: string, context: { nickname?: string | null; email?: string | null } = {}): PasswordProblem | null {
  if (!password) return 'PASSWORD_REQUIRED';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (!password.trim()) return 'PASSWORD_BLANK';
  const lower = password.toLowerCase();
  const names = [context.nickname, context.email, context.email?.split('@')[0]].filter((v): v is string => !!v && v.length >= 3);
  if (names.some((n) => n.toLowerCase() === lower)) return 'PASSWORD_LIKE_NAME';
  return null;
}

/** Translation key (`auth:validation.*`) of each problem. */
const NICKNAME_KEYS: Record<NicknameProblem, string> = {
  NICKNAME_REQUIRED: 'validation.nicknameRequired',
  NICKNAME_TOO_SHORT: 'validation.nicknameInvalid',
  NICKNAME_TOO_LONG: 'validation.nicknameTooLong',
  NICKNAME_INVALID: 'validation.nicknameInvalid',
};
const PASSWORD_KEYS: Record<PasswordProblem, string> = {
  PASSWORD_REQUIRED: 'validation.passwordRequired',
  PASSWORD_TOO_SHORT: 'validation.passwordTooShort',
  PASSWORD_TOO_LONG: 'validation.passwordTooLong',
  PASSWORD_BLANK: 'validation.passwordBlank',
  PASSWORD_LIKE_NAME: 'validation.passwordLikeName',
};

export type Errors<K extends string> = Partial<Record<K, string>>;

export interface RegisterValues {
  nickname: string;
  email: string;
  password: string;
  terms: boolean;
}

/** Registration (spec §5): player name, e-mail, password and the terms are required. */
export function validateRegister(v: RegisterValues): Errors<keyof RegisterValues> {
  const e: Errors<keyof RegisterValues> = {};
  const nickname = nicknameProblem(v.nickname);
  if (nickname) e.nickname = NICKNAME_KEYS[nickname];
  const email = v.email.trim();
  if (!email) e.email = 'validation.emailRequired';
  else if (!EMAIL_PATTERN.test(email)) e.email = 'validation.emailInvalid';
  const password = passwordProblem(v.password, { nickname: v.nickname.trim(), email: email.toLowerCase() });
  if (password) e.password = PASSWORD_KEYS[password];
  if (!v.terms) e.terms = 'validation.termsRequired';
  return e;
}

export function validateLogin(v: { login: string; password: string }): Errors<'login' | 'password'> {
  const e: Errors<'login' | 'password'> = {};
  if (!v.login.trim()) e.login = 'validation.loginRequired';
  if (!v.password) e.password = 'validation.passwordRequired';
  return e;
}

export function validateEmail(email: string): Errors<'email'> {
  const value = email.trim();
  if (!value) return { email: 'validation.emailRequired' };
  if (!EMAIL_PATTERN.test(value)) return { email: 'validation.emailInvalid' };
  return {};
}

/**
 * New password (spec §5 leaves the match rule open; decision in mf-auth/README.md): required
 * ("Enter new password"), the API's password rules ({@link passwordProblem}; the name check is
 * the API's, which knows the account), and the repeat must be the same.
 */
export function validateNewPassword(v: { password: string; repeat: string }): Errors<'password' | 'repeat'> {
  const e: Errors<'password' | 'repeat'> = {};
  const password = passwordProblem(v.password);
  if (password === 'PASSWORD_REQUIRED') e.password = 'validation.newPasswordRequired';
  else if (password) e.password = PASSWORD_KEYS[password];
  if (!v.repeat) e.repeat = 'validation.newPasswordRequired';
  else if (v.password && v.repeat !== v.password) e.repeat = 'validation.passwordMismatch';
  return e;
}

/** The e-mailed device code: 6 digits (spaces ignored). */
export function validateCode(code: string): Errors<'code'> {
  return /^\d{6}$/.test(code.replace(/\s+/g, '')) ? {} : { code: 'validation.codeInvalid' };
}

export const hasErrors = (e: object): boolean => Object.keys(e).length > 0;

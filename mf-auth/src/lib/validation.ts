/**
 * Client-side checks of the auth forms. They return translation keys of the `auth` namespace
 * (`validation.*`); the four registration messages are spec §8's, word for word in English.
 * The API checks the same rules again (and more: common passwords, taken names).
 */

/** Player names: 3–20 letters (any script), digits, `_`, `.`, `-` (same rule as the API). */
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_.-]{3,20}$/u;
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
export const PASSWORD_MIN_LENGTH = 8;

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
  const nickname = v.nickname.trim();
  if (!nickname) e.nickname = 'validation.nicknameRequired';
  else if (!NICKNAME_PATTERN.test(nickname)) e.nickname = 'validation.nicknameInvalid';
  const email = v.email.trim();
  if (!email) e.email = 'validation.emailRequired';
  else if (!EMAIL_PATTERN.test(email)) e.email = 'validation.emailInvalid';
  if (!v.password) e.password = 'validation.passwordRequired';
  else if ([...v.password].length < PASSWORD_MIN_LENGTH) e.password = 'validation.passwordTooShort';
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
 * ("Enter new password"), at least 8 characters, and the repeat must be the same.
 */
export function validateNewPassword(v: { password: string; repeat: string }): Errors<'password' | 'repeat'> {
  const e: Errors<'password' | 'repeat'> = {};
  if (!v.password) e.password = 'validation.newPasswordRequired';
  else if ([...v.password].length < PASSWORD_MIN_LENGTH) e.password = 'validation.passwordTooShort';
  if (!v.repeat) e.repeat = 'validation.newPasswordRequired';
  else if (v.password && v.repeat !== v.password) e.repeat = 'validation.passwordMismatch';
  return e;
}

/** The e-mailed device code: 6 digits (spaces ignored). */
export function validateCode(code: string): Errors<'code'> {
  return /^\d{6}$/.test(code.replace(/\s+/g, '')) ? {} : { code: 'validation.codeInvalid' };
}

export const hasErrors = (e: object): boolean => Object.keys(e).length > 0;

/**
 * Client-side checks of the auth forms. They return translation keys of the `auth` namespace
 * (`validation.*`); the four registration messages are spec §8's, word for word in English.
 *
 * The rules themselves are written once, in `@landing/domain` (rules/account.ts): the API applies
 * the same functions to every request (plus what only it knows: the list of common passwords,
 * ~49k words, too big for the page, and taken names). This file only maps each rule's problem code
 * to the form's translation key. It imports the zod-free entry of the domain package, so the
 * remote's bundle gets the rule functions and no schema library.
 */
import {
  CODE_PATTERN,
  emailProblem,
  nicknameProblem,
  normaliseCode,
  normaliseEmail,
  passwordProblem,
  type EmailProblem,
  type NicknameProblem,
  type PasswordProblem,
} from '@landing/domain';

export {
  EMAIL_PATTERN,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  nicknameProblem,
  passwordProblem,
} from '@landing/domain';

/** Translation key (`auth:validation.*`) of each problem. */
const NICKNAME_KEYS: Record<NicknameProblem, string> = {
  NICKNAME_REQUIRED: 'validation.nicknameRequired',
  NICKNAME_TOO_SHORT: 'validation.nicknameInvalid',
  NICKNAME_TOO_LONG: 'validation.nicknameTooLong',
  NICKNAME_INVALID: 'validation.nicknameInvalid',
};
const EMAIL_KEYS: Record<EmailProblem, string> = {
  EMAIL_REQUIRED: 'validation.emailRequired',
  EMAIL_INVALID: 'validation.emailInvalid',
};
/** The page never checks the common-password list (API only); its code is mapped for completeness. */
const PASSWORD_KEYS: Record<PasswordProblem, string> = {
  PASSWORD_REQUIRED: 'validation.passwordRequired',
  PASSWORD_TOO_SHORT: 'validation.passwordTooShort',
  PASSWORD_TOO_LONG: 'validation.passwordTooLong',
  PASSWORD_BLANK: 'validation.passwordBlank',
  PASSWORD_TOO_COMMON: 'validation.passwordTooCommon',
  PASSWORD_LIKE_NAME: 'validation.passwordLikeName',
};

/** Translation keys of a form's fields that fail; a field without a problem is absent. */
export type Errors<K extends string> = Partial<Record<K, string>>;

/** What the registration form holds (spec §5). */
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
  const email = emailProblem(v.email);
  if (email) e.email = EMAIL_KEYS[email];
  const password = passwordProblem(v.password, { nickname: v.nickname.trim(), email: normaliseEmail(v.email) });
  if (password) e.password = PASSWORD_KEYS[password];
  if (!v.terms) e.terms = 'validation.termsRequired';
  return e;
}

/** Login: a nickname or e-mail (not blank) and a password are required. */
export function validateLogin(v: { login: string; password: string }): Errors<'login' | 'password'> {
  const e: Errors<'login' | 'password'> = {};
  if (!v.login.trim()) e.login = 'validation.loginRequired';
  if (!v.password) e.password = 'validation.passwordRequired';
  return e;
}

/** Password recovery: the account's e-mail ({@link emailProblem}). */
export function validateEmail(email: string): Errors<'email'> {
  const problem = emailProblem(email);
  return problem ? { email: EMAIL_KEYS[problem] } : {};
}

/**
 * New password (spec §5 leaves the match rule open; decision in mf-auth/README.md): required
 * ("Enter new password"), the password rules ({@link passwordProblem}; the name check is the
 * API's, which knows the account), and the repeat must be the same.
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

/**
 * Password change on the account page: the current password is required, the new one follows
 * {@link validateNewPassword} and must differ from the current one.
 */
export function validatePasswordChange(v: {
  currentPassword: string;
  password: string;
  repeat: string;
}): Errors<'currentPassword' | 'password' | 'repeat'> {
  const e: Errors<'currentPassword' | 'password' | 'repeat'> = validateNewPassword(v);
  if (!v.currentPassword) e.currentPassword = 'validation.currentPasswordRequired';
  else if (!e.password && v.password === v.currentPassword) e.password = 'validation.passwordSame';
  return e;
}

/** The e-mailed device code: 6 digits (spaces ignored). */
export function validateCode(code: string): Errors<'code'> {
  return CODE_PATTERN.test(normaliseCode(code)) ? {} : { code: 'validation.codeInvalid' };
}

/** Whether a result of the validators above has any error. */
export const hasErrors = (e: object): boolean => Object.keys(e).length > 0;

/**
 * The translation key of each issue code of the domain's form schemas and of the API's field
 * errors (spec §8: `NICKNAME_REQUIRED`, …), in the `auth` namespace. A module of its own: the API
 * error readers (./api-errors.ts) need it on pages whose forms load later (./form-resolver.ts).
 */

/** Translation key (`auth:validation.*`) of each issue code of the domain's form schemas. */
const ISSUE_KEYS: Readonly<Record<string, string>> = {
  NICKNAME_REQUIRED: 'validation.nicknameRequired',
  NICKNAME_TOO_SHORT: 'validation.nicknameInvalid',
  NICKNAME_TOO_LONG: 'validation.nicknameTooLong',
  NICKNAME_INVALID: 'validation.nicknameInvalid',
  EMAIL_REQUIRED: 'validation.emailRequired',
  EMAIL_INVALID: 'validation.emailInvalid',
  PASSWORD_REQUIRED: 'validation.passwordRequired',
  PASSWORD_TOO_SHORT: 'validation.passwordTooShort',
  PASSWORD_TOO_LONG: 'validation.passwordTooLong',
  PASSWORD_BLANK: 'validation.passwordBlank',
  // The page never checks the common-password list (API only); its code is mapped for completeness.
  PASSWORD_TOO_COMMON: 'validation.passwordTooCommon',
  PASSWORD_LIKE_NAME: 'validation.passwordLikeName',
  PASSWORD_SAME: 'validation.passwordSame',
  PASSWORD_MISMATCH: 'validation.passwordMismatch',
  NEW_PASSWORD_REQUIRED: 'validation.newPasswordRequired',
  TERMS_REQUIRED: 'validation.termsRequired',
  LOGIN_REQUIRED: 'validation.loginRequired',
  CODE_INVALID: 'validation.codeInvalid',
  WRONG_PASSWORD: 'validation.wrongPassword',
  CURRENT_PASSWORD_REQUIRED: 'validation.currentPasswordRequired',
};

/** Translation key of an issue code (the code itself when it has none). */
export const issueKey = (code: string): string => ISSUE_KEYS[code] ?? code;

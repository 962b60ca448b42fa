/**
 * react-hook-form resolvers over the domain's form schemas (`@landing/domain/schemas/auth`:
 * RegisterForm, LoginForm, RecoveryForm, NewPasswordForm, CodeForm). The schemas' issue messages
 * are the API's error codes (spec §8: `NICKNAME_REQUIRED`, …); a form shows the translation key of
 * the `auth` namespace each code maps to. Built on the kit's lazy resolver (`@landing/shared/forms`):
 * the schemas (and zod with them) are loaded on the first check, not with the page
 * (docs/PERFORMANCE.md: zod is not part of the first load).
 */
import type { FieldValues } from 'react-hook-form';
import { lazyZodResolver, type ExtraCheck, type LazyResolver } from '@landing/shared/forms';

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

/** The domain's form schemas this remote uses. */
export type DomainForm = 'RegisterForm' | 'LoginForm' | 'RecoveryForm' | 'NewPasswordForm' | 'CodeForm';

/**
 * A resolver running the domain schema `form` (none: only `extra`; values returned as typed: `raw`, so fields the
 * schema does not know, e.g. the current password, stay), then `extra` on the fields the schema
 * found no problem in. Each error's `message` is a translation key ({@link issueKey}).
 */
export function domainResolver<V extends FieldValues>(form: DomainForm | null, extra?: ExtraCheck<V>): LazyResolver<V> {
  const loadSchema = form === null ? null : () => import('@landing/domain/schemas/auth').then((schemas) => schemas[form]);
  return lazyZodResolver<V>(loadSchema, { raw: true, extra, message: (error) => issueKey(error.message ?? '') });
}

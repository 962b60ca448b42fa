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
import { issueKey } from './issue-keys';

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

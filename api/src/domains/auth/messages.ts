/**
 * Messages of the auth API in the nine interface languages (spec §1), chosen by `X-Lang`: the
 * `auth` namespace of the locale files `src/locales/<code>.json` (src/lib/i18n.ts).
 * The shared client shows an error's `message` as a toast (spec §8), so the API answers in the
 * user's language. English texts of spec §8 are kept word for word.
 */
import type { LocaleCode } from '@landing/domain';
import { ApiError } from '../../lib/errors.js';
import { serverText, type ServerTexts } from '../../lib/i18n.js';

/** Key of an auth message: the API's error / notice code (`src/locales/<code>.json`, namespace `auth`). */
export type AuthMessageKey = keyof ServerTexts['auth'];

/** The message `key` in `lang` with `{{name}}` placeholders filled. */
export function authMessage(lang: LocaleCode, key: AuthMessageKey, vars: Record<string, string | number> = {}): string {
  return serverText(lang, 'auth', key, vars);
}

/** An {@link ApiError} whose code is `key` and whose message is translated. */
export function authError(status: number, lang: LocaleCode, key: AuthMessageKey, vars?: Record<string, string | number>): ApiError {
  return new ApiError(status, key, authMessage(lang, key, vars));
}

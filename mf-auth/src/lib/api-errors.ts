/**
 * Reading the API's error answers (spec §8 catalogue). The shared client has already toasted the
 * translated message; these tell a form which field or step an error is about.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@landing/shared';
import type { DeviceChallengeBody } from '@landing/domain/schemas/auth';
import { issueKey } from './issue-keys';
import { SOCIAL_PROVIDERS, type SocialProvider } from './providers';

/** The `error` code of an API error answer (e.g. `TOKEN_INVALID`), if any. */
export function errorCode(err: unknown): string | undefined {
  return isApiError(err) ? (err.response?.data as { error?: string } | undefined)?.error : undefined;
}

/**
 * Shows an API error answer on the form field it is about, `fieldOf[code]`, with the code's
 * translation key ({@link issueKey}) as the message. Returns the code (undefined for an answer
 * without one), so the caller can handle the codes no field shows.
 */
export function showFieldError<V extends FieldValues>(
  err: unknown,
  fieldOf: Partial<Record<string, Path<V>>>,
  setError: UseFormSetError<V>,
): string | undefined {
  const code = errorCode(err);
  const field = code ? fieldOf[code] : undefined;
  if (code && field) setError(field, { type: 'server', message: issueKey(code) });
  return code;
}

/**
 * The challenge of a 403 UNAUTHORIZED_DEVICE login answer (spec §4), else null. `link`: a social
 * login found an existing account with its e-mail; the code links that provider to the account.
 */
export function deviceChallengeOf(err: unknown): { challenge: string; email: string; link?: SocialProvider } | null {
  if (!isApiError(err) || err.response?.status !== 403) return null;
  const body = err.response.data as DeviceChallengeBody | undefined;
  if (body?.error !== 'UNAUTHORIZED_DEVICE' || !body.challenge) return null;
  const link = SOCIAL_PROVIDERS.find((p) => p === body.link);
  return { challenge: body.challenge, email: body.email ?? '', ...(link ? { link } : {}) };
}

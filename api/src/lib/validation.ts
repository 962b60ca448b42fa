/**
 * Input rules every route shares, applied where ids and strings are parsed: database ids are PostgreSQL `integer`s (1..2^31−1), and no text reaches the database
 * with a NUL character (PostgreSQL `text` cannot store U+0000; the driver fails with a 500).
 *
 * - {@link dbId} / {@link dbIdParam}: the zod schemas of every id in a body, path or query.
 * - {@link parseAuthId}: the `X-Auth-Id` header (spec §7), parsed once per request in
 *   src/plugins/request-context.ts.
 * - {@link nulPath}: finds a NUL anywhere in parsed params, query or body; src/plugins/request-context.ts
 *   answers 400 for it in one `preValidation` hook for every route, before any schema or handler runs.
 *
 * Every failure is a 400 `VALIDATION_ERROR` with the usual `{ statusCode, error, message }` body.
 */
import { ID_MESSAGE, INT32_MAX } from '@landing/domain';
import { ApiError } from './errors.js';

/** 400 VALIDATION_ERROR in the shape the app's error handler gives schema failures. */
function validationError(message: string): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', message);
}

/**
 * The `X-Auth-Id` header (spec §7: the account id of the session): absent/blank → null; a whole
 * number 1..2^31−1 → its decimal text.
 * @throws ApiError 400 VALIDATION_ERROR for anything else (letters, signs, 0, ≥ 2^31, …)
 */
export function parseAuthId(value: string | null): string | null {
  if (value === null) return null;
  if (/^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= INT32_MAX) return value;
  throw validationError(`Invalid header "X-Auth-Id": ${ID_MESSAGE}`);
}

/**
 * The path of the first string (value or object key) containing U+0000 in `value`, e.g.
 * `params.0.name`; `''` for a top-level string; null when there is none. Depth-first, stops at
 * depth 64 (Fastify's JSON parser accepts deeper input, but such data fits no route's schema: the
 * validation that runs next refuses it or drops it as an unknown key).
 */
function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulPath(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Parts of a request checked by {@link assertNoNul}, with the words of the error message. */
const PARTS = [
  ['params', 'path parameter'],
  ['query', 'query parameter'],
  ['body', 'body field'],
] as const;

/**
 * Refuses a NUL character anywhere in the parsed path parameters, query string or body.
 * @throws ApiError 400 VALIDATION_ERROR `Invalid body field "text": must not contain NUL characters`
 */
export function assertNoNul(request: { params: unknown; query: unknown; body: unknown }): void {
  for (const [part, words] of PARTS) {
    const path = nulPath(request[part]);
    if (path === null) continue;
    throw validationError(
      path
        ? `Invalid ${words} "${path}": must not contain NUL characters`
        : `Invalid ${part === 'body' ? 'body' : words}: must not contain NUL characters`,
    );
  }
}

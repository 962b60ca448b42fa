/**
 * Database ids: every id is a PostgreSQL `integer`, 1..2^31−1, wherever it is
 * parsed (body, path, query, the `X-Auth-Id` header).
 */

/** Largest value of a PostgreSQL `integer` (2^31 − 1): the upper bound of every id. */
export const INT32_MAX = 2_147_483_647;

/** Message of every id rule, e.g. `Invalid path parameter "matchId": must be a whole number between 1 and 2147483647`. */
export const ID_MESSAGE = `must be a whole number between 1 and ${INT32_MAX}`;

/** Whether `n` is a valid database id: a whole number in 1..{@link INT32_MAX}. */
export function isDbId(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT32_MAX;
}

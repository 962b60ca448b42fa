/**
 * Schemas every API domain uses: the error body of spec §8, ids, the `/{server}` path parameter,
 * whole-number query parameters, `{ ok: true }`; pieces two domains share (ranking rows, reward amounts).
 */
import { z } from 'zod';
import { ID_MESSAGE, INT32_MAX } from '../ids.ts';
import { SERVER_CODES } from '../servers.ts';

/**
 * Error body of every non-2xx answer (spec §8: the client shows `message`, else `error`).
 * `error` is a stable machine code (e.g. `UNKNOWN_SERVER`), `message` is safe to show.
 */
export const ErrorBody = z
  .object({
    statusCode: z.number().int().describe('HTTP status, repeated in the body'),
    error: z.string().describe('Stable machine-readable code, e.g. UNKNOWN_SERVER, VALIDATION_ERROR'),
    message: z.string().describe('Human-readable message, safe to show to the user'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An id in a JSON body: a whole number 1..2^31−1 (no coercion from strings). */
export const dbId = () => z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT32_MAX, ID_MESSAGE);

/** An id in a path or query string (text coerced to a number), 1..2^31−1. */
export const dbIdParam = () => z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT32_MAX, ID_MESSAGE);

/** A whole-number query parameter `min..max` with a default; anything else is a 400 saying so. */
export const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);
};

/** A server code (`en` only outside production). */
export const ServerCodeSchema = z.enum(SERVER_CODES);

/** Path parameters of every `/{server}/...` route. Unknown codes are answered 404 before validation. */
export const ServerParams = z.object({
  server: ServerCodeSchema.describe('Game server code (`en` only outside production)'),
});

/** `{ ok: true }`. */
export const Ok = z.object({ ok: z.literal(true) });

/**
 * A row of a ranking (the leaderboard's players and teams, the bets ranking): `position`, its
 * 1-based place, then the given fields.
 */
export const rankedRow = <T extends z.ZodRawShape>(fields: T) => z.object({ position: z.number().int().positive(), ...fields });

/** The in-game euro and energy of a reward (a weekly prize, the founder pack), spread into its object. */
export const rewardAmounts = () => ({
  euro: z.number().int().nonnegative().describe('In-game euro'),
  energy: z.number().int().nonnegative(),
});

/** An ISO 8601 instant as the API writes it (`Date.toISOString()`). */
export const IsoDate = z.string().describe('ISO 8601 instant');

/** Header of the `/admin/*` routes. */
export const AdminHeaders = z.object({ 'x-admin-secret': z.string().describe('Must equal env ADMIN_SECRET') });

import { findServer, formatZonedDate } from '@landing/shared';
import type { Week } from '@landing/domain/schemas/leaderboard';

/**
 * Week bounds as the API answers them (`GET /{server}/leaderboard` → `week`, schema `Week`):
 * `start` is Monday 00:00 in the server's time zone, `end` the next week's start (exclusive),
 * `time_zone` the IANA zone the API counts the week in. Older APIs omit the zone: the server's
 * zone of spec §9 is used.
 */
export type WeekBounds = Omit<Week, 'time_zone'> & Partial<Pick<Week, 'time_zone'>>;

/** Day-month-year, the date part of the default format of spec §9 (`dd-MM-yyyy HH:mm:ss`). */
const WEEK_DATE_FORMAT = 'dd-MM-yyyy';

/**
 * First and last calendar day of the leaderboard week, in the server's time zone (spec §9), so
 * every visitor sees the same Monday–Sunday whatever their own zone: `{ start: '23-11-2026',
 * end: '29-11-2026' }` for the Royal week that starts 2026-11-22T21:00Z.
 * @param week the API's own bounds; `end` is exclusive, so the last day is the one before it
 * @param server server code, for the zone when the API gave none
 */
export function weekDays(week: WeekBounds, server: string): { start: string; end: string } {
  const zone = week.time_zone || findServer(server)?.timeZone || 'UTC';
  const lastInstant = new Date(new Date(week.end).getTime() - 1);
  return { start: formatZonedDate(week.start, zone, WEEK_DATE_FORMAT), end: formatZonedDate(lastInstant, zone, WEEK_DATE_FORMAT) };
}

/**
 * Formatting helpers (spec §9): dates in a server's time zone with the default format
 * `dd-MM-yyyy HH:mm:ss`, numbers with comma thousands separators.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { DATE_FORMAT, findServer } from './config';

/**
 * Formats an instant in the time zone of a game server (spec §9).
 * @param date ISO string, epoch ms or Date
 * @param server server code (`pl` → Europe/Warsaw, `royal` → Europe/Istanbul, ...)
 * @param pattern date-fns pattern, default `dd-MM-yyyy HH:mm:ss`
 */
export function formatServerDate(date: string | number | Date, server: string, pattern: string = DATE_FORMAT): string {
  return formatZonedDate(date, findServer(server)?.timeZone ?? 'UTC', pattern);
}

/**
 * Formats an instant in an IANA time zone, e.g. one the API answered (spec §9 server zones).
 * @param date ISO string, epoch ms or Date
 * @param timeZone IANA zone such as `Europe/Istanbul`
 * @param pattern date-fns pattern, default `dd-MM-yyyy HH:mm:ss`
 * @throws RangeError when `timeZone` is not a valid IANA zone or `date` is invalid
 */
export function formatZonedDate(date: string | number | Date, timeZone: string, pattern: string = DATE_FORMAT): string {
  return formatInTimeZone(date, timeZone, pattern);
}

/** Formats an integer with comma thousands separators (spec §9), e.g. 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

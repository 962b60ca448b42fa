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
  const tz = findServer(server)?.timeZone ?? 'UTC';
  return formatInTimeZone(date, tz, pattern);
}

/** Formats an integer with comma thousands separators (spec §9), e.g. 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

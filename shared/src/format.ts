/**
 * Formatting helpers (spec §9): dates in a server's time zone with the default format
 * `dd-MM-yyyy HH:mm:ss`, numbers with comma thousands separators.
 *
 * Dates go through the platform's `Intl.DateTimeFormat` (every browser and Node 24 ship the
 * IANA zone data), so no date library is downloaded; only the fixed numeric patterns of
 * spec §9 are offered, assembled from `formatToParts`.
 */
import { DATE_FORMAT, findServer } from './config';

/** The date patterns the site shows (spec §9): default, date only, time only, date and minutes. */
export type DatePattern = 'dd-MM-yyyy HH:mm:ss' | 'dd-MM-yyyy' | 'HH:mm' | 'dd-MM-yyyy HH:mm';

type PartName = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';

/** The parts a pattern can use. */
const PART_LETTERS: Record<PartName, true> = { day: true, month: true, year: true, hour: true, minute: true, second: true };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone: two-digit numeric parts, 24-hour clock. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Formats an instant in the time zone of a game server (spec §9).
 * @param date ISO string, epoch ms or Date
 * @param server server code (`pl` → Europe/Warsaw, `royal` → Europe/Istanbul, ...); unknown codes use UTC
 * @param pattern one of {@link DatePattern}, default `dd-MM-yyyy HH:mm:ss`
 * @throws RangeError when `date` is not a valid instant
 */
export function formatServerDate(date: string | number | Date, server: string, pattern: DatePattern = DATE_FORMAT): string {
  return formatZonedDate(date, findServer(server)?.timeZone ?? 'UTC', pattern);
}

/**
 * Formats an instant in an IANA time zone, e.g. one the API answered (spec §9 server zones).
 * @param date ISO string, epoch ms or Date
 * @param timeZone IANA zone such as `Europe/Istanbul`
 * @param pattern one of {@link DatePattern}, default `dd-MM-yyyy HH:mm:ss`
 * @throws RangeError when `timeZone` is not a valid IANA zone or `date` is invalid
 */
export function formatZonedDate(date: string | number | Date, timeZone: string, pattern: DatePattern = DATE_FORMAT): string {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid time value: ${String(date)}`);
  const parts = {} as Record<PartName, string>;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in PART_LETTERS) parts[part.type as PartName] = part.value;
  }
  const date10 = `${parts.day}-${parts.month}-${parts.year.padStart(4, '0')}`;
  const hm = `${parts.hour}:${parts.minute}`;
  switch (pattern) {
    case 'dd-MM-yyyy':
      return date10;
    case 'HH:mm':
      return hm;
    case 'dd-MM-yyyy HH:mm':
      return `${date10} ${hm}`;
    default:
      return `${date10} ${hm}:${parts.second}`;
  }
}

/**
 * One formatter for every call, built at the first call: building an Intl.NumberFormat costs more
 * than formatting with it, and a page's first one loads the platform's number-format data (a third
 * of the home page's start-up task at module load, docs/PERFORMANCE.md "Start-up compile and Intl"),
 * which pages that format no number never need.
 */
let integerFormat: Intl.NumberFormat | undefined;

/** Formats an integer with comma thousands separators (spec §9), e.g. 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return integerFormat.format(value);
}

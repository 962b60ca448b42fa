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

/**
 * Texts the server formatted for the page being hydrated: key → text (see {@link seedFormatted}).
 * A page's first Intl formatter loads the platform's locale and time-zone data, hundreds of ms on
 * a throttled phone inside the hydration task (docs/performance/history/2026-11-rounds.md "Start-up compile and Intl");
 * with the server's texts, hydration formats nothing.
 */
const seeded = new Map<string, string>();

/** On the server: the current render's record of what it formatted (see {@link setFormatRecorder}). */
let currentRecord: () => Map<string, string> | undefined = () => undefined;

/**
 * Server only: tells the formatters where the current render records its texts, e.g. an
 * `AsyncLocalStorage`'s store, so that each page's data carries the texts its HTML shows.
 * @param current returns the record of the render in progress, or undefined outside a render
 */
export function setFormatRecorder(current: () => Map<string, string> | undefined): void {
  currentRecord = current;
}

/**
 * Browser only, before hydration: the texts the server formatted for this page (page data
 * `formatted`, key → text). The same call then returns the same text without Intl; a key the
 * server did not format is computed as usual.
 */
export function seedFormatted(texts: Record<string, string>): void {
  for (const [key, text] of Object.entries(texts)) seeded.set(key, text);
}

/** The seeded text of `key`, else `compute()`, recorded for the page when a server render is in progress. */
function formatted(key: string, compute: () => string): string {
  const text = seeded.get(key) ?? compute();
  currentRecord()?.set(key, text);
  return text;
}

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
  return formatted(`d|${timeZone}|${pattern}|${instant.getTime()}`, () => formatInstant(instant, timeZone, pattern));
}

/** {@link formatZonedDate} with Intl, for a valid instant. */
function formatInstant(instant: Date, timeZone: string, pattern: DatePattern): string {
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
 * of the home page's start-up task at module load, docs/performance/history/2026-11-rounds.md "Start-up compile and Intl"),
 * which pages that format no number never need.
 */
let integerFormat: Intl.NumberFormat | undefined;

/** Formats an integer with comma thousands separators (spec §9), e.g. 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return formatted(`n|${value}`, () => {
    integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return integerFormat.format(value);
  });
}

/** One region-name lookup per language (CLDR), null where the platform has no data for it. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's or region's name in a language, from the platform's CLDR data (`Intl.DisplayNames`),
 * so the nine locales need no list of 200 names. Texts the server rendered are reused on
 * hydration like dates (see {@link seedFormatted}).
 * @param code ISO 3166-1 alpha-2 code, e.g. `DE`
 * @param language BCP 47 language, e.g. `de` or `pt` (i18next's language)
 * @returns the name (`Deutschland`), or undefined when the platform does not know the code
 */
export function regionName(code: string, language: string): string | undefined {
  const text = formatted(`r|${language}|${code}`, () => {
    if (!regionNames.has(language)) {
      try {
        regionNames.set(language, new Intl.DisplayNames([language, 'en'], { type: 'region' }));
      } catch {
        regionNames.set(language, null);
      }
    }
    try {
      const name = regionNames.get(language)?.of(code);
      return name && name !== code ? name : '';
    } catch {
      return ''; // not a well-formed region code
    }
  });
  return text || undefined;
}

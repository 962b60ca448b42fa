/** The leaderboard week of a server: Monday 00:00 to the next Monday 00:00, server-local time. */
export interface Week {
  /** Server-local calendar date of the Monday, `YYYY-MM-DD` (the `week_start` column). */
  startDate: string;
  /** Instant the week starts. */
  start: Date;
  /** Instant the next week starts (exclusive end). */
  end: Date;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs ~0.1 ms, using one ~µs. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: Date, timeZone: string): LocalParts {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, fmt);
  }
  const parts: Record<string, number> = {};
  for (const p of fmt.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of local midnight of the calendar date (y, m, d) in `timeZone`. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - offsetMs(new Date(guess), timeZone);
  // Second pass corrects for a DST change between the guess and the result.
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The week containing `now` in `timeZone` (weeks start on Monday, ISO-8601).
 *
 * @param timeZone IANA zone, e.g. `Europe/Warsaw` (spec §9 server time zones)
 * @param now defaults to the current time
 */
export function weekOf(timeZone: string, now: Date = new Date()): Week {
  const p = localParts(now, timeZone);
  const localDate = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const sinceMonday = (localDate.getUTCDay() + 6) % 7;
  const monday = new Date(localDate.getTime() - sinceMonday * 86_400_000);
  const nextMonday = new Date(monday.getTime() + 7 * 86_400_000);
  return {
    startDate: isoDate(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    start: localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone),
    end: localMidnight(nextMonday.getUTCFullYear(), nextMonday.getUTCMonth() + 1, nextMonday.getUTCDate(), timeZone),
  };
}

/** `YYYY-MM-DD` of the Monday `weeks` weeks before the week of `startDate`. */
export function previousWeekStart(startDate: string, weeks = 1): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7 * weeks);
  return d.toISOString().slice(0, 10);
}

const lastWeek = new Map<string, Week>();

/**
 * {@link weekOf}, remembered per time zone while `now` stays inside that week: for hot paths
 * (the leaderboard answers thousands of requests a second; weekOf costs tens of µs).
 */
export function currentWeek(timeZone: string, now: Date = new Date()): Week {
  const known = lastWeek.get(timeZone);
  const t = now.getTime();
  if (known && t >= known.start.getTime() && t < known.end.getTime()) return known;
  const week = weekOf(timeZone, now);
  lastWeek.set(timeZone, week);
  return week;
}

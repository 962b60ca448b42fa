/**
 * Leaderboard weeks (spec §9): Monday 00:00 to the next Monday 00:00 in the server's time zone,
 * computed with date-fns on @date-fns/tz's TZDate (DST changes included).
 */
import { TZDate } from '@date-fns/tz';
import { addWeeks, format, startOfISOWeek, subWeeks } from 'date-fns';

/** The leaderboard week of a server: Monday 00:00 to the next Monday 00:00, server-local time. */
export interface Week {
  /** Server-local calendar date of the Monday, `YYYY-MM-DD` (the `week_start` column). */
  startDate: string;
  /** Instant the week starts. */
  start: Date;
  /** Instant the next week starts (exclusive end). */
  end: Date;
}

/**
 * The week containing `now` in `timeZone` (weeks start on Monday, ISO-8601).
 *
 * @param timeZone IANA zone, e.g. `Europe/Warsaw` (spec §9 server time zones)
 * @param now defaults to the current time
 */
export function weekOf(timeZone: string, now: Date = new Date()): Week {
  const start = startOfISOWeek(new TZDate(now.getTime(), timeZone));
  const end = addWeeks(start, 1);
  return { startDate: format(start, 'yyyy-MM-dd'), start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** `YYYY-MM-DD` of the Monday `weeks` weeks before the week of `startDate`. */
export function previousWeekStart(startDate: string, weeks = 1): string {
  const [year = 0, month = 1, day = 1] = startDate.split('-').map(Number);
  return format(subWeeks(new TZDate(year, month - 1, day, 'UTC'), weeks), 'yyyy-MM-dd');
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

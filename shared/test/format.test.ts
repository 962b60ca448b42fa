import { formatNumber, formatServerDate, formatZonedDate } from '../src/format';

describe('dates in a server time zone (spec §9)', () => {
  it('shows the default dd-MM-yyyy HH:mm:ss in the server zone', () => {
    // 2026-07-01 21:30:05 UTC is 23:30:05 in Warsaw (CEST) and 00:30:05 next day in Istanbul.
    expect(formatServerDate('2026-07-01T21:30:05Z', 'pl')).toBe('01-07-2026 23:30:05');
    expect(formatServerDate('2026-07-01T21:30:05Z', 'royal')).toBe('02-07-2026 00:30:05');
  });

  it('follows daylight saving time in winter', () => {
    expect(formatServerDate(Date.UTC(2026, 0, 15, 23, 0, 0), 'pl')).toBe('16-01-2026 00:00:00');
  });

  it('offers the date-only, time-only and minutes patterns', () => {
    const instant = new Date('2026-03-09T06:07:08Z');
    expect(formatZonedDate(instant, 'UTC', 'dd-MM-yyyy')).toBe('09-03-2026');
    expect(formatZonedDate(instant, 'UTC', 'HH:mm')).toBe('06:07');
    expect(formatZonedDate(instant, 'UTC', 'dd-MM-yyyy HH:mm')).toBe('09-03-2026 06:07');
  });

  it('uses a 24-hour clock with 00 at midnight', () => {
    expect(formatZonedDate('2026-05-05T00:00:00Z', 'UTC', 'HH:mm')).toBe('00:00');
  });

  it('falls back to UTC for an unknown server', () => {
    expect(formatServerDate('2026-05-05T10:00:00Z', 'nope')).toBe('05-05-2026 10:00:00');
  });

  it('rejects an invalid date or zone instead of printing garbage', () => {
    expect(() => formatZonedDate('not a date', 'UTC')).toThrow(RangeError);
    expect(() => formatZonedDate('2026-05-05T10:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('numbers (spec §9)', () => {
  it('groups thousands with commas', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});

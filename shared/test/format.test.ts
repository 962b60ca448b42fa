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

  it('rounds to an integer', () => {
    expect(formatNumber(1234.5)).toBe('1,235');
    expect(formatNumber(-9876.4)).toBe('-9,876');
  });

  // Building the first Intl.NumberFormat of a page loads the platform's number-format data: in a
  // Chrome trace of /royal it was about a third of the start-up task (docs/PERFORMANCE.md
  // "Start-up compile and Intl"). Pages that never format a number do not pay for it.
  it('builds no Intl.NumberFormat until a number is formatted', async () => {
    const spy = jest.spyOn(Intl, 'NumberFormat');
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../src/format');
      expect(spy).not.toHaveBeenCalled();
      expect(fresh.formatNumber(1000)).toBe('1,000');
      expect(fresh.formatNumber(2000)).toBe('2,000');
    });
    expect(spy).toHaveBeenCalledTimes(1); // one formatter, reused
    spy.mockRestore();
  });
});

import { formatNumber, formatServerDate, formatZonedDate, regionName, setFormatRecorder } from '../src/format';

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
  // Chrome trace of /royal it was about a third of the start-up task (docs/performance/history/2026-11-rounds.md
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

describe('region names (CLDR)', () => {
  it('names a country in the interface language', () => {
    expect(regionName('DE', 'de')).toBe('Deutschland');
    expect(regionName('DE', 'en')).toBe('Germany');
  });

  it('gives undefined for a code the platform does not know or that is not a region', () => {
    expect(regionName('XZ', 'en')).toBeUndefined();
    expect(regionName('not a code', 'en')).toBeUndefined();
  });
});

// The browser hydrates a server-rendered page with the texts the server formatted (page data
// `formatted`), so hydration loads no Intl data (docs/performance/history/2026-11-rounds.md "Start-up compile and Intl").
describe('texts formatted by the server', () => {
  afterEach(() => setFormatRecorder(() => undefined));

  it('records what a render formats, per render', () => {
    const first = new Map<string, string>();
    const second = new Map<string, string>();
    let current: Map<string, string> | undefined = first;
    setFormatRecorder(() => current);
    formatServerDate('2026-07-01T21:30:05Z', 'royal', 'HH:mm');
    formatNumber(1234);
    current = second;
    formatServerDate('2026-07-01T21:30:05Z', 'pl');
    current = undefined;
    formatNumber(99); // outside a render: recorded nowhere
    expect([...first.values()]).toEqual(['00:30', '1,234']);
    expect([...second.values()]).toEqual(['01-07-2026 23:30:05']);
  });

  it('hydrates with the seeded texts without building a formatter, and formats the rest as usual', async () => {
    const record = new Map<string, string>();
    setFormatRecorder(() => record);
    formatServerDate('2026-07-01T21:30:05Z', 'royal');
    formatNumber(4321);
    regionName('DE', 'de');
    regionName('XZ', 'de');
    const texts = Object.fromEntries(record);
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const regions = jest.spyOn(Intl, 'DisplayNames');
    await jest.isolateModulesAsync(async () => {
      const browser = await import('../src/format');
      browser.seedFormatted(texts);
      expect(browser.formatServerDate('2026-07-01T21:30:05Z', 'royal')).toBe('02-07-2026 00:30:05');
      expect(browser.formatNumber(4321)).toBe('4,321');
      expect(browser.regionName('DE', 'de')).toBe('Deutschland');
      expect(browser.regionName('XZ', 'de')).toBeUndefined();
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
      expect(regions).not.toHaveBeenCalled();
      expect(browser.formatServerDate('2026-07-01T21:30:05Z', 'pl')).toBe('01-07-2026 23:30:05'); // not seeded
      expect(dates).toHaveBeenCalledTimes(1);
    });
    dates.mockRestore();
    numbers.mockRestore();
    regions.mockRestore();
  });

  it('keeps the same key for the same instant however it is given', () => {
    const record = new Map<string, string>();
    setFormatRecorder(() => record);
    formatZonedDate('2026-03-09T06:07:08Z', 'UTC');
    formatZonedDate(Date.UTC(2026, 2, 9, 6, 7, 8), 'UTC');
    formatZonedDate(new Date('2026-03-09T06:07:08.000Z'), 'UTC');
    expect(record.size).toBe(1);
  });
});

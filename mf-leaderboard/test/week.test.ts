import { weekDays } from '../src/lib/week';

test('the week is Monday to Sunday in the server time zone, day-month-year (spec §9)', () => {
  // Royal (Europe/Istanbul, UTC+3): the week starts on Sunday 21:00 UTC, which a browser in
  // UTC or America would show as Sunday, and Tokyo as Monday 06:00.
  expect(weekDays({ start: '2026-11-22T21:00:00.000Z', end: '2026-11-29T21:00:00.000Z', time_zone: 'Europe/Istanbul' }, 'royal')).toEqual({
    start: '23-11-2026',
    end: '29-11-2026',
  });
  // Classic (Atlantic/Azores, UTC-1): Monday 00:00 local is 01:00 UTC.
  expect(weekDays({ start: '2026-11-16T01:00:00.000Z', end: '2026-11-23T01:00:00.000Z', time_zone: 'Atlantic/Azores' }, 'classic')).toEqual(
    {
      start: '16-11-2026',
      end: '22-11-2026',
    },
  );
});

test('a DST change inside the week does not move the last day (Warsaw, 23-hour Sunday)', () => {
  expect(weekDays({ start: '2026-03-22T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z', time_zone: 'Europe/Warsaw' }, 'pl')).toEqual({
    start: '23-03-2026',
    end: '29-03-2026',
  });
});

test("without the API's zone, the server's zone of spec §9 is used", () => {
  expect(weekDays({ start: '2026-11-22T21:00:00.000Z', end: '2026-11-29T21:00:00.000Z' }, 'royal')).toEqual({
    start: '23-11-2026',
    end: '29-11-2026',
  });
});

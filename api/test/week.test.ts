import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { previousWeekStart, weekOf } from '../src/lib/week.js';

describe('weekOf (leaderboard week in the server time zone)', () => {
  it('starts on Monday 00:00 local time in each server zone', () => {
    // Friday 2026-11-20 12:00 UTC.
    const now = new Date('2026-11-20T12:00:00Z');
    assert.deepEqual(
      { ...weekOf('Europe/Warsaw', now) },
      { startDate: '2026-11-16', start: new Date('2026-11-15T23:00:00Z'), end: new Date('2026-11-22T23:00:00Z') },
    );
    assert.equal(weekOf('Europe/Istanbul', now).start.toISOString(), '2026-11-15T21:00:00.000Z');
    assert.equal(weekOf('Atlantic/Azores', now).start.toISOString(), '2026-11-16T01:00:00.000Z');
    assert.equal(weekOf('Europe/London', now).start.toISOString(), '2026-11-16T00:00:00.000Z');
  });

  it('uses the local date: late Sunday UTC is already Monday in Istanbul', () => {
    const w = weekOf('Europe/Istanbul', new Date('2026-11-22T22:30:00Z'));
    assert.equal(w.startDate, '2026-11-23');
    assert.equal(weekOf('Atlantic/Azores', new Date('2026-11-22T22:30:00Z')).startDate, '2026-11-16');
  });

  it('handles a DST change inside the week (23-hour Sunday in Warsaw)', () => {
    const w = weekOf('Europe/Warsaw', new Date('2026-03-25T10:00:00Z'));
    assert.equal(w.startDate, '2026-03-23');
    assert.equal(w.start.toISOString(), '2026-03-22T23:00:00.000Z');
    assert.equal(w.end.toISOString(), '2026-03-29T22:00:00.000Z');
    // Exactly at the start of a week.
    assert.equal(weekOf('Europe/Warsaw', new Date('2026-03-29T22:00:00Z')).startDate, '2026-03-30');
    assert.equal(weekOf('Europe/Warsaw', new Date('2026-03-29T21:59:59Z')).startDate, '2026-03-23');
  });

  it('previousWeekStart steps back whole weeks', () => {
    assert.equal(previousWeekStart('2026-01-05'), '2025-12-29');
    assert.equal(previousWeekStart('2026-01-05', 3), '2025-12-15');
  });
});

import { commentLength, commentLock, commentProblem, isSingleChoice, pollLock } from '../src/lib/rules';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const open = { ended: false, finish_at: '2026-12-01T00:00:00Z', limit_ovr: 60, voted_options: null };

describe('pollLock: voting enabled only when logged in, ovr >= limit_ovr and not ended (spec §4)', () => {
  test.each([
    // [case, poll, user, expected]
    ['open poll, player at the limit', open, { ovr: 60 }, null],
    ['open poll, player above the limit', open, { ovr: 99 }, null],
    ['open poll, player one below the limit', open, { ovr: 59 }, 'ovr'],
    ['open poll, visitor', open, null, 'login'],
    ['open poll, already voted', { ...open, voted_options: [3] }, { ovr: 80 }, 'voted'],
    ['ended flag from the API', { ...open, ended: true }, { ovr: 80 }, 'closed'],
    ['finish_at passed since the page loaded', { ...open, finish_at: '2026-11-20T11:59:59Z' }, { ovr: 80 }, 'closed'],
    ['finish_at exactly now', { ...open, finish_at: '2026-11-20T12:00:00Z' }, { ovr: 80 }, 'closed'],
    ['ended poll, visitor: closed wins', { ...open, ended: true }, null, 'closed'],
    ['ended poll, low ovr: closed wins', { ...open, ended: true }, { ovr: 10 }, 'closed'],
    ['visitor on a poll without limit', { ...open, limit_ovr: 0 }, null, 'login'],
    ['no limit, any player', { ...open, limit_ovr: 0 }, { ovr: 1 }, null],
    ['voted and low ovr: voted wins', { ...open, voted_options: [1] }, { ovr: 10 }, 'voted'],
    ['empty voted list counts as not voted', { ...open, voted_options: [] }, { ovr: 60 }, null],
  ] as const)('%s', (_name, poll, user, expected) => {
    expect(pollLock(poll, user, NOW)).toBe(expected);
  });
});

test('single gives radio buttons, anything else checkboxes (spec §3)', () => {
  expect(isSingleChoice('single')).toBe(true);
  expect(isSingleChoice('multiple')).toBe(false);
  expect(isSingleChoice('anything')).toBe(false);
});

describe('commentLock: only logged-in players with OVR higher than the threshold (spec §5, §6)', () => {
  test.each([
    ['visitor', null, 'login'],
    ['OVR equal to the threshold', { ovr: 45 }, 'ovr'],
    ['OVR below', { ovr: 12 }, 'ovr'],
    ['OVR one above', { ovr: 46 }, null],
  ] as const)('%s', (_name, user, expected) => {
    expect(commentLock(user, { min_ovr: 45 })).toBe(expected);
  });
});

describe('commentProblem: minimum and maximum length after trimming', () => {
  const rules = { min_length: 10, max_length: 20 };
  test.each([
    ['empty', '', 'tooShort'],
    ['9 characters', '123456789', 'tooShort'],
    ['padded to look long', '     short      ', 'tooShort'],
    ['exactly the minimum', '1234567890', null],
    ['emoji count as one character each', '⚽⚽⚽⚽⚽⚽⚽⚽⚽⚽', null],
    ['exactly the maximum', 'x'.repeat(20), null],
    ['one over the maximum', 'x'.repeat(21), 'tooLong'],
  ] as const)('%s', (_name, text, expected) => {
    expect(commentProblem(text, rules)).toBe(expected);
  });
  test('length counts code points of the trimmed text', () => {
    expect(commentLength('  😀 ok  ')).toBe(4);
  });
});

/** Number counter of spec §9: 3 s by default (minimum 1 s), comma thousands, finished event 1 s after the end. */
import { act, render, screen } from '@testing-library/react';
import { NumberCounter, formatCounter } from '../src/ui/NumberCounter';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
/** react-countup is loaded on the first animation (a lazy chunk): let it arrive. */
const countUpLoaded = () => act(async () => void (await import('react-countup')));

test('until react-countup has loaded, the start value shows', () => {
  render(<NumberCounter value={1234567} className="n" />);
  expect(document.querySelector('.n')).toHaveTextContent(/^0$/);
});

test('counts up to the value in 3 s with a comma separator; "finished" fires 1 s after the end', async () => {
  const finished = jest.fn();
  render(<NumberCounter value={1234567} onFinished={finished} className="n" />);
  await countUpLoaded();
  advance(1500);
  const mid = Number(document.querySelector('.n')!.textContent!.replace(/,/g, ''));
  expect(mid).toBeGreaterThan(0);
  expect(mid).toBeLessThan(1234567);
  advance(1600);
  expect(document.querySelector('.n')).toHaveTextContent('1,234,567');
  expect(finished).not.toHaveBeenCalled();
  advance(900);
  expect(finished).not.toHaveBeenCalled();
  advance(200);
  expect(finished).toHaveBeenCalledTimes(1);
});

test('a duration below the minimum runs for 1 s', async () => {
  render(<NumberCounter value={5000} durationS={0.1} className="n" />);
  await countUpLoaded();
  advance(500);
  expect(screen.getByText(/\d/).textContent).not.toBe('5,000');
  advance(600);
  expect(document.querySelector('.n')).toHaveTextContent('5,000');
});

test('without animateFromZero the value is text at once (server-renderable), and a change counts from it', async () => {
  const { rerender } = render(<NumberCounter value={1234567} animateFromZero={false} className="n" />);
  expect(document.querySelector('.n')).toHaveTextContent('1,234,567');
  rerender(<NumberCounter value={1234667} animateFromZero={false} className="n" />);
  await countUpLoaded();
  advance(1500);
  const mid = Number(document.querySelector('.n')!.textContent!.replace(/,/g, ''));
  expect(mid).toBeGreaterThanOrEqual(1234567);
  expect(mid).toBeLessThan(1234667);
  advance(1600);
  expect(document.querySelector('.n')).toHaveTextContent('1,234,667');
});

test('formatCounter uses the spec §9 separators whatever the locale', () => {
  expect(formatCounter(1234567)).toBe('1,234,567');
  expect(formatCounter(1234.5, 2)).toBe('1,234.50');
  expect(formatCounter(-999)).toBe('-999');
  expect(formatCounter(0)).toBe('0');
});

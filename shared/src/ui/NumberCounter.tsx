import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { COUNTER } from '../config';

/**
 * react-countup loads when a number first animates: a server-rendered page shows its
 * numbers as text, so the first paint does not need it. Until it is there the start value shows.
 */
const CountUp = lazy(() => import('react-countup'));

export interface NumberCounterProps {
  /** Target value. */
  value: number;
  /** Animation duration in seconds (spec §9: default 3, minimum 1). */
  durationS?: number;
  /** Decimals shown (default 0). */
  decimals?: number;
  /**
   * Count up from 0 when mounted (default true). False shows `value` at once, as text the server
   * can render (a server-rendered page shows its numbers without a flash); later changes of
   * `value` still count from the previous value.
   */
  animateFromZero?: boolean;
  /** Called 1 s after the animation ends (spec §9 "finished" event). */
  onFinished?: () => void;
  className?: string;
}

/**
 * A number formatted as the counter shows it (spec §9): comma thousands separator, dot decimal.
 * Locale-independent, so the server and the browser render the same text.
 */
export function formatCounter(value: number, decimals: number = COUNTER.decimals): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, COUNTER.separator);
  return `${value < 0 ? '-' : ''}${grouped}${frac ? COUNTER.decimal + frac : ''}`;
}

/**
 * Animated number (spec §9 number counter) over react-countup: comma thousands separator, dot
 * decimal, 0 decimals by default; counts from 0 on mount (unless `animateFromZero` is false),
 * from the previous value on change.
 */
export function NumberCounter({
  value,
  durationS = COUNTER.durationS,
  decimals = COUNTER.decimals,
  animateFromZero = true,
  onFinished,
  className,
}: NumberCounterProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // null: show the value as static text (until it changes)
  const [from, setFrom] = useState<number | null>(animateFromZero ? 0 : null);
  const shown = useRef(value);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (from === null && shown.current !== value) setFrom(shown.current);
    shown.current = value;
  }, [value, from]);
  if (from === null) return <span className={className}>{formatCounter(value, decimals)}</span>;
  return (
    <Suspense fallback={<span className={className}>{formatCounter(from, decimals)}</span>}>
      <CountUp
        start={from}
        end={value}
        duration={Math.max(COUNTER.minDurationS, durationS)}
        separator={COUNTER.separator}
        decimal={COUNTER.decimal}
        decimals={decimals}
        preserveValue
        className={className}
        onEnd={() => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onFinished?.(), COUNTER.finishedDelayMs);
        }}
      />
    </Suspense>
  );
}

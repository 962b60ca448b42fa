import { useEffect, useRef } from 'react';
import CountUp from 'react-countup';
import { COUNTER } from '../config';

export interface NumberCounterProps {
  /** Target value. */
  value: number;
  /** Animation duration in seconds (spec §9: default 3, minimum 1). */
  durationS?: number;
  /** Decimals shown (default 0). */
  decimals?: number;
  /** Called 1 s after the animation ends (spec §9 "finished" event). */
  onFinished?: () => void;
  className?: string;
}

/**
 * Animated number (spec §9 number counter) over react-countup: comma thousands separator, dot
 * decimal, 0 decimals by default; counts from 0 on mount, from the previous value on change.
 */
export function NumberCounter({ value, durationS = COUNTER.durationS, decimals = COUNTER.decimals, onFinished, className }: NumberCounterProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <CountUp
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
  );
}

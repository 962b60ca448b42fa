import { useEffect, useState, type ReactNode } from 'react';
import { PROGRESS_RING } from '../config';

export interface ProgressRingProps {
  /** Value shown; clamped to `min..max`. Negative values fill counter-clockwise. */
  value: number;
  /** Lower end of the range (spec §9 default -100). */
  min?: number;
  /** Upper end of the range (spec §9 default 100). */
  max?: number;
  /** Outer size in px (spec §9 default 200; poll rings use 40). */
  size?: number;
  /** Ring thickness in px (default a tenth of `size`, at least 3). */
  strokeWidth?: number;
  /** Fill animation in ms (spec §9 default 1000). */
  animationMs?: number;
  /** Delay before the animation starts, in ms (spec §9 default 400). */
  delayMs?: number;
  /** Accessible name of the progress bar, e.g. "4-4-2: 34%". */
  label?: string;
  /** Content centred in the ring (e.g. the percentage). */
  children?: ReactNode;
  className?: string;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Circular progress (spec §9 progress ring) as a small SVG: range -100..100 by default, size 200,
 * filling from 0 to `value` in 1000 ms after a 400 ms delay on mount, and animating again on each
 * change (instantly when the user prefers reduced motion). Positive values use the accent colour
 * clockwise, negative ones the danger colour counter-clockwise. Exposes `role="progressbar"` with
 * `aria-valuenow`/`min`/`max`; `data-value` carries the clamped value.
 */
export function ProgressRing({
  value,
  min = PROGRESS_RING.min,
  max = PROGRESS_RING.max,
  size = PROGRESS_RING.size,
  strokeWidth,
  animationMs = PROGRESS_RING.animationMs,
  delayMs = PROGRESS_RING.delayMs,
  label,
  children,
  className,
}: ProgressRingProps) {
  const clamped = Math.min(max, Math.max(min, Number.isFinite(value) ? value : 0));
  const reduced = prefersReducedMotion();
  // Starts at 0 on the server and in the browser alike (hydration matches); the effect fills it.
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (reduced) {
      setShown(clamped);
      return;
    }
    // Two frames: the first paint shows the previous value, so the transition runs.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setShown(clamped));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [clamped, reduced]);

  const stroke = strokeWidth ?? Math.max(3, Math.round(size / 10));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const span = shown >= 0 ? Math.max(max, 1e-9) : Math.max(-min, 1e-9);
  const fraction = Math.min(1, Math.abs(shown) / span);
  const negative = shown < 0;

  return (
    <span
      className={['ui-ring', className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-label={label}
      data-value={clamped}
      style={{ position: 'relative', display: 'inline-grid', placeItems: 'center', width: size, height: size, flex: 'none' }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" stroke="var(--c-border, #26395e)" strokeWidth={stroke} />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={negative ? 'var(--c-danger, #ff5a6a)' : 'var(--c-accent, #2fd07a)'}
          strokeWidth={stroke}
          strokeLinecap={fraction > 0 ? 'round' : 'butt'}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - fraction)}
          transform={
            negative ? `translate(${size} 0) scale(-1 1) rotate(-90 ${size / 2} ${size / 2})` : `rotate(-90 ${size / 2} ${size / 2})`
          }
          style={{ transition: reduced ? 'none' : `stroke-dashoffset ${animationMs}ms ease-out ${delayMs}ms` }}
        />
      </svg>
      {children !== undefined ? <span style={{ position: 'relative', lineHeight: 1 }}>{children}</span> : null}
    </span>
  );
}

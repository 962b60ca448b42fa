import type { SVGProps } from 'react';

export interface LineIconProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height' | 'viewBox'> {
  /** Width and height in CSS pixels; the drawing is 24×24 units. */
  size: number;
}

/**
 * A decorative line icon: `children` (paths on a 24×24 grid) stroked in the current text colour,
 * rounded joins, no fill, hidden from assistive technology. Other SVG attributes (`strokeWidth`,
 * `strokeLinecap`, …) pass through.
 */
export function LineIcon({ size, children, ...svg }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeLinejoin="round"
      aria-hidden="true"
      {...svg}
    >
      {children}
    </svg>
  );
}

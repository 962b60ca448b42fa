/** Inline SVG icons of the auth screens (no emoji: they differ between systems). */
import type { SVGProps } from 'react';

const base = (p: SVGProps<SVGSVGElement>): SVGProps<SVGSVGElement> => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...p,
});

/**
 * A 24×24 stroke icon, 20 px by default; props override the defaults.
 * @param paths the icon's outlines as SVG path data, one `<path>` each (circles and rounded boxes written as arcs)
 */
function strokeIcon(...paths: string[]) {
  return function StrokeIcon(p: SVGProps<SVGSVGElement>) {
    return (
      <svg {...base(p)}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const EyeIcon = strokeIcon('M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z', 'M9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0');
export const EyeOffIcon = strokeIcon(
  'M10.7 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.6 3.5M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18',
);
export const MailIcon = strokeIcon('M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2Z', 'm3 7 9 6 9-6');
export const ShieldIcon = strokeIcon('M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6l-8-3Z', 'm9 12 2 2 4-4');
export const CheckCircleIcon = strokeIcon('M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'm8 12 3 3 5-6');
export const AlertIcon = strokeIcon('M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M12 7v6M12 16.5v.5');
export const KeyIcon = strokeIcon('M4 15a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', 'm10.8 12.2 8.2-8.2M16 7l3 3M14 9l2 2');
export const ArrowLeftIcon = strokeIcon('M19 12H5M11 6l-6 6 6 6');
export const BallIcon = strokeIcon(
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'm12 7 4 3-1.5 4.5h-5L8 10l4-3ZM12 3v4M21 10.5l-5 -.5M17.5 19.5l-3-5M6.5 19.5l3-5M3 10.5l5-.5',
);
export const TrophyIcon = strokeIcon('M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6');
export const UsersIcon = strokeIcon(
  'M5.5 8a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0',
  'M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5',
);
export const TrendIcon = strokeIcon('m3 17 6-6 4 4 8-8M15 7h6v6');
export const DevicesIcon = strokeIcon(
  'M3.5 4h11a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1 -1.5 1.5h-11a1.5 1.5 0 0 1 -1.5 -1.5v-7a1.5 1.5 0 0 1 1.5 -1.5Z',
  'M6 18h6M9 14v4',
  'M18.2 8h2.6a1.2 1.2 0 0 1 1.2 1.2v9.6a1.2 1.2 0 0 1 -1.2 1.2h-2.6a1.2 1.2 0 0 1 -1.2 -1.2v-9.6a1.2 1.2 0 0 1 1.2 -1.2Z',
);

/** Google "G" in the brand colours. */
export const GoogleIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg width={20} height={20} viewBox="0 0 48 48" aria-hidden focusable={false} {...p}>
    <path
      fill="#FFC107"
      d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9Z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
    />
    <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9Z" />
  </svg>
);

/** Facebook "f" in the brand colour. */
export const FacebookIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden focusable={false} {...p}>
    <circle cx="12" cy="12" r="12" fill="#1877F2" />
    <path fill="#fff" d="M15.1 12.5h-2.2V20h-3.1v-7.5H8.3V9.8h1.5V8.1c0-2.2 1-3.6 3.5-3.6h2v2.7h-1.3c-.9 0-1 .4-1 1v1.6h2.3l-.2 2.7Z" />
  </svg>
);

/** VK logo in the brand colour (the third provider of spec §7). */
export const VkIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden focusable={false} {...p}>
    <rect width="24" height="24" rx="6" fill="#0077FF" />
    <path
      fill="#fff"
      d="M12.8 17c-5 0-7.9-3.4-8-9.1h2.5c.1 4.2 1.9 6 3.4 6.3V7.9h2.4v3.6c1.4-.2 3-1.8 3.5-3.6h2.3a6.9 6.9 0 0 1-3.2 4.5 7.2 7.2 0 0 1 3.7 4.6h-2.6a4.5 4.5 0 0 0-3.7-3.3V17h-.3Z"
    />
  </svg>
);

/** Inline SVG icons of the home page (no emoji: they do not render on every system). 24×24, currentColor. */
import type { ReactElement } from 'react';
import { LineIcon } from '@landing/shared';

const paths: Record<string, ReactElement> = {
  train: <path d="M13 4a2 2 0 1 0 0 .01M7 21l3-6 3 2v4M10 15l1-5 4 3 3-1M8 10l3-1" />,
  matches: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7 4 3-1.5 4.5h-5L8 10zM12 3v4M21 10l-5 0M3 10l5 0M16.5 19l-2-4.5M7.5 19l2-4.5" />
    </>
  ),
  clubs: <path d="M12 3 20 6v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4" />,
  stadium: (
    <>
      <ellipse cx="12" cy="9" rx="9" ry="4" />
      <path d="M3 9v6c0 2.2 4 4 9 4s9-1.8 9-4V9M8 12.5V17M16 12.5V17M12 13v5" />
    </>
  ),
  market: <path d="M4 8h13l-3-3M20 16H7l3 3" />,
  packs: (
    <>
      <rect x="4" y="9" width="16" height="11" rx="1.5" />
      <path d="M3 9h18V6H3zM12 6v14M12 6C10 2 7 3 8 6M12 6c2-4 5-3 4 0" />
    </>
  ),
  bets: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.5" />
    </>
  ),
  chat: <path d="M4 5h16v10H9l-5 4zM8 9h8M8 12h5" />,
  player: <path d="M5 16c2 0 4-1 5-3l1-5 5 3v4l3 2v2H5zM11 8l1-4" />,
  manager: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V2h6v2M9 10h6M9 14h6M9 18h3" />
    </>
  ),
};

/** Renders the named icon (`train`, `matches`, `clubs`, `stadium`, `market`, `packs`, `bets`, `chat`, `player`, `manager`). */
export function Icon({ name, size = 26 }: { name: keyof typeof paths | string; size?: number }) {
  return (
    <LineIcon size={size} strokeWidth="1.8" strokeLinecap="round">
      {paths[name]}
    </LineIcon>
  );
}

import { useId } from 'react';

/** Brand name of the word mark (not translated). */
export const BRAND = 'Football Team';

/**
 * The game's logo: a football crest with the word mark. Hidden from assistive technology; the link
 * or button around it is named "{@link BRAND} – <its action>", so its visible words are part of
 * its name (WCAG 2.5.3 label in name). The header and the footer both show it: its gradient's id
 * comes from `useId`, so each copy has its own (an id is unique in a document).
 */
export function Logo() {
  const gradient = useId();
  return (
    <span className="logo" aria-hidden="true">
      <svg width="38" height="38" viewBox="0 0 64 64" role="presentation">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#2fd07a" />
            <stop offset="1" stopColor="#1a8f52" />
          </linearGradient>
        </defs>
        <path d="M32 3 58 13v18c0 15-11 25-26 30C17 56 6 46 6 31V13z" fill={`url(#${gradient})`} />
        <circle cx="32" cy="31" r="14" fill="#fff" />
        <path
          d="m32 22 7 5-2.7 8.3h-8.6L25 27zM32 17v5M44 27l-5 0M20 27l5 0M37 41l-1-5.7M27 41l1-5.7"
          stroke="#0b1220"
          strokeWidth="2"
          fill="none"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__word">
        Football <strong>Team</strong>
      </span>
    </span>
  );
}

/**
 * Flags of the tournament teams, from `country-flag-icons` (3:2 SVG files; emoji flags do not
 * render everywhere), as CSS background images (./flags.css): the images are files the browser
 * fetches once and caches, none of them is in the JavaScript. Only the regions of the tournaments'
 * teams (the API's `team.region`, api/src/domains/bets/seed.ts) have one; a team whose region is
 * not listed shows its code on a neutral badge instead. Decorative: the team name is always
 * written next to it.
 */
import './flags.css';

/** Regions with a flag image in ./flags.css: ISO 3166-1 alpha-2 or subdivision code (`GB-ENG`). */
// prettier-ignore
const FLAG_REGIONS: ReadonlySet<string> = new Set([
  'AL', 'AR', 'AT', 'AU', 'BE', 'BR', 'CA', 'CH', 'CO', 'CZ', 'DE', 'DK', 'EC', 'EG', 'ES', 'FR', 'GB-ENG',
  'GB-SCT', 'GE', 'GH', 'HR', 'HU', 'IR', 'IT', 'JP', 'KR', 'MA', 'MX', 'NG', 'NL', 'PL', 'PT', 'RO', 'RS',
  'SI', 'SK', 'SN', 'TN', 'TR', 'UA', 'US', 'UY',
]);

export interface FlagProps {
  /** ISO 3166-1 alpha-2 or subdivision (`GB-ENG`), as the API gives `team.region`. */
  region: string;
  /** Team code shown on the fallback badge (e.g. `GER`). */
  code: string;
  /** Width in px (height is two thirds). Default 36. */
  width?: number;
}

/**
 * A team's flag (decorative, `aria-hidden`): the region's image from ./flags.css as the background
 * of a `width` × two-thirds box (px), or a badge with `code` for a region without one.
 */
export function Flag({ region, code, width = 36 }: FlagProps) {
  const height = Math.round((width * 2) / 3);
  if (!FLAG_REGIONS.has(region)) {
    return (
      <span className="bt-flag bt-flag--badge" style={{ width, height }} aria-hidden="true">
        {code}
      </span>
    );
  }
  return <span className={`bt-flag bt-flag--img bt-flag--${region}`} style={{ width, height }} aria-hidden="true" data-region={region} />;
}

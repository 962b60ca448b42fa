/**
 * Flags of the tournament teams, from `country-flag-icons` (3:2 SVG React components; emoji flags
 * do not render everywhere). Only the regions of the tournaments' teams (the API's `team.region`,
 * api/src/domains/bets/seed.ts) are imported, so the bundle carries these flags and no others; a
 * team whose region is not listed shows its code on a neutral badge instead. Decorative: the team
 * name is always written next to it.
 */
import type { ComponentType, SVGAttributes } from 'react';
// prettier-ignore
import {
  AL, AR, AT, AU, BE, BR, CA, CH, CO, CZ, DE, DK, EC, EG, ES, FR, GB_ENG, GB_SCT, GE, GH, HR,
  HU, IR, IT, JP, KR, MA, MX, NG, NL, PL, PT, RO, RS, SI, SK, SN, TN, TR, UA, US, UY,
} from 'country-flag-icons/react/3x2';

/** Flags by ISO 3166-1 alpha-2 or subdivision code (`GB-ENG`). */
// prettier-ignore
const FLAGS: Record<string, ComponentType<SVGAttributes<SVGElement>>> = {
  AL, AR, AT, AU, BE, BR, CA, CH, CO, CZ, DE, DK, EC, EG, ES, FR, 'GB-ENG': GB_ENG, 'GB-SCT': GB_SCT,
  GE, GH, HR, HU, IR, IT, JP, KR, MA, MX, NG, NL, PL, PT, RO, RS, SI, SK, SN, TN, TR, UA, US, UY,
};

export interface FlagProps {
  /** ISO 3166-1 alpha-2 or subdivision (`GB-ENG`), as the API gives `team.region`. */
  region: string;
  /** Team code shown on the fallback badge (e.g. `GER`). */
  code: string;
  /** Width in px (height is two thirds). Default 36. */
  width?: number;
}

/** A team's flag (decorative, `aria-hidden`): an inline SVG, or a badge with `code` for a region without one. */
export function Flag({ region, code, width = 36 }: FlagProps) {
  const Svg = FLAGS[region];
  const height = Math.round((width * 2) / 3);
  if (!Svg) {
    return (
      <span className="bt-flag bt-flag--badge" style={{ width, height }} aria-hidden="true">
        {code}
      </span>
    );
  }
  return <Svg className="bt-flag" width={width} height={height} aria-hidden="true" focusable="false" data-region={region} />;
}

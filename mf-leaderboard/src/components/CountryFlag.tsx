/**
 * A player's country in a leaderboard row (spec §3 `country`, ISO 3166-1 alpha-2): its flag from
 * `country-flag-icons` (3:2 SVG React components) with the country's name in the interface
 * language as the text alternative. Only the countries the API's players come from
 * (`COUNTRY_WEIGHTS` of api/src/domains/leaderboard/names.ts) are imported, so the bundle
 * carries these flags and no others; any other country shows its ISO code, named for screen
 * readers the same way.
 */
import type { ComponentType, SVGAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../lib/country-name';
// prettier-ignore
import {
  AM, AR, AT, AU, AZ, BE, BG, BR, BY, CA, CH, CI, CL, CO, CY, CZ, DE, DZ, EG, ES, FR, GB, GE, GH,
  GR, HU, IE, IN, IT, LT, MA, ML, MX, NG, NL, PL, PT, RO, RU, SK, SN, TN, TR, UA, US,
} from 'country-flag-icons/react/3x2';

// prettier-ignore
const FLAGS: Record<string, ComponentType<SVGAttributes<SVGElement>>> = {
  AM, AR, AT, AU, AZ, BE, BG, BR, BY, CA, CH, CI, CL, CO, CY, CZ, DE, DZ, EG, ES, FR, GB, GE, GH,
  GR, HU, IE, IN, IT, LT, MA, ML, MX, NG, NL, PL, PT, RO, RU, SK, SN, TN, TR, UA, US,
};

/** The flag (or ISO code) of `country`, named for screen readers; `—` when the code is not alpha-2. */
export function CountryFlag({ country }: { country: string }) {
  const { i18n } = useTranslation('leaderboard');
  if (!/^[A-Za-z]{2}$/.test(country)) {
    return (
      <span className="lb__flag" aria-hidden="true">
        —
      </span>
    );
  }
  const code = country.toUpperCase();
  const name = countryName(code, i18n.language);
  const Svg = FLAGS[code];
  return Svg ? (
    <Svg className="lb__flag lb__flag--svg" role="img" aria-label={name} width={24} height={16} data-country={code} />
  ) : (
    <span className="lb__flag" role="img" aria-label={name}>
      {code}
    </span>
  );
}

/**
 * A player's country in a leaderboard row (spec §3 `country`, ISO 3166-1 alpha-2): its flag from
 * `country-flag-icons` (3:2 SVG files, as CSS background images in ./flags.css: fetched once and
 * cached, none of them in the JavaScript) with the country's name in the interface language (CLDR,
 * `regionName` of `@landing/shared`) as the text alternative. The countries the API's players come from (`COUNTRY_WEIGHTS` of
 * api/src/domains/leaderboard/seed-names.ts) have one; any other country shows its ISO code, named for
 * screen readers the same way.
 */
import { useTranslation } from 'react-i18next';
import { regionName } from '@landing/shared';
import './flags.css';

/** Countries with a flag image in ./flags.css (ISO 3166-1 alpha-2). */
// prettier-ignore
const FLAG_COUNTRIES: ReadonlySet<string> = new Set([
  'AM', 'AR', 'AT', 'AU', 'AZ', 'BE', 'BG', 'BR', 'BY', 'CA', 'CH', 'CI', 'CL', 'CO', 'CY', 'CZ', 'DE', 'DZ',
  'EG', 'ES', 'FR', 'GB', 'GE', 'GH', 'GR', 'HU', 'IE', 'IN', 'IT', 'LT', 'MA', 'ML', 'MX', 'NG', 'NL', 'PL',
  'PT', 'RO', 'RU', 'SK', 'SN', 'TN', 'TR', 'UA', 'US',
]);

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
  const name = regionName(code, i18n.language) ?? code;
  return FLAG_COUNTRIES.has(code) ? (
    <span className={`lb__flag lb__flag--svg lb__flag--img lb__flag--${code}`} role="img" aria-label={name} data-country={code} />
  ) : (
    <span className="lb__flag" role="img" aria-label={name}>
      {code}
    </span>
  );
}

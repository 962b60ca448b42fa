/**
 * A player's country in a leaderboard row (spec §3 `country`, ISO 3166-1 alpha-2): the kit's
 * {@link Flag} with the country's name in the interface language (CLDR, `regionName` of
 * `@landing/shared`) as its text alternative. A country without a flag image shows its ISO code,
 * named for screen readers the same way; a code that is not alpha-2 shows a decorative `—`.
 */
import { useTranslation } from 'react-i18next';
import { regionName } from '@landing/shared';
import { Flag } from '@landing/shared/flags';

/** The flag (or ISO code) of `country`, named for screen readers; `—` when the code is not alpha-2. */
export function CountryFlag({ country }: { country: string }) {
  const { i18n } = useTranslation('leaderboard');
  if (!/^[A-Za-z]{2}$/.test(country)) return <Flag code="" fallback="—" block="lb__flag" />;
  const code = country.toUpperCase();
  return <Flag code={code} fallback={code} block="lb__flag" label={regionName(code, i18n.language) ?? code} />;
}

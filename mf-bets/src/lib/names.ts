/**
 * Display names of teams, stages and tournaments in the interface language. Countries come from
 * CLDR (`regionName` of `@landing/shared`) so the nine locales need no list of 200 names; the home
 * nations of the UK (no ISO country code) and the tournaments are translated in `locales/*.json`.
 */
import type { TFunction } from 'i18next';
import { regionName } from '@landing/shared';
import type { Score, StageBlock, Team } from '@landing/domain/schemas/bets';

/**
 * A team's name in the language `iso` (i18next language, e.g. `pt` for the `br` locale).
 * Order: a translation in `bets:teams.<region>`, the CLDR country name, the API's English name.
 */
export function teamName(team: Team, iso: string, t: TFunction): string {
  const key = `teams.${team.region}`;
  const translated = t(key, { defaultValue: '' });
  if (translated) return translated;
  return (/^[A-Z]{2}$/.test(team.region) ? regionName(team.region, iso) : undefined) ?? team.name;
}

/** Heading of a block: `Group A` or the knockout stage (`Round of 16`, `Final`, …). */
export function stageLabel(block: Pick<StageBlock, 'stage' | 'group'>, t: TFunction): string {
  return block.stage === 'group' ? t('stage.group', { group: block.group ?? '' }) : t(`stage.${block.stage}`);
}

/** A tournament's name: translated by code when known, else the API's name. */
export function tournamentName(code: string, fallback: string, t: TFunction): string {
  return t(`tournament.${code}`, { defaultValue: fallback });
}

/** A score as text, `2–1` (en dash). */
export function scoreText(score: Score): string {
  return `${score.home}\u2013${score.away}`;
}

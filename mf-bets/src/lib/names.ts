/**
 * Display names of teams, stages and tournaments in the interface language. Countries come from
 * the browser's CLDR data (`Intl.DisplayNames`) so the nine locales need no list of 200 names;
 * the home nations of the UK (no ISO country code) and the tournaments are translated in
 * `locales/*.json`.
 */
import type { TFunction } from 'i18next';
import type { Score, StageBlock, Team } from '@landing/domain/schemas/bets';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(iso: string): Intl.DisplayNames | null {
  if (!displayNames.has(iso)) {
    try {
      displayNames.set(iso, new Intl.DisplayNames([iso, 'en'], { type: 'region' }));
    } catch {
      displayNames.set(iso, null);
    }
  }
  return displayNames.get(iso) ?? null;
}

/**
 * A team's name in the language `iso` (i18next language, e.g. `pt` for the `br` locale).
 * Order: a translation in `bets:teams.<region>`, the CLDR country name, the API's English name.
 */
export function teamName(team: Team, iso: string, t: TFunction): string {
  const key = `teams.${team.region}`;
  const translated = t(key, { defaultValue: '' });
  if (translated) return translated;
  if (/^[A-Z]{2}$/.test(team.region)) {
    const name = regionNames(iso)?.of(team.region);
    if (name && name !== team.region) return name;
  }
  return team.name;
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

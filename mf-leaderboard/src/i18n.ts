/** Translations of the `leaderboard` namespace for the nine locales (spec §1). */
import type { LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown (docs/ARCHITECTURE.md, i18n). */
export const loaders: LocaleLoaders = {
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
  pl: () => import('./locales/pl.json'),
  br: () => import('./locales/br.json'),
  es: () => import('./locales/es.json'),
  it: () => import('./locales/it.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  tr: () => import('./locales/tr.json'),
};

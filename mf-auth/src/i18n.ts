/**
 * Translations of the `auth` namespace for the nine locales (spec §1), registered with the shared
 * i18n on import: every component that shows text imports this module once.
 */
import { registerTranslationLoaders, type LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown. */
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

registerTranslationLoaders('auth', loaders);

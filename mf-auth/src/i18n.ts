/**
 * Translations of the `auth` namespace for the nine locales (spec §1), registered with the shared
 * i18n on import: every component that shows text imports this module once.
 */
import { localeLoaders, registerTranslationLoaders, type LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown. */
export const loaders: LocaleLoaders = localeLoaders((code) => import(`./locales/${code}.json`));

registerTranslationLoaders('auth', loaders);

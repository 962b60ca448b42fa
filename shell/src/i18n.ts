/** Translations of the shell's `shell` namespace for the nine locales (spec §1). */
import { localeLoaders, type LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown. */
export const loaders: LocaleLoaders = localeLoaders((code) => import(`./locales/${code}.json`));

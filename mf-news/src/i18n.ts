/**
 * Translations of the `news` namespace for the nine locales (spec §1), and the texts of the news
 * API's error codes, merged into the shared `common:errors` so the shared client's toasts (spec §8)
 * show them translated.
 */
import { localeLoaders, registerTranslationLoaders, type LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown. */
const loaders: LocaleLoaders = localeLoaders((code) => import(`./locales/${code}.json`));

/** Registers `news` and the news API error codes (`common:errors.<CODE>`); idempotent. */
export function registerNewsTranslations(): void {
  registerTranslationLoaders('news', loaders, { also: (res) => [['common', { errors: res.apiErrors as Record<string, string> }]] });
}

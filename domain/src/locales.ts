/**
 * The nine interface languages (spec §1). No route prefix, no detection; the client sends the
 * chosen one as `X-Lang` and the API answers texts and mails in it.
 */

/** Product codes of the languages, in the switcher's order. */
export const LOCALE_CODES = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** Interface language: route-free product code, ISO code and native name. */
export interface Locale {
  code: LocaleCode;
  /** The code i18next and `Intl` run on (CLDR plural rules, dates). */
  iso: string;
  name: string;
}

/**
 * The nine locales. `br` is the product's code for Portuguese; i18next runs on the ISO code (`pt`)
 * so that CLDR plural rules are Portuguese ones, not Breton ones.
 */
export const LOCALES: readonly Locale[] = [
  { code: 'ru', iso: 'ru', name: 'Русский' },
  { code: 'pl', iso: 'pl', name: 'Polski' },
  { code: 'en', iso: 'en', name: 'English' },
  { code: 'br', iso: 'pt', name: 'Português' },
  { code: 'es', iso: 'es', name: 'Español' },
  { code: 'it', iso: 'it', name: 'Italiano' },
  { code: 'de', iso: 'de', name: 'Deutsch' },
  { code: 'fr', iso: 'fr', name: 'Français' },
  { code: 'tr', iso: 'tr', name: 'Türkçe' },
];

/** English: the default language, and the fallback of every text. */
export const DEFAULT_LOCALE: LocaleCode = 'en';

/** The locale of a product code or an ISO code; `undefined` when unknown. */
export function findLocale(codeOrIso: string | undefined | null): Locale | undefined {
  return LOCALES.find((l) => l.code === codeOrIso || l.iso === codeOrIso);
}

/** Type guard: is `value` one of the nine product codes? */
export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

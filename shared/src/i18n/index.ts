/**
 * The one i18next instance of the site (spec §1, design brief §4). English is the default, there
 * is no route prefix and no browser detection. Each package owns its namespaces and registers
 * them with {@link registerTranslations} when it loads; a language switch re-renders every mounted
 * app because react-i18next is a shared singleton bound to this instance.
 *
 * i18next runs on the ISO code of a locale (`br` → `pt`) so CLDR plural rules are right.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE_MAX_AGE_S, COOKIES, DEFAULT_LOCALE, LOCALES, findLocale, type LocaleCode } from '../config';
import { getCookie, setCookie } from '../cookies';
import { landingStore } from '../store';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import pl from '../locales/pl.json';
import br from '../locales/br.json';
import es from '../locales/es.json';
import it from '../locales/it.json';
import de from '../locales/de.json';
import fr from '../locales/fr.json';
import tr from '../locales/tr.json';

/** Translations of one namespace for all nine locales, keyed by product locale code. */
export type LocaleBundles = Record<LocaleCode, Record<string, unknown>>;

/** Translations of the shared `common` namespace (errors of spec §8, generic words). */
export const commonBundles: LocaleBundles = { en, ru, pl, br, es, it, de, fr, tr };

export const i18n: I18n = i18next.createInstance();

/** Product locale code read from the `i18n_redirected` cookie; `en` when absent or unknown. */
export function storedLocale(): LocaleCode {
  return findLocale(getCookie(COOKIES.language))?.code ?? DEFAULT_LOCALE;
}

/** ISO code i18next runs on for a product locale code (`br` → `pt`). */
export function isoOf(code: LocaleCode): string {
  return findLocale(code)?.iso ?? 'en';
}

/**
 * Initialises the shared instance synchronously (idempotent). Called by the shell at start and by
 * a remote running standalone.
 */
export function initI18n(code: LocaleCode = storedLocale()): I18n {
  if (!i18n.isInitialized && !i18n.isInitializing) {
    i18n.use(initReactI18next).init({
      lng: isoOf(code),
      fallbackLng: 'en',
      supportedLngs: LOCALES.map((l) => l.iso),
      ns: ['common'],
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    registerTranslations('common', commonBundles);
    landingStore.getState().setServerLangLocale(code);
  }
  return i18n;
}

/** Adds a namespace's translations for all nine locales (idempotent; later calls overwrite). */
export function registerTranslations(ns: string, bundles: LocaleBundles): void {
  initI18n();
  for (const locale of LOCALES) {
    const resources = bundles[locale.code];
    if (resources) i18n.addResourceBundle(locale.iso, ns, resources, true, true);
  }
}

/**
 * Switches the interface language (spec §1): stores the product code in `i18n_redirected` for
 * 365 days, updates `serverLangLocale` (so `X-Lang` follows) and re-renders every app.
 */
export async function changeLocale(code: LocaleCode): Promise<void> {
  setCookie(COOKIES.language, code, COOKIE_MAX_AGE_S.i18nRedirected);
  landingStore.getState().setServerLangLocale(code);
  await i18n.changeLanguage(isoOf(code));
  if (typeof document !== 'undefined') document.documentElement.lang = isoOf(code);
}

/** Product locale code of the language the interface currently shows. */
export function currentLocale(): LocaleCode {
  return findLocale(i18n.language)?.code ?? DEFAULT_LOCALE;
}

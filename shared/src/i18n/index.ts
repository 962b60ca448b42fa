/**
 * The one i18next instance of the site (spec §1). English is the default, there
 * is no route prefix and no browser detection. Each package owns its namespaces and registers
 * them with {@link registerTranslationLoaders} when it loads: one loader per locale (a JSON chunk),
 * so the browser fetches only the language it shows (eight of nine languages are no
 * part of the first load). A server-rendered page carries the translations it used (page data),
 * so nothing is fetched before hydration; a language switch loads every registered namespace of
 * the new language first, then re-renders every mounted app (react-i18next is a shared
 * singleton bound to this instance). On the server every language is loaded.
 *
 * i18next runs on the ISO code of a locale (`br` → `pt`) so CLDR plural rules are right.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE_MAX_AGE_S, COOKIES, DEFAULT_LOCALE, LOCALE_CODES, LOCALES, findLocale, type LocaleCode } from '../config';
import { getCookie, setCookie } from '../cookies';
import { landingStore } from '../store';

/** Translations of one namespace for all nine locales, keyed by product locale code. */
export type LocaleBundles = Record<LocaleCode, Record<string, unknown>>;

/** Loads one locale's resources of a namespace: a JSON module, e.g. `() => import('./locales/pl.json')`. */
export type LocaleLoader = () => Promise<{ default: Record<string, unknown> } | Record<string, unknown>>;
/** One loader per locale of a namespace (all nine: the missing-key test checks the files). */
export type LocaleLoaders = Record<LocaleCode, LocaleLoader>;

/** Options of {@link registerTranslationLoaders}. */
export interface TranslationOptions {
  /** More namespaces to fill from the same file, e.g. a remote's API error texts into `common`. */
  also?: (resources: Record<string, unknown>) => Array<[ns: string, resources: Record<string, unknown>]>;
}

/**
 * One loader per locale from one import function: `localeLoaders((code) => import(`./locales/${code}.json`))`.
 * The bundler makes each locale file its own chunk (a dynamic import with a template is a context
 * of every matching file), so a page still fetches only the language it shows.
 * @param load imports the resources of one locale (product code, e.g. `br`)
 */
export function localeLoaders(load: (code: LocaleCode) => ReturnType<LocaleLoader>): LocaleLoaders {
  return Object.fromEntries(LOCALE_CODES.map((code) => [code, () => load(code)])) as LocaleLoaders;
}

/** Translations of the shared `common` namespace (errors of spec §8, generic words). */
export const commonLoaders: LocaleLoaders = localeLoaders((code) => import(`../locales/${code}.json`));

const registered = new Map<string, { loaders: LocaleLoaders; options: TranslationOptions }>();
/** `ns|code` of the loads done or under way (each file is fetched once). */
const loads = new Map<string, Promise<void>>();
const pendingLoads = new Set<Promise<void>>();

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
    registerTranslationLoaders('common', commonLoaders);
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

function loadOne(ns: string, code: LocaleCode): Promise<void> {
  const key = `${ns}|${code}`;
  const entry = registered.get(ns);
  if (!entry) return Promise.resolve();
  let load = loads.get(key);
  if (!load) {
    load = entry.loaders[code]().then((mod) => {
      const resources = ('default' in mod ? mod.default : mod) as Record<string, unknown>;
      i18n.addResourceBundle(isoOf(code), ns, resources, true, true);
      for (const [other, extra] of entry.options.also?.(resources) ?? []) i18n.addResourceBundle(isoOf(code), other, extra, true, true);
    });
    load.catch(() => loads.delete(key)); // tried again on the next use
    loads.set(key, load);
    pendingLoads.add(load);
    const done = () => void pendingLoads.delete(load!);
    load.then(done, done);
  }
  return load;
}

/**
 * Registers a namespace's translations, one loader per locale (idempotent). The browser loads
 * the language it shows now unless the page brought it (see {@link addPageTranslations}); the
 * server loads all nine. Wait for {@link translationsReady} before rendering what uses them.
 * @param ns       namespace, e.g. `news`
 * @param loaders  one JSON loader per locale code
 * @param options  see {@link TranslationOptions}
 */
export function registerTranslationLoaders(ns: string, loaders: LocaleLoaders, options: TranslationOptions = {}): void {
  initI18n();
  if (registered.has(ns)) return;
  registered.set(ns, { loaders, options });
  if (typeof window === 'undefined') {
    for (const l of LOCALES) void loadOne(ns, l.code).catch(() => undefined);
    return;
  }
  void loadOne(ns, currentLocale()).catch(() => undefined); // nothing to fetch when it came with the page
}

/**
 * Loads every registered namespace of a locale (the ones not loaded yet).
 * @throws the loader's error when a file cannot be fetched (e.g. offline)
 */
export async function loadLocale(code: LocaleCode): Promise<void> {
  await Promise.all([...registered.keys()].map((ns) => loadOne(ns, code)));
}

/** Resolves when every translation load under way has settled (render remote code after it). */
export async function translationsReady(): Promise<void> {
  while (pendingLoads.size) await Promise.allSettled([...pendingLoads]);
}

/**
 * Translations a server-rendered page used, for its page data: namespace → resources of the
 * page's language. `used` lists the namespaces (react-i18next's `reportNamespaces`).
 */
export function pageTranslations(instance: I18n, code: LocaleCode, used: readonly string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const ns of new Set(['common', ...used])) {
    const bundle = instance.getResourceBundle(isoOf(code), ns) as Record<string, unknown> | undefined;
    if (bundle) out[ns] = bundle;
  }
  return out;
}

/** Adds the translations a server-rendered page brought (before the first render, no fetch). */
export function addPageTranslations(code: LocaleCode, bundles: Record<string, Record<string, unknown>>): void {
  for (const ns of Object.keys(bundles)) loads.set(`${ns}|${code}`, Promise.resolve()); // before any registration asks
  initI18n(code);
  for (const [ns, resources] of Object.entries(bundles)) i18n.addResourceBundle(isoOf(code), ns, resources, true, true);
}

/**
 * Switches the interface language (spec §1): stores the product code in `i18n_redirected` for
 * 365 days, updates `serverLangLocale` (so `X-Lang` follows) and re-renders every app.
 */
export async function changeLocale(code: LocaleCode): Promise<void> {
  await loadLocale(code); // every text of the new language first: no flash of keys
  setCookie(COOKIES.language, code, COOKIE_MAX_AGE_S.i18nRedirected);
  landingStore.getState().setServerLangLocale(code);
  await i18n.changeLanguage(isoOf(code));
  if (typeof document !== 'undefined') document.documentElement.lang = isoOf(code);
}

/** Product locale code of the language the interface currently shows. */
export function currentLocale(): LocaleCode {
  return findLocale(i18n.language)?.code ?? DEFAULT_LOCALE;
}

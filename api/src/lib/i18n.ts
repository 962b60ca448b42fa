/**
 * Texts the API sends to people (spec §1 nine languages, §8 messages): the auth messages, the
 * e-mails and the other notifications, kept as locale files `src/locales/<code>.json` like the
 * front end's, so the same missing-key / plural / variable test covers them
 * (shared/test/locales.test.ts scans every package's `src/locales`, and api/test/locales.test.ts).
 *
 * One i18next instance for the whole process, initialised synchronously at import with every
 * language (≈80 KB of JSON). Namespaces are the top-level keys of each file (`auth`, `mail`,
 * `news`). i18next runs on the ISO code of a locale (`br` → `pt`), so CLDR plural rules are the
 * right ones; `{{name}}` placeholders are filled without HTML escaping (the mail renderer
 * escapes what goes into HTML).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '@landing/domain';
import i18next, { type TOptions } from 'i18next';
import { CODE_DIR } from '../config.js';
import type en from '../locales/en.json';

/** Shape of a locale file (the English one is the reference). */
export type ServerTexts = typeof en;
/** A namespace of the locale files. */
export type TextNamespace = keyof ServerTexts;

/** Folder of the locale files (`src/locales`; the build copies them to `dist/locales`). */
export const LOCALES_DIR = join(CODE_DIR, 'locales');

/** Reads the locale file of `code` (throws when it is missing or not JSON). */
export function readLocaleFile(code: LocaleCode): ServerTexts {
  return JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), 'utf8')) as ServerTexts;
}

const ISO: Record<LocaleCode, string> = Object.fromEntries(LOCALES.map((l) => [l.code, l.iso])) as Record<LocaleCode, string>;

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l.iso, readLocaleFile(l.code) as unknown as Record<string, Record<string, unknown>>])),
  ns: ['auth', 'mail', 'news'],
  defaultNS: 'auth',
  lng: ISO[DEFAULT_LOCALE],
  fallbackLng: ISO[DEFAULT_LOCALE],
  returnNull: false,
  interpolation: { escapeValue: false },
  // A placeholder without a value becomes empty text, never `{{name}}` in front of a user.
  missingInterpolationHandler: () => '',
});

/**
 * The text `key` of namespace `ns` in `lang` (English when the language lacks it), with
 * `{{name}}` placeholders filled from `vars` (`count` selects the plural form).
 * @returns the key itself when no language has it (the locale tests make that impossible)
 */
export function serverText(lang: LocaleCode, ns: TextNamespace, key: string, vars: TOptions = {}): string {
  return instance.t(key, { ...vars, ns, lng: ISO[lang] ?? ISO[DEFAULT_LOCALE] }) as string;
}

/** Whether `key` of namespace `ns` exists (in `lang` or English). */
export function hasServerText(lang: LocaleCode, ns: TextNamespace, key: string): boolean {
  return instance.exists(key, { ns, lng: ISO[lang] ?? ISO[DEFAULT_LOCALE] });
}

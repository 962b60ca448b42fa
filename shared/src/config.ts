/**
 * Business constants of the landing site (spec §1, §2, §9). Pure data: no side effects, safe to
 * import from any app. Values the spec leaves open are marked as such and come from the API.
 */

/** A game server code as used in routes (`/{server}`), cookies and the `X-Server-Id` header. */
export type ServerCode = 'pl' | 'classic' | 'royal' | 'en';
/** Server availability (spec §2: `locked` is dimmed with a lock icon, `new` shows a NEW badge). */
export type ServerStatus = 'open' | 'new' | 'locked';
/** Header region the server is listed under (spec §2). */
export type ServerRegion = 'easternEurope' | 'centralEurope' | 'americas';

/** Server option of spec §3: name, value, gmt label, status, class (+ its IANA time zone, §9). */
export interface ServerOption {
  name: string;
  value: ServerCode;
  gmt: string;
  status: ServerStatus;
  class: string;
  timeZone: string;
  region: ServerRegion;
}

/** Every server the product knows (spec §1, §9). `en` is the test server, outside production only. */
export const ALL_SERVERS: readonly ServerOption[] = [
  { name: 'Legacy', value: 'pl', gmt: 'GMT +1', status: 'open', class: 'server-pl', timeZone: 'Europe/Warsaw', region: 'centralEurope' },
  { name: 'Classic', value: 'classic', gmt: 'GMT -1', status: 'open', class: 'server-classic', timeZone: 'Atlantic/Azores', region: 'americas' },
  { name: 'Royal', value: 'royal', gmt: 'GMT +3', status: 'new', class: 'server-royal', timeZone: 'Europe/Istanbul', region: 'easternEurope' },
  { name: 'EN server', value: 'en', gmt: 'GMT +0', status: 'open', class: 'server-en', timeZone: 'Europe/London', region: 'centralEurope' },
];

/** Server values in production (spec §9). */
export const PRODUCTION_SERVERS: readonly ServerCode[] = ['pl', 'classic', 'royal'];
/** Server values outside production (spec §9). */
export const NON_PRODUCTION_SERVERS: readonly ServerCode[] = ['en', 'pl', 'classic', 'royal'];
/** Servers whose game is running (spec §9). */
export const RUNNING_SERVERS: readonly ServerCode[] = ['pl', 'classic', 'en', 'royal'];
/** Default server for redirects and the `selectedServer` default (spec §2, §3). */
export const DEFAULT_SERVER: ServerCode = 'royal';
/** Legacy server codes that redirect to `/royal` (spec §2). */
export const LEGACY_SERVER_CODES: readonly string[] = ['en', 'us', 'ru', 's1'];

/** The servers offered in this environment, in header order (spec §9). */
export function serversFor(production: boolean): ServerOption[] {
  const allowed = production ? PRODUCTION_SERVERS : NON_PRODUCTION_SERVERS;
  return ALL_SERVERS.filter((s) => allowed.includes(s.value));
}

/** Finds a server option by its route value; `undefined` when unknown. */
export function findServer(value: string | undefined): ServerOption | undefined {
  return ALL_SERVERS.find((s) => s.value === value);
}

/** Interface language (spec §1): route-free code, ISO code and native name. */
export interface Locale {
  code: LocaleCode;
  iso: string;
  name: string;
}
export type LocaleCode = 'ru' | 'pl' | 'en' | 'br' | 'es' | 'it' | 'de' | 'fr' | 'tr';

/**
 * The nine locales (spec §1). `br` is the product's code for Portuguese; i18next runs on the ISO
 * code (`pt`) so that CLDR plural rules are Portuguese ones, not Breton ones.
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
export const LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((l) => l.code);
export const DEFAULT_LOCALE: LocaleCode = 'en';

/** Returns the locale for a product code or an ISO code; `undefined` when unknown. */
export function findLocale(codeOrIso: string | undefined | null): Locale | undefined {
  return LOCALES.find((l) => l.code === codeOrIso || l.iso === codeOrIso);
}

/** Cookie names of spec §3. Auth cookie names depend on the server: see {@link authCookieNames}. */
export const COOKIES = {
  lastLocale: 'ft-lang-last-locale',
  fingerprint: 'FT-fingerprint',
  clickIdTrack: 'click_id_track',
  refIdTrack: 'ref_id_track',
  language: 'i18n_redirected',
  xsrf: 'XSRF-TOKEN',
  cookieConsent: 'cookie_consent',
} as const;

/** Per-server auth cookie names (spec §3): `auth.{server}._token.uid`, `_token.local`, ... */
export function authCookieNames(server: string) {
  return {
    uid: `auth.${server}._token.uid`,
    token: `auth.${server}._token.local`,
    expiration: `auth.${server}._token_expiration.local`,
    showInfo: `auth.${server}.show_info`,
    massMessage: `auth.${server}.mass_message`,
  };
}

/** Local storage keys of the session (spec §3). */
export const STORAGE_KEYS = { token: 'token', expiration: 'expiration', uid: 'uid' } as const;

/** Cookie lifetimes (spec §9), in seconds. */
export const COOKIE_MAX_AGE_S = {
  languageAndAuth: 86_400,
  fingerprint: 15_768e4,
  i18nRedirected: 365 * 86_400,
} as const;

/** Timings and sizes of spec §9 (ms and px). */
export const TIMINGS = {
  errorToastMs: 5000,
  toastMs: 3000,
  toastAnimationMs: 300,
  toastSwipePx: 80,
  reloadGuardMs: 10_000,
  musicFadeMs: 500,
  socialPopupPollMs: 250,
} as const;
export const HEADER_SCROLLED_PX = 20;

/** Number counter defaults (spec §9): seconds, separators, decimals, finished event delay (ms). */
export const COUNTER = { durationS: 3, minDurationS: 1, separator: ',', decimal: '.', decimals: 0, finishedDelayMs: 1000 } as const;
/** Progress ring defaults (spec §9). */
export const PROGRESS_RING = { min: -100, max: 100, size: 200, animationMs: 1000, delayMs: 400, pollSize: 40 } as const;
/** Sound defaults (spec §9). */
export const SOUND = { volume: 0.05, clickSound: 'FX_Click_Basic' } as const;

/** Breakpoints (spec §9), px. */
export const BREAKPOINTS = {
  xs: 500, sm: 640, md: 768, '2md': 920, lg: 1024, xl: 1280, '2xl': 1560, '3xl': 1650, fhd: 1920,
} as const;
export const MOBILE_LANDSCAPE_QUERY = '(max-height: 600px) and (max-width: 960px) and (orientation: landscape)';

/** Register params of spec §3 `availableRegisterParams`. */
export const REGISTER_PARAMS = ['partner', 'banana', 'sub1', 'click_id', 'admitad_uid', 'click_id_track', 'ref_id_track'] as const;
export type RegisterParam = (typeof REGISTER_PARAMS)[number];

/** Default date format (spec §9): day-month-year then hour:minute:second. */
export const DATE_FORMAT = 'dd-MM-yyyy HH:mm:ss';

/**
 * Business constants of the landing site (spec §1, §2, §9). Pure data: no side effects, safe to
 * import from any app. Values the spec leaves open are marked as such and come from the API.
 */

import {
  PRODUCTION_SERVERS,
  SERVER_CODES,
  SERVER_HEADER_ORDER,
  SERVERS,
  type ServerCode,
  type ServerRegion,
  type ServerStatus,
} from '@landing/domain';

// Servers, locales and register params are written once, in `@landing/domain` (shared with the
// API); this module re-exports them in the shapes the apps use.
export type { ServerCode, ServerRegion, ServerStatus } from '@landing/domain';
export { DEFAULT_SERVER, LEGACY_SERVER_CODES, PRODUCTION_SERVERS, RUNNING_SERVERS } from '@landing/domain';

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

/** Every server the product serves (spec §1, §9), in seeding order. `en` is the test server, outside production only. */
export const ALL_SERVERS: readonly ServerOption[] = SERVER_CODES.map((code) => {
  const s = SERVERS[code];
  return { name: s.name, value: code, gmt: s.gmt, status: s.status, class: `server-${code}`, timeZone: s.timeZone, region: s.region };
});

/** Server values outside production, in header order (spec §9). */
export const NON_PRODUCTION_SERVERS: readonly ServerCode[] = SERVER_HEADER_ORDER;

/** The servers offered in this environment, in header order (spec §9). */
export function serversFor(production: boolean): ServerOption[] {
  const allowed: readonly ServerCode[] = production ? PRODUCTION_SERVERS : NON_PRODUCTION_SERVERS;
  return ALL_SERVERS.filter((s) => allowed.includes(s.value));
}

/** Finds a server option by its route value; `undefined` when unknown. */
export function findServer(value: string | undefined): ServerOption | undefined {
  return ALL_SERVERS.find((s) => s.value === value);
}

/** Interface languages (spec §1): the nine locales, their ISO codes and native names. */
export { DEFAULT_LOCALE, findLocale, LOCALE_CODES, LOCALES, type Locale, type LocaleCode } from '@landing/domain';

/** Cookie names of spec §3. Auth cookie names depend on the server: see {@link authCookieNames}. */
export const COOKIES = {
  /** The game server the player chose last (a server code, despite the spec's cookie name). */
  lastServer: 'ft-lang-last-locale',
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
  xs: 500,
  sm: 640,
  md: 768,
  '2md': 920,
  lg: 1024,
  xl: 1280,
  '2xl': 1560,
  '3xl': 1650,
  fhd: 1920,
} as const;
export const MOBILE_LANDSCAPE_QUERY = '(max-height: 600px) and (max-width: 960px) and (orientation: landscape)';

/** Register params of spec §3 `availableRegisterParams`. */
export { REGISTER_PARAMS, type RegisterParam } from '@landing/domain';

/** Default date format (spec §9): day-month-year then hour:minute:second. */
export const DATE_FORMAT = 'dd-MM-yyyy HH:mm:ss';

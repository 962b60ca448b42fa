/**
 * Game servers known to the landing API (spec §1, §9).
 *
 * Every server has its own landing data (leaderboard, stats, header code, technical break).
 * `en` is the test server and exists only outside production.
 */

/** Every server code the API can ever serve (the database is seeded for all of them). */
export const ALL_SERVERS = ['pl', 'classic', 'royal', 'en'] as const;

/** A server code, e.g. `royal`. */
export type ServerCode = (typeof ALL_SERVERS)[number];

/** Static facts about one server (spec §1 names/status, §9 time zones). */
export interface ServerInfo {
  code: ServerCode;
  /** Display name as shown in the server dropdown. */
  name: string;
  /** IANA time zone used for the weekly leaderboard and dates (spec §9). */
  timeZone: string;
  /** `new` marks the newest server (Royal). */
  status: 'open' | 'new';
}

export const SERVER_INFO: Record<ServerCode, ServerInfo> = {
  pl: { code: 'pl', name: 'Legacy', timeZone: 'Europe/Warsaw', status: 'open' },
  classic: { code: 'classic', name: 'Classic', timeZone: 'Atlantic/Azores', status: 'open' },
  royal: { code: 'royal', name: 'Royal', timeZone: 'Europe/Istanbul', status: 'new' },
  en: { code: 'en', name: 'EN server', timeZone: 'Europe/London', status: 'open' },
};

/** Header region a server is listed under in the switcher (spec §2). */
export type ServerRegion = 'easternEurope' | 'centralEurope' | 'americas';

/**
 * The switcher's label and region of every server it can list (spec §2 server option "gmt
 * label"; §9 "One label reads GMT -6 for the US"). Keyed by code: the list may hold servers the
 * API does not serve, such as {@link LOCKED_DEMO_SERVER}.
 */
export const SERVER_LISTING: Readonly<Record<string, { gmt: string; region: ServerRegion }>> = {
  pl: { gmt: 'GMT +1', region: 'centralEurope' },
  classic: { gmt: 'GMT -1', region: 'americas' },
  royal: { gmt: 'GMT +3', region: 'easternEurope' },
  en: { gmt: 'GMT +0', region: 'centralEurope' },
  us: { gmt: 'GMT -6', region: 'americas' },
};

/**
 * A locked server (spec §2: lock icon, dimmed, cannot be chosen), seeded outside production only
 * so the state can be seen and tested. It is listed by `GET /{server}/servers` but never served:
 * no `/us/...` API routes, and the site keeps redirecting the legacy path `/us` to `/royal`.
 */
export const LOCKED_DEMO_SERVER = { code: 'us', name: 'US', timeZone: 'America/Chicago', status: 'locked' } as const;

/**
 * Servers answered by the API for a given environment (spec §9):
 * production → `pl, classic, royal`; anything else → also `en`.
 *
 * @param nodeEnv value of NODE_ENV (undefined counts as development)
 */
export function serversFor(nodeEnv: string | undefined): ServerCode[] {
  return nodeEnv === 'production' ? ['pl', 'classic', 'royal'] : ['pl', 'classic', 'royal', 'en'];
}

/** Type guard: is `value` one of {@link ALL_SERVERS}? (Says nothing about the environment.) */
export function isServerCode(value: unknown): value is ServerCode {
  return typeof value === 'string' && (ALL_SERVERS as readonly string[]).includes(value);
}

/** Interface languages accepted in `X-Lang` (spec §1). Unknown values fall back to `en`. */
export const LANGS = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'] as const;
export type Lang = (typeof LANGS)[number];

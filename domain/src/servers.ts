/**
 * Game servers (spec §1, §2, §9): the one list the API, the shell and the remotes read.
 *
 * `en` is the test server and exists only outside production. `us` is a locked server the
 * switcher lists (spec §2 lock icon, §9 "One label reads GMT -6 for the US"); it is never served.
 */

/** Every server code the API can serve, in the order the database is seeded. */
export const SERVER_CODES = ['pl', 'classic', 'royal', 'en'] as const;

/** A server code as used in routes (`/{server}`), cookies and the `X-Server-Id` header. */
export type ServerCode = (typeof SERVER_CODES)[number];

/** Server availability (spec §2: `locked` is dimmed with a lock icon, `new` shows a NEW badge). */
export const SERVER_STATUSES = ['open', 'new', 'locked'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** Header region a server is listed under in the switcher (spec §2). */
export const SERVER_REGIONS = ['easternEurope', 'centralEurope', 'americas'] as const;
export type ServerRegion = (typeof SERVER_REGIONS)[number];

/** Static facts about one server (spec §1 names/status, §2 gmt label and region, §9 time zones). */
export interface ServerFacts {
  code: string;
  /** Display name in the switcher. */
  name: string;
  /** IANA time zone of the weekly leaderboard, the bets clock display and dates (spec §9). */
  timeZone: string;
  /** Status seeded into the `servers` table (the API's `GET /{server}/servers` answers the stored one). */
  status: ServerStatus;
  /** Time-zone label of the switcher, e.g. `GMT +3`. */
  gmt: string;
  region: ServerRegion;
}

/** Facts of every served server. */
export const SERVERS: Readonly<Record<ServerCode, ServerFacts & { code: ServerCode }>> = {
  pl: { code: 'pl', name: 'Legacy', timeZone: 'Europe/Warsaw', status: 'open', gmt: 'GMT +1', region: 'centralEurope' },
  classic: { code: 'classic', name: 'Classic', timeZone: 'Atlantic/Azores', status: 'open', gmt: 'GMT -1', region: 'americas' },
  royal: { code: 'royal', name: 'Royal', timeZone: 'Europe/Istanbul', status: 'new', gmt: 'GMT +3', region: 'easternEurope' },
  en: { code: 'en', name: 'EN server', timeZone: 'Europe/London', status: 'open', gmt: 'GMT +0', region: 'centralEurope' },
};

/**
 * A locked server (spec §2: lock icon, dimmed, cannot be chosen), seeded outside production only
 * so the state can be seen and tested. Listed by `GET /{server}/servers`, never served: no
 * `/us/...` API routes, and the site keeps redirecting the legacy path `/us` to `/royal`.
 */
export const LOCKED_DEMO_SERVER: ServerFacts = {
  code: 'us',
  name: 'US',
  timeZone: 'America/Chicago',
  status: 'locked',
  gmt: 'GMT -6',
  region: 'americas',
};

/** Every server the switcher can list, by code (served ones and {@link LOCKED_DEMO_SERVER}). */
export const SERVER_LISTING: Readonly<Record<string, ServerFacts>> = { ...SERVERS, [LOCKED_DEMO_SERVER.code]: LOCKED_DEMO_SERVER };

/** Servers served in production (spec §9). */
export const PRODUCTION_SERVERS: readonly ServerCode[] = ['pl', 'classic', 'royal'];

/** Header order of the switcher (spec §9 lists); servers not in it (locked ones) come after, by code. */
export const SERVER_HEADER_ORDER: readonly ServerCode[] = ['en', 'pl', 'classic', 'royal'];

/** Servers whose game is running (spec §9). */
export const RUNNING_SERVERS: readonly ServerCode[] = ['pl', 'classic', 'en', 'royal'];

/** Default server for redirects and the `selectedServer` default (spec §2, §3). */
export const DEFAULT_SERVER: ServerCode = 'royal';

/** Legacy server codes that redirect to `/royal` (spec §2). */
export const LEGACY_SERVER_CODES: readonly string[] = ['en', 'us', 'ru', 's1'];

/**
 * Servers served in an environment (spec §9), in seeding order: production → `pl, classic,
 * royal`; anywhere else also `en`.
 */
export function servedServers(production: boolean): ServerCode[] {
  return SERVER_CODES.filter((code) => !production || PRODUCTION_SERVERS.includes(code));
}

/** Type guard: is `value` one of {@link SERVER_CODES}? (Says nothing about the environment.) */
export function isServerCode(value: unknown): value is ServerCode {
  return typeof value === 'string' && (SERVER_CODES as readonly string[]).includes(value);
}

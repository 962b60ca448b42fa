/**
 * Installed-app detection (spec §1): the site tracks whether it runs as an installed standalone
 * app. Pure helpers, so the shell's install offer and tests share one rule.
 */

/**
 * True for an iPhone/iPad/iPod browser whose agent string lacks "Safari": a home-screen web
 * app or an in-app web view, which spec §1 counts as installed.
 */
export function isIosNonSafari(ua: string): boolean {
  return /iPhone|iPad|iPod/.test(ua) && !/Safari/.test(ua);
}

/** What {@link isStandaloneApp} reads from the browser (a `window` fits). */
export interface StandaloneEnv {
  matchMedia?: (query: string) => { matches: boolean };
  navigator: { userAgent: string; standalone?: boolean };
}

/** Media query of an installed app window. */
export const STANDALONE_QUERY = '(display-mode: standalone)';

/**
 * True when the site runs as an installed app: display-mode standalone, iOS `navigator.standalone`,
 * or an iOS browser without Safari in its agent string (spec §1).
 */
export function isStandaloneApp(env: StandaloneEnv = globalThis as unknown as StandaloneEnv): boolean {
  if (env.matchMedia?.(STANDALONE_QUERY).matches) return true;
  if (env.navigator.standalone === true) return true;
  return isIosNonSafari(env.navigator.userAgent);
}

/**
 * Page-reload guard of spec §1/§9: true when a reload is allowed now, i.e. the last one recorded
 * under `key` in `storage` is older than `ttlMs` (10000 ms). Records the time when it allows one,
 * so a service worker that keeps taking control can never reload the page in a loop.
 */
export function allowGuardedReload(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
  ttlMs: number,
  key = 'landing-sw-reload-at',
): boolean {
  const last = Number(storage.getItem(key) ?? 0);
  if (Number.isFinite(last) && now - last < ttlMs && now >= last) return false;
  storage.setItem(key, String(now));
  return true;
}

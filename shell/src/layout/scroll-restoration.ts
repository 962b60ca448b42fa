import type { Location } from 'react-router';

/** sessionStorage key of react-router's saved scroll positions (`{ [key]: scrollY px }`). */
export const SCROLL_STORAGE_KEY = 'landing-scroll-positions';

/**
 * The key a scroll position is kept under: the history entry's key, except for the first page of
 * each document load, whose key is always `default` in react-router; that page is keyed by its
 * path instead, so a page opened in the same tab does not restore the scroll position of another
 * page that was the first of its load.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * Leaves the first page of a server-rendered load where the browser put it. The browser has
 * already placed the server's HTML: at its top or at the `#fragment` for a new visit, at the
 * reader's position on Back, Forward or a reload (react-router hands scrolling back to the browser
 * when the page is hidden). react-router would restore the position saved under the page's key a
 * second time, in a transition render that runs after hydration, commits only once nothing on the
 * page is suspended, and on a new visit of a page read earlier in the tab moves it away from its
 * top. Dropping that saved entry before `<ScrollRestoration>` mounts leaves it nothing to restore;
 * the entry is saved again when the page is left.
 */
export function forgetFirstPageScroll(location: Pick<Location, 'pathname' | 'search'>): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    delete saved[scrollKey({ key: 'default', ...location })];
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage blocked or a malformed entry: react-router then has nothing saved either.
  }
}

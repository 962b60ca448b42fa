/**
 * Scroll positions across the site's own navigations (declarative react-router has no
 * `<ScrollRestoration>`: that one needs the data router, whose code the shell does not load).
 * - A new page (a link, a redirect) starts at its top, or at its `#fragment`.
 * - Back and Forward between pages of one document return to where the reader was.
 * - The first page of a document load is left where the browser put it: at its top or its
 *   `#fragment` for a new visit, at the reader's position on Back, Forward or a reload. While the
 *   site is live the browser's own restoration is off (`history.scrollRestoration = 'manual'`);
 *   it is handed back when the page is hidden, so the browser restores the page it leaves.
 * Positions (`{ [key]: scrollY px }`) are kept in sessionStorage under {@link SCROLL_STORAGE_KEY}
 * when the page is hidden, so they outlive a document of the same tab.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** sessionStorage key of the saved scroll positions (`{ [key]: scrollY px }`). */
export const SCROLL_STORAGE_KEY = 'landing-scroll-positions';

/**
 * The key a scroll position is kept under: the history entry's key, except for the first page of
 * each document load, whose key is always `default` in react-router; that page is keyed by its
 * path instead, so a page opened in the same tab does not restore the scroll position of another
 * page that was the first of its load.
 */
function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {}; // storage blocked or a malformed entry: nothing to restore
  }
}

function savePositions(positions: Record<string, number>): void {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage blocked or full: positions are then kept for this document only.
  }
}

/** Where a page that is not restored starts: its `#fragment` target if there is one, else its top. */
function scrollToStart(hash: string): void {
  if (hash.length > 1) {
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}

/**
 * Keeps and restores the scroll position of each page shown in this document (see the file).
 * Used once, by the routes' root (../routing/router.tsx); its effects run in the browser only.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = scrollKey(location);
  const state = useRef<{ positions: Record<string, number>; key: string } | null>(null);

  useEffect(() => {
    const positions = readPositions();
    // The first page is where the browser put it: that is its position now, whatever an earlier
    // document of the tab saved under its path.
    positions[key] = window.scrollY;
    state.current = { positions, key };
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (state.current) state.current.positions[state.current.key] = window.scrollY;
    };
    const onPageHide = () => {
      onScroll();
      savePositions(positions);
      window.history.scrollRestoration = 'auto';
    };
    const onPageShow = () => {
      window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      savePositions(positions);
      window.history.scrollRestoration = 'auto';
      state.current = null;
    };
    // Set up once per mount; `key` is the first page's, read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const current = state.current;
    if (!current || current.key === key) return; // the first page, or the same entry
    current.key = key;
    const saved = current.positions[key];
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else scrollToStart(location.hash);
  }, [key, navigationType, location.hash]);
}

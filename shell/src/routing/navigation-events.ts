/**
 * The site's own navigations, for code outside React (the telemetry collector counts a page view
 * per navigation, docs/OPERATIONS.md). {@link useNavigationEvents} runs in the routes' root
 * (./router.tsx) and tells every listener the new path after each navigation, not for the page
 * the document loaded with.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const listeners = new Set<(pathname: string) => void>();

/**
 * Calls `listener` with the new path (`/royal/news`) after each navigation of the site.
 * @returns a function that stops the calls
 */
export function onNavigate(listener: (pathname: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells the {@link onNavigate} listeners of each change of path after the first render. */
export function useNavigationEvents(): void {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== pathname) for (const listener of listeners) listener(pathname);
    shown.current = pathname;
  }, [pathname]);
}

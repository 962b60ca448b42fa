/**
 * When the page's own content (the route's page inside the frame) has been hydrated or rendered
 * in the browser. The frame (DefaultLayout.tsx) puts the page and the footer in Suspense
 * boundaries of their own, so React hydrates the header, the language/server switch and the
 * login button first, in one pass, and the page and footer after it, each in its own tasks
 * (docs/performance/history/2026-11-rounds.md "Interactive at once"). The shell marks the page ready (`data-ready`)
 * only once the page itself is live too ({@link whenPageHydrated}).
 */
import { useEffect } from 'react';

let markHydrated!: () => void;
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/** Resolves once the first page of this document has been hydrated or rendered in the browser. */
export function whenPageHydrated(): Promise<void> {
  return hydrated;
}

/**
 * Rendered last inside the page's Suspense boundary: its effect runs when React has committed
 * that boundary's content (hydrated or rendered), and resolves {@link whenPageHydrated}.
 */
export function PageHydrated(): null {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * The home page (./HomePage.tsx) as a chunk of its own, "home": the pages of the remotes do not
 * load it. On a home page the page server preloads it (ssr-assets.json `pages.home`) and the
 * browser loads it before hydrating (bootstrap.tsx), so it hydrates without waiting; a navigation
 * to the home page loads it then (docs/PERFORMANCE.md "Rules that keep the budgets").
 */
import { lazy } from 'react';

type Chunk = typeof import('./HomePage');

/** The chunk's module once it has loaded. */
let loaded: Chunk | null = null;
let loading: Promise<Chunk> | null = null;

/** A home page's path: `/{server}` (one segment, an optional trailing slash). */
const HOME_PATH = /^\/[^/]+\/?$/;

/** Whether `pathname` is a home page's (`/{server}`). */
export function isHomePath(pathname: string): boolean {
  return HOME_PATH.test(pathname);
}

/**
 * Loads the home page's chunk (once; a failed load is tried again at the next call).
 * @returns resolves with the module; rejects when the chunk cannot be loaded
 */
export function loadHomePage(): Promise<Chunk> {
  loading ??= import(/* webpackChunkName: "home" */ './HomePage').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/** The home page as a `lazy` component (its first render loads the chunk). */
export const LazyHomePage = lazy(() => loadHomePage().then((m) => ({ default: m.HomePage })));

/** The home page component once its chunk has loaded, else null. */
export function loadedHomePage(): Chunk['HomePage'] | null {
  return loaded?.HomePage ?? null;
}

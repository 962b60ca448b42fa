/** React contexts of one render (shared/src/data/index.tsx): on the server each request provides its own. */
import { createContext } from 'react';
import type { ApiClient } from '../api/client';
import type { LandingStore } from '../store';
import type { PageMeta } from './page-meta';

/** What the page tells the page server about its HTTP answer while it renders. */
export interface ServerResponseInfo {
  /** HTTP status of the page (200 unless a component says otherwise, e.g. 404 for an unknown article). */
  status: number;
  /** Metadata the page declared ({@link usePageMeta}); the last declaration wins. */
  meta?: PageMeta;
}

/** The store of this render (the request's on the server; none in the browser: `landingStore`). */
export const StoreContext = createContext<LandingStore | null>(null);
/** The HTTP client of this render (none in the browser: `apiClient`). */
export const ApiClientContext = createContext<ApiClient | null>(null);
/** The page server's record of the page's HTTP answer (none in the browser). */
export const ResponseContext = createContext<ServerResponseInfo | null>(null);

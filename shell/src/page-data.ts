/**
 * What the page server hands to the browser with the HTML (docs/PERFORMANCE.md): the
 * environment's config and remotes map (no second fetch of config.json / remotes.json before the
 * first paint), the remote slots it rendered and their versions (preloaded before hydration), the
 * language, and the dehydrated query cache (no second API call on hydration). Written as a
 * `<script type="application/json">` element, which a Content-Security-Policy without
 * 'unsafe-inline' allows (it is data, not script).
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { ExposedModuleId, LocaleCode, RemoteName, RuntimeConfig, UserData } from '@landing/shared';

/** Id of the element that carries the {@link PageData}. */
export const PAGE_DATA_ELEMENT_ID = 'landing-page-data';

/** The page data (see the module comment). */
export interface PageData {
  /** The environment's public config.json, after the production guard. */
  config: RuntimeConfig;
  /** Remote name → manifest URL the server rendered with. */
  remotes: Partial<Record<RemoteName, string>>;
  /** Exposed modules of the page's slots to load before hydration (below-the-fold ones load when visible). */
  slots: ExposedModuleId[];
  /** Remote build versions rendered into `data-remote-version`. */
  versions: Partial<Record<RemoteName, string>>;
  /** Language the server rendered in (`i18n_redirected`). */
  lang: LocaleCode;
  /**
   * The logged-in player the server rendered the page for (their session cookie, checked with the
   * API); absent on an anonymous page. The browser's store starts with it, so hydration shows
   * what the server showed ("Play now") without a flip.
   */
  user?: UserData;
  /** Dehydrated TanStack Query cache. */
  queries: DehydratedState;
  /**
   * Dates and numbers the server formatted into the HTML (key → text, shared/src/format.ts): the
   * browser hydrates with them instead of loading Intl data first. Absent on older pages.
   */
  formatted?: Record<string, string>;
  /** Translations the page used, in its language: namespace → resources (no fetch before hydration). */
  translations: Record<string, Record<string, unknown>>;
  /** The server could not render the page: the browser renders it from scratch. */
  clientOnly?: boolean;
}

/** Reads the page data of a server-rendered page, or null (e.g. a page served without SSR). */
export function readPageData(doc: Document = document): PageData | null {
  const el = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as PageData;
  } catch {
    return null;
  }
}

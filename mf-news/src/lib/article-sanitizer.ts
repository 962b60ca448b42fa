/**
 * The browser's article sanitiser (./sanitize.ts, DOMPurify: 11 KiB gzip), loaded when a body
 * has to be sanitised in the browser: an article rendered by the browser (a navigation, a page
 * whose slot the server sent as its fallback) or a changed body (a language switch). A
 * server-rendered article hydrates with the body the server sanitised (same allow-list,
 * ./sanitize.server.ts) and loads none of it (docs/PERFORMANCE.md "Rules that keep the budgets").
 * The server build uses ./article-sanitizer.server.ts.
 */
/** Sanitises article HTML from the API (./sanitize.ts `sanitizeArticleHtml`). */
export type Sanitize = (html: string) => string;

let loaded: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/** The sanitiser if it is loaded ({@link loadSanitizer}), else undefined. */
export function loadedSanitizer(): Sanitize | undefined {
  return loaded;
}

/**
 * Loads the sanitiser once.
 * @throws the chunk's load error (the next call tries again)
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize').then(
    (m) => {
      loaded = m.sanitizeArticleHtml;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

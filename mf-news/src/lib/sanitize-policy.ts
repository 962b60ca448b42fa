/** What article HTML may contain, for both sanitisers (browser: DOMPurify, server: sanitize-html). */
export const ARTICLE_HTML_POLICY = {
  /** Elements removed with their content (besides scripts, which no profile allows). */
  forbiddenTags: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  /** Formatting elements an article may use (the server's allow-list; DOMPurify's HTML profile is a superset). */
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'abbr',
    'time',
  ],
} as const;

/**
 * Levels an article body's headings are rendered at, under the article's `<h1>` title: the body's
 * highest heading becomes `<h2>` and no level is skipped (a heading is at most one level below
 * the one before it, as the HTML outline and the Nu Html Checker require), so an editor's
 * `<h3>` sections read as the article's sections.
 * @param levels the body's heading levels (1–6), in document order
 * @returns the level (2–6) each heading is rendered at, in the same order: `[3, 5, 3]` → `[2, 3, 2]`
 */
export function articleHeadingLevels(levels: readonly number[]): number[] {
  if (!levels.length) return [];
  const shift = Math.min(...levels) - 2;
  let previous = 1;
  return levels.map((level) => {
    previous = Math.min(6, Math.max(2, Math.min(level - shift, previous + 1)));
    return previous;
  });
}

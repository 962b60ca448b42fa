/**
 * The one HTML escaper of the landing site's hand-written HTML (the page server's document head,
 * its 503 page, shared player pages filled in per answer). It writes exactly what react-dom/server
 * writes for text and attribute values, so HTML written by hand beside React's reads the same
 * (shell/test/html-escape.test.tsx proves it against react-dom/server).
 */

/** The characters React escapes, and how. */
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * Escapes a string for HTML text content or a quoted attribute value: `"`, `&`, `'`, `<` and `>`
 * become `&quot;`, `&amp;`, `&#x27;`, `&lt;` and `&gt;` (react-dom/server's escaping); nothing else changes.
 */
export function escapeHtml(value: string): string {
  return value.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]!);
}

/** What article HTML may contain, for both sanitisers (browser: DOMPurify, server: sanitize-html). */
export const ARTICLE_HTML_POLICY = {
  /** Elements removed with their content (besides scripts, which no profile allows). */
  forbiddenTags: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  /** Formatting elements an article may use (the server's allow-list; DOMPurify's HTML profile is a superset). */
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
    'blockquote', 'q', 'cite', 'code', 'pre', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'span', 'div', 'abbr', 'time',
  ],
} as const;

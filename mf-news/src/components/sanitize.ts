/**
 * Article HTML sanitiser of the browser: DOMPurify on the page's own DOM. The server build uses
 * sanitize.server.ts (same allow-list, no DOM needed); see ARTICLE_HTML_POLICY.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { ARTICLE_HTML_POLICY } from './sanitizePolicy';

let purifier: DOMPurify | null = null;

/**
 * The DOMPurify instance of the remote (its own, so its hook never touches other apps): HTML
 * profile only, no forms, styles or event handlers; links to other sites open in a new tab
 * with `rel="noopener noreferrer"`.
 */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises article HTML from the API before it is rendered (design: never trust HTML, even from
 * our own API): scripts, event handlers, `javascript:` URLs, styles, forms and frames are removed.
 */
export function sanitizeArticleHtml(html: string): string {
  return purify().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [...ARTICLE_HTML_POLICY.forbiddenTags],
    FORBID_ATTR: ['style'],
  });
}

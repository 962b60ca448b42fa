/**
 * Article HTML sanitiser of the browser: DOMPurify on the page's own DOM. The server build uses
 * sanitize.server.ts (same allow-list, no DOM needed); see ARTICLE_HTML_POLICY.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { ARTICLE_HTML_POLICY, articleHeadingLevels } from './sanitize-policy';

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
 * Sanitises article HTML from the API before it is rendered (docs/SECURITY.md: never trust HTML, even from
 * our own API): scripts, event handlers, `javascript:` URLs, styles, forms and frames are removed.
 * Headings are renamed to the levels of {@link articleHeadingLevels} (the body sits under the
 * article's `<h1>`), as the server's sanitiser does.
 */
export function sanitizeArticleHtml(html: string): string {
  const body = purify().sanitize(html, {
    USE_PROFILES: { html: true },
    // `h1` is the article's title: its content is kept without the tag, as the server's allow-list does.
    FORBID_TAGS: [...ARTICLE_HTML_POLICY.forbiddenTags, 'h1'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  const headings = [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const levels = articleHeadingLevels(headings.map((h) => Number(h.tagName[1])));
  headings.forEach((heading, i) => {
    const tag = `h${levels[i]}`;
    if (heading.localName === tag) return;
    const renamed = document.createElement(tag);
    for (const { name, value } of [...heading.attributes]) renamed.setAttribute(name, value);
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  });
  const box = document.createElement('div');
  box.append(body);
  return box.innerHTML;
}

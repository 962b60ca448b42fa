/**
 * Article HTML sanitiser of the server build (SSR): sanitize-html, an allow-list parser that
 * needs no DOM (DOMPurify needs a browser window, which Node has not). Same policy as the
 * browser's DOMPurify (sanitize.ts): no scripts, event handlers, `javascript:` URLs, styles, forms
 * or frames; absolute links open in a new tab with `rel="noopener noreferrer"`. The browser keeps
 * the server's HTML when it hydrates and sanitises again with DOMPurify on its own renders.
 */
import sanitizeHtml from 'sanitize-html';
import { ARTICLE_HTML_POLICY, articleHeadingLevels } from './sanitize-policy';

/** An opening or closing heading tag of sanitize-html's output (`<` in text and attribute values is escaped there). */
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

/**
 * Renames the headings of sanitised HTML to {@link articleHeadingLevels} (`<h3>…</h3>` → `<h2>…</h2>`).
 * @param html sanitize-html output, where every `<` that is not a tag is escaped
 */
function relevelHeadings(html: string): string {
  const levels = articleHeadingLevels([...html.matchAll(HEADING_TAG)].filter((m) => !m[1]).map((m) => Number(m[2])));
  let next = 0;
  const open: number[] = [];
  return html.replace(HEADING_TAG, (_tag, close: string, level: string) => {
    if (close) return `</h${open.pop() ?? level}`;
    const renamed = levels[next++]!;
    open.push(renamed);
    return `<h${renamed}`;
  });
}

/** Sanitises article HTML from the API (see the module comment); headings as {@link articleHeadingLevels}. */
export function sanitizeArticleHtml(html: string): string {
  return relevelHeadings(sanitizeArticleMarkup(html));
}

/** The allow-list pass of {@link sanitizeArticleHtml}. */
function sanitizeArticleMarkup(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...ARTICLE_HTML_POLICY.allowedTags],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', ...ARTICLE_HTML_POLICY.forbiddenTags, 'textarea', 'noscript'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      time: ['datetime'],
      abbr: ['title'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      '*': ['lang', 'dir'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        const { target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
      },
    },
  });
}

import createDOMPurify, { type DOMPurify } from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

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
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * Rich body of an article, sanitised. Same-site links (`/royal/bets`) navigate inside the
 * single-page app instead of reloading the page.
 */
export function ArticleBody({ html, lang }: { html: string; lang: string }) {
  const navigate = useNavigate();
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//') && !link.target) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    // The container only delegates clicks of the links it contains; links stay keyboard-accessible.
    <div className="news-article__body" lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}

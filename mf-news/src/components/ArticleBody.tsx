import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeArticleHtml } from '../lib/sanitize';

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

import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from '@landing/shared';
import { loadSanitizer, loadedSanitizer, type Sanitize } from '../lib/article-sanitizer';

/** Marks the body's element, so that hydration can read back what the server rendered into it. */
const BODY_ATTRIBUTE = 'data-article-body';

/**
 * The body the server rendered for the page being hydrated, read back from the page (already
 * sanitised by the server's sanitiser, ../lib/sanitize.server.ts), with the HTML it was made of;
 * null on the server, after hydration and when the page has no server-rendered body.
 */
function serverRenderedBody(hydrated: boolean, html: string): { source: string; clean: string } | null {
  if (hydrated || typeof document === 'undefined') return null;
  const element = document.querySelector(`[${BODY_ATTRIBUTE}]`);
  return element ? { source: html, clean: element.innerHTML } : null;
}

/**
 * Rich body of an article, sanitised. Same-site links (`/royal/bets`) navigate inside the
 * single-page app instead of reloading the page.
 *
 * A server-rendered body hydrates as the server sanitised it, and the browser's sanitiser
 * (DOMPurify) is not loaded for it; a body the browser renders (a navigation, a changed body) is
 * sanitised in the browser, once the sanitiser is in (../lib/article-sanitizer.ts). Meanwhile the
 * previous body stays on screen (empty for the first one).
 */
export function ArticleBody({ html, lang }: { html: string; lang: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [server] = useState(() => serverRenderedBody(hydrated, html));
  const [sanitize, setSanitize] = useState<Sanitize | undefined>(loadedSanitizer);
  const fromServer = server !== null && server.source === html;
  const sanitised = useMemo(() => (fromServer || !sanitize ? null : sanitize(html)), [fromServer, html, sanitize]);
  const clean = fromServer ? server.clean : sanitised;
  const [shown, setShown] = useState(clean ?? '');
  if (clean !== null && clean !== shown) setShown(clean);

  useEffect(() => {
    if (clean !== null) return;
    let live = true;
    loadSanitizer().then(
      (loaded) => live && setSanitize(() => loaded),
      (error: unknown) => console.error('[mf_news] the article sanitiser did not load', error),
    );
    return () => {
      live = false;
    };
  }, [clean]);

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
    <div
      className="news-article__body"
      lang={lang}
      onClick={onClick}
      {...{ [BODY_ATTRIBUTE]: '' }}
      dangerouslySetInnerHTML={{ __html: clean ?? shown }}
    />
  );
}

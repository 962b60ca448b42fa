/** A page's metadata for search engines and link previews, declared while it renders (shared/src/data/index.tsx). */
import { useContext, useEffect } from 'react';
import { ResponseContext } from './contexts';

/**
 * Metadata of a page for search engines and link previews:
 * `<title>`, meta description, Open Graph. The canonical URL is the page's own address without
 * its query.
 */
export interface PageMeta {
  /** Page title without the site name (the site name is appended). */
  title: string;
  /** Meta and Open Graph description, plain text (about 160 characters shown). */
  description?: string;
  /** Absolute URL of the Open Graph image. */
  image?: string;
  /** Open Graph type (default `website`). */
  type?: 'website' | 'article';
}

/** Name appended to every page title. */
export const SITE_NAME = 'Football Team';

/** The full `<title>` of a page: `{title} · Football Team`. */
export function documentTitle(meta: Pick<PageMeta, 'title'>): string {
  return meta.title ? `${meta.title} · ${SITE_NAME}` : SITE_NAME;
}

function setMetaTag(attr: 'name' | 'property', key: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) return void el?.remove();
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

/**
 * Declares the page's metadata. On the server it goes into the response (the HTML head is
 * written from it); in the browser, after a client-side navigation, `document.title`, the meta
 * description, the canonical link and the Open Graph tags follow. Call it from page components
 * only (not layouts), once the page knows its content.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const response = useContext(ResponseContext);
  if (response && meta) response.meta = meta;
  const key = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (!meta) return;
    document.title = documentTitle(meta);
    setMetaTag('name', 'description', meta.description);
    setMetaTag('property', 'og:title', meta.title);
    setMetaTag('property', 'og:description', meta.description);
    setMetaTag('property', 'og:type', meta.type ?? 'website');
    setMetaTag('property', 'og:image', meta.image);
    setMetaTag('property', 'og:url', location.origin + location.pathname);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = location.origin + location.pathname;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the content of `meta`
  }, [key]);
}

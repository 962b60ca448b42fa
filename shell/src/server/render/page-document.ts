/**
 * The HTML document around a rendered page: the `<head>` of the page (title, description,
 * canonical URL, Open Graph, the remotes' CSS and the preload of their scripts), the page data as
 * a JSON script (../../page-data.ts), and the shell's scripts from the build's template.
 */
import { documentTitle, escapeHtml, isoOf, type LocaleCode, type ServerResponseInfo } from '@landing/shared';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../page-data';
import type { HtmlTemplate } from './render-types';

/** Escapes a JSON text for a `<script type="application/json">` element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the `<head>` of a rendered page says. */
export interface PageHeadInput {
  /** Metadata the page declared (`usePageMeta`), if any. */
  meta: ServerResponseInfo['meta'];
  lang: LocaleCode;
  /** The page's own address without its query. */
  canonical: string;
  /** Origin of the API the browser calls (preconnected). */
  apiOrigin: string;
  /** Stylesheets of the remotes rendered. */
  styles: readonly string[];
  /** Scripts of the remotes hydrated at load (preloaded). */
  scripts: readonly string[];
  template: HtmlTemplate;
}

/** The tags a rendered page adds to the build's `<head>` (see {@link PageHeadInput}). */
export function pageHead({ meta, lang, canonical, apiOrigin, styles, scripts, template }: PageHeadInput): string {
  const title = meta ? documentTitle(meta) : documentTitle({ title: '' });
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta?.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : template.description,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="Football Team">`,
    `<meta property="og:title" content="${escapeHtml(meta?.title ?? title)}">`,
    meta?.description ? `<meta property="og:description" content="${escapeHtml(meta.description)}">` : '',
    `<meta property="og:type" content="${meta?.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${isoOf(lang)}">`,
    meta?.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<link rel="preconnect" href="${escapeHtml(apiOrigin)}" crossorigin>`,
    ...styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    template.preload,
  ].join('');
}

/** The document up to the app's root element, which React's HTML follows. */
export function documentStart(lang: LocaleCode, template: HtmlTemplate, head: string): string {
  return `<!doctype html><html lang="${isoOf(lang)}"><head>${template.head}${head}</head><body><div id="root">`;
}

/** The document after React's HTML: the page data and the shell's scripts. */
export function documentEnd(data: PageData, template: HtmlTemplate): string {
  return `</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>${template.bodyEnd}</body></html>`;
}

/** A whole document with an empty root, for a page the browser renders on its own. */
export function clientOnlyDocument(lang: LocaleCode, template: HtmlTemplate, data: PageData): string {
  const head = `${template.description}<title>${escapeHtml(documentTitle({ title: '' }))}</title>`;
  return documentStart(lang, template, head) + documentEnd(data, template);
}

/**
 * The HTML document around a rendered page (render-page.tsx writes React's HTML between its two
 * halves): the `<head>` of the page (title, description, canonical URL, Open Graph, the remotes'
 * CSS and the preload of their scripts), the page data as a JSON script (../../page-data.ts), and
 * the shell's scripts from the build's template.
 */
import type { DehydratedState } from '@tanstack/react-query';
import {
  documentTitle,
  escapeHtml,
  isoOf,
  type LocaleCode,
  type ServerCode,
  type ServerResponseInfo,
  type UserData,
} from '@landing/shared';
import type { ServerFederation } from '../federation/server-federation';
import type { PageRequest } from '../pages/page-request';
import { USER_DATA_MARK } from '../players/player-page';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../page-data';
import type { HtmlTemplate, RenderedFor } from './render-types';
import type { RequestLoader } from './slot-loader';
import { isHomePath } from '../../pages/home-chunk';

/** Escapes a JSON text for a `<script type="application/json">` element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the `<head>` of a rendered page says. */
interface PageHeadInput {
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
  /** Whether the page is a home page (its chunk is preloaded too). */
  home: boolean;
  template: HtmlTemplate;
}

/** The tags a rendered page adds to the build's `<head>` (see {@link PageHeadInput}). */
function pageHead({ meta, lang, canonical, apiOrigin, styles, scripts, home, template }: PageHeadInput): string {
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
    home ? (template.pagePreload?.home ?? '') : '',
  ].join('');
}

/** The document up to the app's root element, which React's HTML follows. */
function documentStart(lang: LocaleCode, template: HtmlTemplate, head: string): string {
  return `<!doctype html><html lang="${isoOf(lang)}"><head>${template.head}${head}</head><body><div id="root">`;
}

/** The document after React's HTML: the page data and the shell's scripts. */
function documentEnd(data: PageData, template: HtmlTemplate): string {
  return `</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>${template.bodyEnd}</body></html>`;
}

/** What a rendered page's document is made of, besides React's HTML. */
export interface RenderedPageParts {
  request: PageRequest;
  /** The page's game server (the default one for a page of none): its API origin is preconnected. */
  server: ServerCode;
  /** Metadata the page declared (`usePageMeta`), if any. */
  meta: ServerResponseInfo['meta'];
  template: HtmlTemplate;
  /** The federation the page was rendered with: the remotes map and the slots' browser files. */
  federation: ServerFederation;
  /** What the render's slot loader recorded: the slots asked for, the deferred ones, the versions. */
  slots: Pick<RequestLoader, 'ids' | 'deferred' | 'versions'>;
  /** Who the page was rendered for: a player's page carries their user, a stand-in's a hole for it (player-page.ts). */
  renderedFor: RenderedFor;
  queries: DehydratedState;
  /** Dates and numbers the render formatted (key → text: render-process.ts). */
  formatted: Record<string, string>;
  /** Translations the page used (namespace → resources). */
  translations: PageData['translations'];
}

/**
 * The document of a rendered page, in the two halves React's HTML goes between: the styles of
 * every slot (its server HTML needs them), the scripts of the slots hydrated at load only, and
 * the page data.
 */
export function renderedDocument(parts: RenderedPageParts): { start: string; end: string } {
  const { request, federation, slots, renderedFor, template } = parts;
  const { lang } = request;
  const loadedSlots = [...slots.ids].filter((id) => !slots.deferred.has(id));
  const head = pageHead({
    meta: parts.meta,
    lang,
    canonical: `${request.origin}${request.url.pathname}`,
    apiOrigin: new URL(request.config.apiBaseTemplate.replace('{server}', parts.server)).origin,
    styles: federation.browserAssets([...slots.ids]).css,
    scripts: federation.browserAssets(loadedSlots).js,
    home: isHomePath(request.url.pathname),
    template,
  });
  const data: PageData = {
    config: request.config,
    remotes: federation.registered(),
    slots: loadedSlots,
    versions: slots.versions,
    lang,
    ...(renderedFor && 'standIn' in renderedFor
      ? { user: USER_DATA_MARK as unknown as UserData }
      : renderedFor && 'user' in renderedFor
        ? { user: renderedFor.user }
        : {}),
    queries: parts.queries,
    formatted: parts.formatted,
    translations: parts.translations,
  };
  return { start: documentStart(lang, template, head), end: documentEnd(data, template) };
}

/**
 * A whole document with an empty root and the page data the browser needs to render the page on
 * its own (the render of the page shell failed).
 */
export function clientOnlyDocument(
  request: PageRequest,
  template: HtmlTemplate,
  federation: ServerFederation,
  queries: DehydratedState,
): string {
  const data: PageData = {
    config: request.config,
    remotes: federation.registered(),
    slots: [],
    versions: {},
    lang: request.lang,
    queries,
    translations: {},
    clientOnly: true,
  };
  const head = `${template.description}<title>${escapeHtml(documentTitle({ title: '' }))}</title>`;
  return documentStart(request.lang, template, head) + documentEnd(data, template);
}

/**
 * The shapes between the page server and the page render (render-page.tsx): what a render needs, the
 * HTML template it writes into, and what it answers.
 */
import type { UserData } from '@landing/shared';
import type { ServerFederation } from '../federation/server-federation';
import type { ContentTopic } from '../cache/page-cache';
import type { Redirect } from '../pages/page-request';
import type { StandInPlayer } from '../players/player-page';
import type { SlotError } from './slot-loader';

/**
 * Who a page is rendered for: the logged-in player of the request (their session cookie, checked
 * with the API: session.ts), a stand-in for the page shared by every player of its game server
 * (player-page.ts), or nobody (null).
 */
export type RenderedFor = { user: UserData; token: string } | { standIn: StandInPlayer } | null;

/** What a render needs from the page server around it, besides the page request. */
export interface RenderContext {
  /** The federation of the request's composition (canary.ts `federationPool`), in sync with its remotes. */
  federation: ServerFederation;
  /** API base template the page server itself calls (e.g. `http://127.0.0.1:4000/{server}`). */
  internalApiBaseTemplate: string;
  /** The shell's built HTML page, split around the app (`buildReader` in build-reader.ts). */
  template: HtmlTemplate;
  /** Budget of the whole render (ms): remote loads and data; late parts are left to the browser. */
  budgetMs: number;
  /**
   * Who this page is rendered for: a player's page is rendered for them ("Play now", their own
   * parts) and the API is called with their session; a stand-in's render calls the API without
   * a session and the page data's `user` is a hole.
   */
  renderedFor?: RenderedFor;
}

/** The shell's HTML page cut in pieces (from shell/dist/index.html). */
export interface HtmlTemplate {
  /** `<head>` content of the build (charset, viewport, icons, manifest, shell CSS, scripts), without its title and description. */
  head: string;
  /** The build's generic `<meta name="description">` tag, for pages without their own description. */
  description: string;
  /** Scripts at the end of `<body>` (the shell's entry). */
  bodyEnd: string;
  /** Extra `<head>` tags: preload of the shell's own boot chunks. */
  preload: string;
  /** Extra `<head>` tags of a page whose code is a chunk of its own: the preload of the home page's (../../pages/home-chunk.ts). */
  pagePreload?: { home?: string };
}

/** A rendered page to stream. */
export interface PageRenderResult {
  kind: 'page';
  status: number;
  html: NodeJS.ReadableStream;
  /** slotErrors: the slots sent as their fallback (slot-loader.ts). */
  timings: { renderMs: number; slotErrors: SlotError[] };
  /** Content the page shows, from its queries (the page cache drops it when one changes). */
  topics: ContentTopic[];
}

/** The answer of a render: a redirect (an old activation link), or a page to stream. */
export type RenderResult = Redirect | PageRenderResult;

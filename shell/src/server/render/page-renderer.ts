/**
 * The page server's renders: one page to its full HTML (render-page.tsx), within the process's limit
 * of renders in flight (p-limit) and a short queue; past the queue a render is refused
 * ({@link OverloadError}, answered 503 by page-handler.ts).
 */
import pLimit from 'p-limit';
import type { BuildReader } from '../http/build-reader';
import type { EnvironmentState } from '../environment/environment';
import type { ServerFederation } from '../federation/server-federation';
import type { RenderedPage } from '../cache/page-cache';
import type { PageRequest, Redirect } from '../pages/page-request';
import { renderPage } from './render-page';
import type { SlotError } from './slot-loader';
import type { PageRenderResult, RenderedFor } from './render-types';

/**
 * The rejection of {@link PageRenderer.limited} when the render queue is full. A rejection, not a
 * value like a redirect: the page cache answers a key whose render rejects with the copy it still
 * holds (STALE), so an overloaded page server keeps serving the pages it has; without a copy the
 * rejection reaches page-handler.ts, which answers 503 (shell/test/page-overload.test.ts pins
 * both through the page handler; shell/test/page-server.test.ts the page cache's side).
 */
export class OverloadError extends Error {}

/** A render's page and its whole HTML. */
export interface RenderedHtml {
  kind: 'page';
  result: PageRenderResult;
  html: string;
}

/** Options of {@link createPageRenderer}. */
export interface PageRendererOptions {
  federation: ServerFederation;
  /** The federation of a visitor's composition (canary.ts `federationPool`; default: `federation`). */
  federationFor?(env: EnvironmentState): ServerFederation;
  /** Told of every render: its environment state, status, time (ms) and the slots sent as fallbacks (metrics.ts). */
  onRender?(env: EnvironmentState, status: number, renderMs: number, slotErrors: readonly SlotError[]): void;
  build: BuildReader;
  /** The API base template the page server calls in an environment. */
  internalBase(env: EnvironmentState): string;
  /** SSR budget per page (ms; default 600). */
  budgetMs?: number;
  /** Log each render (ms, slot errors). */
  log?: boolean;
  /** Renders in flight at once (default 4). */
  maxRenders?: number;
  /** Renders waiting for a place before new ones are refused (default 16). */
  maxQueue?: number;
}

/** Reads a rendered page's HTML stream to the end. */
function collect(html: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    html.on('data', (c: Buffer | string) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
    html.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    html.on('error', reject);
  });
}

/** A render as the page cache keeps it (page-cache.ts `RenderedPage`). */
export function toRenderedPage({ result, html }: RenderedHtml, compress?: boolean): RenderedPage {
  return {
    kind: 'page',
    status: result.status,
    html,
    topics: result.topics,
    degraded: result.timings.slotErrors.length > 0,
    renderMs: result.timings.renderMs,
    ...(compress === undefined ? {} : { compress }),
  };
}

/** The renders of one page server. */
export function createPageRenderer(o: PageRendererOptions) {
  const renders = pLimit(o.maxRenders ?? 4);
  const maxQueue = o.maxQueue ?? 16;

  return {
    /**
     * Renders a page to its full HTML (outside the limit: see {@link limited}), or answers the
     * redirect of an old activation link (routing/RemoteRoutes.tsx `tokenPathTarget`).
     * @param renderedFor  who the page is rendered for: `req.player`, a stand-in (shared player pages) or nobody
     */
    async render(req: PageRequest, renderedFor: RenderedFor): Promise<RenderedHtml | Redirect> {
      const { url, env } = req;
      const federation = o.federationFor?.(env) ?? o.federation;
      federation.sync(env.remotes, env.pins);
      const result = await renderPage(req, {
        federation,
        internalApiBaseTemplate: o.internalBase(env),
        template: o.build.template(),
        budgetMs: o.budgetMs ?? 600,
        renderedFor,
      });
      if (result.kind === 'redirect') return result;
      const html = await collect(result.html);
      o.onRender?.(env, result.status, result.timings.renderMs, result.timings.slotErrors);
      if (o.log)
        console.log(
          `[ssr] ${result.status} ${url.pathname} ${result.timings.renderMs.toFixed(1)} ms${result.timings.slotErrors.length ? ` (browser renders: ${result.timings.slotErrors.map((e) => `${e.slot ?? 'shell'} ${e.reason}: ${e.message}`).join('; ')})` : ''}`,
        );
      return { kind: 'page', result, html };
    },

    /**
     * Runs `work` (a render) within the process's limit.
     * @throws {OverloadError} (rejected) when the queue is full
     */
    limited<T>(work: () => Promise<T>): Promise<T> {
      if (renders.pendingCount >= maxQueue) return Promise.reject(new OverloadError('render queue full'));
      return renders(work);
    },

    /** Renders in flight and waiting. */
    load: (): { active: number; queued: number } => ({ active: renders.activeCount, queued: renders.pendingCount }),
  };
}

/** The renders of one page server ({@link createPageRenderer}). */
export type PageRenderer = ReturnType<typeof createPageRenderer>;

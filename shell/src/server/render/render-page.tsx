/**
 * Server-side rendering of one page of the federated composition (docs/ARCHITECTURE.md "A page, from request to hydration"):
 * React to HTML. The document around it is page-document.ts; what the process sets up once for
 * every render is render-process.ts.
 *
 * Per page request (page-request.ts: its route, language and player worked out before), the page
 * is rendered with streaming `react-dom/server` under react-router's `<StaticRouter>`, with a
 * request-scoped store (the page's server and language), i18n instance, query cache and API
 * client (render-api-client.ts). An old activation link is answered with a redirect instead
 * (`tokenPathTarget`): it is returned as a value.
 * Remote slots load their exposed module from the remote's server build through the federation
 * runtime, within the time budget (slot-loader.ts). When everything is ready (or the budget is
 * over) the HTML is written into the build's template (page-document.ts).
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import * as ReactQuery from '@tanstack/react-query';
import {
  DEFAULT_SERVER,
  DataProvider,
  RequestScope,
  createLandingStore,
  createQueryClient,
  i18n,
  isoOf,
  pageTranslations,
  translationsReady,
  provideQueryRuntime,
  setRuntimeConfig,
  type ServerResponseInfo,
} from '@landing/shared';
import { CONTENT_TOPICS } from '../cache/page-cache';
import { topicsOf } from '../cache/query-topics';
import type { PageRequest } from '../pages/page-request';
import { clientOnlyDocument, renderedDocument } from './page-document';
import { recordingFormattedTexts } from './render-process';
import { recordRenderError, requestLoader, type SlotError } from './slot-loader';
import type { RenderContext, RenderResult } from './render-types';
import { renderApiClient } from './render-api-client';
import { RemoteLoaderContext } from '../../remotes/RemoteSlot';
import { SiteRoutes } from '../../routing/router';
import { tokenPathTarget } from '../../routing/RemoteRoutes';
import { landingQuery } from '../../data/queries';

// The page server imports TanStack Query itself (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);

/**
 * Renders one page request.
 * @param request  the page request (page-request.ts)
 * @param ctx      see {@link RenderContext}
 * @returns the page to stream, or the redirect of an old activation link
 */
export async function renderPage(request: PageRequest, ctx: RenderContext): Promise<RenderResult> {
  const t0 = performance.now();
  const deadline = t0 + ctx.budgetMs;
  const { url, lang, config } = request;
  const tokenTarget = tokenPathTarget(url.pathname);
  if (tokenTarget) return { kind: 'redirect', status: 302, location: tokenTarget };

  // One process serves one environment: its config is the process-wide runtime config too
  // (apiBaseFor, the production flag of the status pages).
  setRuntimeConfig(config);
  const server = request.server ?? DEFAULT_SERVER;
  const standIn = ctx.renderedFor && 'standIn' in ctx.renderedFor ? ctx.renderedFor.standIn : null;
  const store = createLandingStore({
    persisted: false,
    initial: {
      selectedServer: server,
      serverLangLocale: lang,
      userData: standIn?.user ?? (ctx.renderedFor && 'user' in ctx.renderedFor ? ctx.renderedFor.user : null),
    },
  });
  const requestI18n = i18n.cloneInstance({ lng: isoOf(lang), initAsync: false });
  const queryClient = createQueryClient('server');
  const api = renderApiClient(ctx.internalApiBaseTemplate, config, ctx.renderedFor);
  const response: ServerResponseInfo = { status: 200 };
  const slotErrors: SlotError[] = [];
  const slots = requestLoader(ctx.federation, deadline, slotErrors);

  // The landing config decides the technical break (503) before anything renders.
  if (request.server) {
    await Promise.race([
      queryClient.prefetchQuery(landingQuery(api, { server: request.server, lang })),
      new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())).unref()),
    ]);
  }

  await translationsReady();
  const tree = (
    <I18nextProvider i18n={requestI18n}>
      <DataProvider client={queryClient}>
        <RequestScope store={store} api={api} response={response}>
          <RemoteLoaderContext.Provider value={slots.loader}>
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <SiteRoutes />
            </StaticRouter>
          </RemoteLoaderContext.Provider>
        </RequestScope>
      </DataProvider>
    </I18nextProvider>
  );

  /** What the render aborts with when the budget is over (its pending slots then count as `budget`). */
  const budgetAbort = new Error('SSR budget exceeded');
  return new Promise((resolve) => {
    let settled = false;
    const timer: { abort?: NodeJS.Timeout } = {};
    const formatted = new Map<string, string>();
    const stream = recordingFormattedTexts(formatted, () =>
      renderToPipeableStream(tree, {
        // Everything is ready before the first byte goes out (onAllReady): write every boundary
        // in place, none outlined behind a reveal script.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          clearTimeout(timer.abort);
          if (settled) return;
          settled = true;
          standIn?.stop();
          const renderMs = performance.now() - t0;
          const { start, end } = renderedDocument({
            request,
            server,
            meta: response.meta,
            template: ctx.template,
            federation: ctx.federation,
            slots,
            renderedFor: ctx.renderedFor ?? null,
            queries: ReactQuery.dehydrate(queryClient),
            formatted: Object.fromEntries(formatted),
            translations: pageTranslations(
              requestI18n,
              lang,
              (requestI18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [],
            ),
          });
          const out = new PassThrough();
          out.write(start);
          const body = new PassThrough();
          body.on('data', (chunk) => out.write(chunk));
          body.on('end', () => out.end(end));
          stream.pipe(body);
          const topics = topicsOf(
            queryClient
              .getQueryCache()
              .getAll()
              .map((q) => q.queryKey),
          );
          resolve({ kind: 'page', status: response.status, html: out, timings: { renderMs, slotErrors }, topics });
        },
        onShellError(error) {
          clearTimeout(timer.abort);
          if (settled) return;
          settled = true;
          // A bug in the shell itself (remotes are inside Suspense boundaries): the page is sent
          // empty with its data and the browser renders it on its own.
          console.error('[ssr] the page shell failed; the browser renders this page', error);
          resolve({
            kind: 'page',
            status: 500,
            html: PassThrough.from([clientOnlyDocument(request, ctx.template, ctx.federation, ReactQuery.dehydrate(queryClient))]),
            timings: { renderMs: performance.now() - t0, slotErrors },
            topics: [...CONTENT_TOPICS],
          });
        },
        onError(error, info) {
          // Attributed to the slot it came from (its remote and version count it: metrics.ts).
          recordRenderError(slotErrors, error, info?.componentStack ?? undefined, budgetAbort);
        },
      }),
    );
    // Safety net for data that has not arrived: pending boundaries are sent as fallbacks and the
    // browser renders them. setImmediate lets React first take in the slot loads the budget just
    // rejected (aborting in the same timer phase leaves a pending lazy React complains about).
    timer.abort = setTimeout(() => setImmediate(() => stream.abort(budgetAbort)), Math.max(0, deadline - performance.now()));
  });
}

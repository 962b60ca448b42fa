/**
 * Server-side rendering of one page of the federated composition (docs/ARCHITECTURE.md "A page, from request to hydration").
 *
 * Per page request (page-request.ts: its route, language and player worked out before), the page
 * is rendered with streaming `react-dom/server` under react-router's static handler, with a
 * request-scoped store (the page's server and language), i18n instance, query cache and API
 * client (render-api-client.ts). A route loader may answer a redirect instead (an old activation
 * link): it is returned as a value.
 * Remote slots load their exposed module from the remote's server build through the federation
 * runtime, within the time budget (slot-loader.ts). When everything is ready (or the budget is
 * over) the HTML is written into the build's template (page-document.ts): head metadata, links to
 * the remotes' CSS, preload of their JS, the page data (config, remotes map, dehydrated queries)
 * as a JSON script, and the shell's scripts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import {
  DEFAULT_SERVER,
  RequestScope,
  createLandingStore,
  createQueryClient,
  i18n,
  initI18n,
  isoOf,
  pageTranslations,
  registerTranslationLoaders,
  translationsReady,
  setFormatRecorder,
  setRuntimeConfig,
  type ServerResponseInfo,
  type UserData,
} from '@landing/shared';
import { CONTENT_TOPICS } from '../cache/page-cache';
import { clientOnlyDocument, documentEnd, documentStart, pageHead } from './page-document';
import type { PageRequest } from '../pages/page-request';
import { USER_DATA_MARK } from '../players/player-page';
import { topicsOf } from '../cache/query-topics';
import { recordRenderError, requestLoader, type SlotError } from './slot-loader';
import type { RenderContext, RenderResult } from './render-types';
import { serverApiClient } from './render-api-client';
import { RemoteLoaderContext } from '../../remotes/RemoteSlot';
import { routes } from '../../routing/router';
import { landingQuery } from '../../data/queries';
import { loaders as shellTranslations } from '../../i18n';
import type { PageData } from '../../page-data';

// The shell's own translations, every language (remotes register theirs when their server build
// loads); renders wait for them (translationsReady).
initI18n('en');
registerTranslationLoaders('shell', shellTranslations);

// Each render records the dates and numbers it formats (the browser hydrates with these texts
// instead of loading Intl data: shared/src/format.ts). React continues a render from the promises
// it awaited, so the store follows the render across its awaits and never mixes two requests.
const formattedTexts = new AsyncLocalStorage<Map<string, string>>();
setFormatRecorder(() => formattedTexts.getStore());

/**
 * Renders one page request.
 * @param request  the page request (page-request.ts)
 * @param ctx      see {@link RenderContext}
 * @returns the page to stream, or the redirect a route loader answered
 */
export async function renderPage(request: PageRequest, ctx: RenderContext): Promise<RenderResult> {
  const t0 = performance.now();
  const deadline = t0 + ctx.budgetMs;
  const { url, lang, config } = request;

  // One process serves one environment: its config is the process-wide runtime config too
  // (apiBaseFor, the production flag of the status pages).
  setRuntimeConfig(config);
  const server = request.server ?? DEFAULT_SERVER;
  const standIn = ctx.viewer && 'standIn' in ctx.viewer ? ctx.viewer.standIn : null;
  const store = createLandingStore({
    persisted: false,
    initial: {
      selectedServer: server,
      serverLangLocale: lang,
      userData: standIn?.user ?? (ctx.viewer && 'user' in ctx.viewer ? ctx.viewer.user : null),
    },
  });
  const requestI18n = i18n.cloneInstance({ lng: isoOf(lang), initAsync: false });
  const queryClient = createQueryClient('server');
  const api = serverApiClient(ctx.internalApiBaseTemplate, config, ctx.viewer);
  const response: ServerResponseInfo = { status: 200 };
  const slotErrors: SlotError[] = [];
  const { loader, ids, deferred, versions } = requestLoader(ctx.federation, deadline, slotErrors);

  // The landing config decides the technical break (503) before anything renders.
  if (request.server) {
    await Promise.race([
      queryClient.prefetchQuery(landingQuery(api, { server: request.server, lang })),
      new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())).unref()),
    ]);
  }

  await translationsReady();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href, { headers: { cookie: request.cookie ?? '' } }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: 302, location: context.headers.get('Location') ?? `/${server}` };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <I18nextProvider i18n={requestI18n}>
      <QueryClientProvider client={queryClient}>
        <RequestScope store={store} api={api} response={response}>
          <RemoteLoaderContext.Provider value={loader}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RemoteLoaderContext.Provider>
        </RequestScope>
      </QueryClientProvider>
    </I18nextProvider>
  );
  if (context.statusCode && context.statusCode !== 200) response.status = context.statusCode;

  /** What the render aborts with when the budget is over (its pending slots then count as `budget`). */
  const budgetAbort = new Error('SSR budget exceeded');
  return new Promise((resolve) => {
    let settled = false;
    const timer: { abort?: NodeJS.Timeout } = {};
    const formatted = new Map<string, string>();
    const stream = formattedTexts.run(formatted, () =>
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
          const out = new PassThrough();
          // Styles of every slot (its server HTML needs them); scripts of the slots hydrated at load only.
          const head = pageHead({
            meta: response.meta,
            lang,
            canonical: `${request.origin}${url.pathname}`,
            apiOrigin: new URL(config.apiBaseTemplate.replace('{server}', server)).origin,
            styles: ctx.federation.browserAssets([...ids]).css,
            scripts: ctx.federation.browserAssets([...ids].filter((id) => !deferred.has(id))).js,
            template: ctx.template,
          });
          const data: PageData = {
            config,
            remotes: ctx.federation.registered(),
            slots: [...ids].filter((id) => !deferred.has(id)),
            versions,
            lang,
            ...(standIn
              ? { user: USER_DATA_MARK as unknown as UserData }
              : ctx.viewer && 'user' in ctx.viewer
                ? { user: ctx.viewer.user }
                : {}),
            queries: dehydrate(queryClient),
            formatted: Object.fromEntries(formatted),
            translations: pageTranslations(
              requestI18n,
              lang,
              (requestI18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [],
            ),
          };
          out.write(documentStart(lang, ctx.template, head));
          const body = new PassThrough();
          body.on('data', (chunk) => out.write(chunk));
          body.on('end', () => {
            out.end(documentEnd(data, ctx.template));
          });
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
          const data: PageData = {
            config,
            remotes: ctx.federation.registered(),
            slots: [],
            versions: {},
            lang,
            queries: dehydrate(queryClient),
            translations: {},
            clientOnly: true,
          };
          resolve({
            kind: 'page',
            status: 500,
            html: PassThrough.from([clientOnlyDocument(lang, ctx.template, data)]),
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

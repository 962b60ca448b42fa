/**
 * Server-side rendering of one page of the federated composition (docs/ARCHITECTURE.md "SSR path").
 *
 * Per request: the route rules of spec §2 first (legacy codes, unknown servers and `/` answer a
 * redirect), then the page is rendered with streaming `react-dom/server` under react-router's
 * static handler, with a request-scoped store (the page's server and the `i18n_redirected`
 * language), i18n instance, query cache and API client. Remote slots load their exposed module
 * from the remote's server build through the federation runtime, within the time budget; a slot
 * that misses it or throws is sent as its translated fallback and rendered again by the browser.
 * When everything is ready (or the budget is over) the HTML is written: head metadata, links to
 * the remotes' CSS, preload of their JS, the page data (config, remotes map, dehydrated queries)
 * as a JSON script, and the shell's scripts.
 */
import type { RemotesMap } from '@landing/shared';
import { Agent as HttpAgent } from 'node:http';
import { PassThrough } from 'node:stream';
import { lazy, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import {
  COOKIES,
  DEFAULT_SERVER,
  LOCALE_CODES,
  RequestScope,
  createLandingStore,
  createQueryClient,
  documentTitle,
  findLocale,
  i18n,
  initI18n,
  isoOf,
  pageTranslations,
  registerTranslationLoaders,
  translationsReady,
  setRuntimeConfig,
  serversFor,
  type ExposedModuleId,
  type LocaleCode,
  type RemoteContracts,
  type RemoteName,
  type RuntimeConfig,
  type ServerCode,
  type ServerResponseInfo,
  type UserData,
} from '@landing/shared';
import { CONTENT_TOPICS, type ContentTopic } from './pageCache';
import { USER_DATA_MARK, type StandInPlayer } from './playerPage';
import { RemoteLoaderContext, checkExposed, type RemoteLoader, type SlotHydration } from '../remotes/RemoteSlot';
import { normaliseServerRoute } from '../routing/normalise';
import { routes } from '../routing/router';
import { landingQuery } from '../data/queries';
import { loaders as shellTranslations } from '../i18n';
import type { ServerFederation } from './federation';
import type { PageData } from '../pageData';
import { PAGE_DATA_ELEMENT_ID } from '../pageData';

// The shell's own translations, every language (remotes register theirs when their server build
// loads); renders wait for them (translationsReady).
initI18n('en');
registerTranslationLoaders('shell', shellTranslations);

/** What a render needs from the server around it. */
export interface RenderContext {
  federation: ServerFederation;
  /** The environment's public config (what the browser gets). */
  config: RuntimeConfig;
  /** The remotes map of this request (remotes.json as read now). */
  remotes: RemotesMap;
  /** API base template the server itself calls (e.g. `http://127.0.0.1:4000/{server}`). */
  internalApiBaseTemplate: string;
  /** The shell's built HTML page, split around the app (see `templateReader` in http.ts). */
  template: HtmlTemplate;
  /** Budget of the whole render (ms): remote loads and data; late parts are left to the browser. */
  budgetMs: number;
  /**
   * The logged-in player of this request (their session cookie, checked with the API), or null:
   * the page is rendered for them ("Play now", their own parts) and the API is called with their
   * session (session.ts). A stand-in renders the page shared by every player of its server
   * (playerPage.ts): the API is called without a session and the page data's `user` is a hole.
   */
  viewer?: { user: UserData; token: string } | { standIn: StandInPlayer } | null;
  /** Public origin of the site, for canonical and Open Graph URLs (e.g. `https://royal.example`). */
  origin: string;
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
}

/** The answer of a render: a redirect, or a page to stream. */
export type RenderResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: number;
      html: NodeJS.ReadableStream;
      timings: { renderMs: number; slotErrors: string[] };
      /** Content the page shows, from its queries (the page cache drops it when one changes). */
      topics: ContentTopic[];
    };

/** Which content topics of the API's change stream each query (by the first part of its key) reads. */
const QUERY_TOPICS: Record<string, ContentTopic[]> = {
  landing: ['core'],
  servers: ['core'],
  newsletter: ['core'],
  auth: ['core'],
  stats: ['leaderboard'],
  leaderboard: ['leaderboard'],
  news: ['news', 'leaderboard'],
  bets: ['bets', 'leaderboard', 'core'],
};

/** The topics of a render's queries; a query of an unknown kind counts as every topic. */
export function topicsOf(queryKeys: ReadonlyArray<readonly unknown[]>): ContentTopic[] {
  const topics = new Set<ContentTopic>(['core']);
  for (const key of queryKeys) for (const t of QUERY_TOPICS[String(key[0])] ?? CONTENT_TOPICS) topics.add(t);
  return [...topics];
}

/** Reads one cookie from a Cookie header. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Spec §1: the language stored in `i18n_redirected`, English by default (no detection). */
export function languageOf(cookieHeader: string | undefined): LocaleCode {
  const value = cookieOf(cookieHeader, COOKIES.language);
  return value && (LOCALE_CODES as readonly string[]).includes(value) ? (value as LocaleCode) : (findLocale('en')!.code as LocaleCode);
}

/**
 * Spec §2 route rules on the server: `/` goes to the remembered server, legacy and unknown
 * servers redirect (carrying partner/ref), a known server renders.
 * @returns the server of the page, or the redirect target
 */
export function routeOf(
  url: URL,
  cookieHeader: string | undefined,
  production: boolean,
): { kind: 'ok'; server: ServerCode | null } | { kind: 'redirect'; to: string } {
  const lastLocale = cookieOf(cookieHeader, COOKIES.lastLocale);
  const segments = url.pathname.split('/');
  const segment = segments[1] ?? '';
  if (segment === '') {
    const known = serversFor(production).map((s) => s.value as string);
    return { kind: 'redirect', to: `/${lastLocale && known.includes(lastLocale) ? lastLocale : DEFAULT_SERVER}${url.search}` };
  }
  if (segment === 'auth_callback' || segment === 'auth') return { kind: 'ok', server: null };
  const result = normaliseServerRoute({
    segment,
    rest: url.pathname.slice(segment.length + 1),
    search: url.search,
    production,
    lastLocale,
  });
  return result.kind === 'redirect' ? { kind: 'redirect', to: result.to } : { kind: 'ok', server: result.server };
}

/** Connections to the API are kept open between renders (no TCP handshake per API call). */
const apiAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });

/**
 * The API client of one request: the internal API base, the page's language, the viewer's session
 * (spec §7 `X-Auth-Token`, `X-Auth-Id`) when there is one, the §8 swallow rules without toasts.
 */
function serverApiClient(internalApiBaseTemplate: string, config: RuntimeConfig, viewer: RenderContext['viewer']): AxiosInstance {
  const client = axios.create({
    timeout: 2000,
    httpAgent: apiAgent,
    headers: {
      Accept: 'application/json',
      ...(viewer && 'token' in viewer ? { 'X-Auth-Token': viewer.token, 'X-Auth-Id': viewer.user.id } : {}),
    },
  });
  client.interceptors.request.use((req) => {
    // Queries name the public base of their server; the server calls the API where it can reach it.
    const server = /\/([a-z]+)\/?$/.exec(req.baseURL ?? '')?.[1] ?? DEFAULT_SERVER;
    if (req.baseURL?.startsWith(config.apiBaseTemplate.split('{server}')[0]!))
      req.baseURL = internalApiBaseTemplate.replace('{server}', server);
    return req;
  });
  if (viewer && 'standIn' in viewer) {
    // A page shared by players may only show what the API lets shared caches keep: an answer
    // that is not `public` (a per-viewer route, an error) makes the render the player's own.
    const standIn = viewer.standIn;
    client.interceptors.response.use(
      (res) => {
        if (!/\bpublic\b/.test(String(res.headers['cache-control'] ?? ''))) standIn.markPersonal();
        return res;
      },
      (error: unknown) => {
        standIn.markPersonal();
        throw error;
      },
    );
  }
  client.interceptors.response.use(undefined, (error: unknown) => {
    // Spec §8: 404 'NEWS NOT FOUND' and 422 INVALID_VOTE are answers the page shows, not failures.
    if (error instanceof AxiosError && error.response) {
      const body = (error.response.data ?? {}) as { error?: string; message?: string };
      const code = body.error ?? body.message;
      if ((error.response.status === 404 && code === 'NEWS NOT FOUND') || (error.response.status === 422 && code === 'INVALID_VOTE'))
        return error.response;
    }
    throw error;
  });
  return client;
}

/** Escapes a JSON text for a `<script type="application/json">` element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A loader for one request: every exposed module races the rest of the budget; ids and the
 * versions rendered are recorded for the page data and the preload links.
 */
function requestLoader(federation: ServerFederation, deadline: number, slotErrors: string[]) {
  const ids = new Set<ExposedModuleId>();
  /** Slots whose browser code waits until they are visible (no preload of their scripts). */
  const deferred = new Set<ExposedModuleId>();
  const versions: Partial<Record<RemoteName, string>> = {};
  const lazies = new Map<string, ComponentType<never>>();
  const loader: RemoteLoader = {
    side: 'server',
    componentFor<Id extends ExposedModuleId>(id: Id, _attempt: number, hydration: SlotHydration) {
      ids.add(id);
      if (hydration === 'visible') deferred.add(id);
      let comp = lazies.get(id);
      if (!comp) {
        comp = lazy(async () => {
          const left = Math.max(0, deadline - performance.now());
          const load = federation.load(id);
          load.catch(() => undefined); // a late load still warms the next request
          let timer: NodeJS.Timeout | undefined;
          const budget = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${id}: not loaded within the SSR budget`)), left);
          });
          try {
            const mod = checkExposed(id, (await Promise.race([load, budget])) as never);
            await Promise.race([translationsReady(), budget]); // the remote's texts, every language
            return mod;
          } catch (e) {
            slotErrors.push(String((e as Error).message ?? e).split('\n')[0]!);
            throw e;
          } finally {
            clearTimeout(timer);
          }
        }) as ComponentType<never>;
        lazies.set(id, comp);
      }
      return comp as unknown as ComponentType<RemoteContracts[Id]>;
    },
    useVersion(remote) {
      const v = federation.versionOf(remote);
      if (v) versions[remote] = v;
      return v;
    },
  };
  return { loader, ids, deferred, versions };
}

/**
 * Renders one page request.
 * @param url      the request URL (absolute)
 * @param headers  request headers (cookie)
 * @param ctx      see {@link RenderContext}
 */
export async function renderPage(url: URL, headers: { cookie?: string }, ctx: RenderContext): Promise<RenderResult> {
  const t0 = performance.now();
  const deadline = t0 + ctx.budgetMs;
  const route = routeOf(url, headers.cookie, ctx.config.production);
  if (route.kind === 'redirect') return { kind: 'redirect', status: 302, location: route.to };

  // One process serves one environment: its config is the process-wide runtime config too
  // (apiBaseFor, the production flag of the status pages).
  setRuntimeConfig(ctx.config);
  const lang = languageOf(headers.cookie);
  const server = route.server ?? DEFAULT_SERVER;
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
  const api = serverApiClient(ctx.internalApiBaseTemplate, ctx.config, ctx.viewer);
  const response: ServerResponseInfo = { status: 200 };
  const slotErrors: string[] = [];
  const { loader, ids, deferred, versions } = requestLoader(ctx.federation, deadline, slotErrors);

  // The landing config decides the technical break (503) before anything renders.
  if (route.server) {
    await Promise.race([
      queryClient.prefetchQuery(landingQuery(api, { server: route.server, lang })),
      new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())).unref()),
    ]);
  }

  await translationsReady();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href, { headers: { cookie: headers.cookie ?? '' } }));
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

  return new Promise((resolve) => {
    let settled = false;
    const timer: { abort?: NodeJS.Timeout } = {};
    const stream = renderToPipeableStream(tree, {
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
        const meta = response.meta;
        const title = meta ? documentTitle(meta) : documentTitle({ title: '' });
        const canonical = `${ctx.origin}${url.pathname}`;
        // Styles of every slot (its server HTML needs them); scripts of the slots hydrated at load only.
        const styles = ctx.federation.browserAssets([...ids]).css;
        const scripts = ctx.federation.browserAssets([...ids].filter((id) => !deferred.has(id))).js;
        const head = [
          `<title>${escapeText(title)}</title>`,
          meta?.description ? `<meta name="description" content="${escapeAttr(meta.description)}">` : ctx.template.description,
          `<link rel="canonical" href="${escapeAttr(canonical)}">`,
          `<meta property="og:site_name" content="Football Team">`,
          `<meta property="og:title" content="${escapeAttr(meta?.title ?? title)}">`,
          meta?.description ? `<meta property="og:description" content="${escapeAttr(meta.description)}">` : '',
          `<meta property="og:type" content="${meta?.type ?? 'website'}">`,
          `<meta property="og:url" content="${escapeAttr(canonical)}">`,
          `<meta property="og:locale" content="${isoOf(lang)}">`,
          meta?.image ? `<meta property="og:image" content="${escapeAttr(meta.image)}">` : '',
          `<link rel="preconnect" href="${escapeAttr(new URL(ctx.config.apiBaseTemplate.replace('{server}', server)).origin)}" crossorigin>`,
          ...styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
          ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeAttr(href)}">`),
          ctx.template.preload,
        ].join('');
        const data: PageData = {
          config: ctx.config,
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
          translations: pageTranslations(
            requestI18n,
            lang,
            (requestI18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [],
          ),
        };
        out.write(`<!doctype html><html lang="${isoOf(lang)}"><head>${ctx.template.head}${head}</head><body><div id="root">`);
        const body = new PassThrough();
        body.on('data', (chunk) => out.write(chunk));
        body.on('end', () => {
          out.end(
            `</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>${ctx.template.bodyEnd}</body></html>`,
          );
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
          config: ctx.config,
          remotes: ctx.federation.registered(),
          slots: [],
          versions: {},
          lang,
          queries: dehydrate(queryClient),
          translations: {},
          clientOnly: true,
        };
        const html = `<!doctype html><html lang="${isoOf(lang)}"><head>${ctx.template.head}${ctx.template.description}<title>${escapeText(documentTitle({ title: '' }))}</title></head><body><div id="root"></div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>${ctx.template.bodyEnd}</body></html>`;
        resolve({
          kind: 'page',
          status: 500,
          html: PassThrough.from([html]),
          timings: { renderMs: performance.now() - t0, slotErrors },
          topics: [...CONTENT_TOPICS],
        });
      },
      onError(error) {
        const message = String((error as Error)?.message ?? error).split('\n')[0]!;
        if (!slotErrors.includes(message)) slotErrors.push(message);
      },
    });
    // Safety net for data that has not arrived: pending boundaries are sent as fallbacks and the
    // browser renders them. setImmediate lets React first take in the slot loads the budget just
    // rejected (aborting in the same timer phase leaves a pending lazy React complains about).
    timer.abort = setTimeout(
      () => setImmediate(() => stream.abort(new Error('SSR budget exceeded'))),
      Math.max(0, deadline - performance.now()),
    );
  });
}

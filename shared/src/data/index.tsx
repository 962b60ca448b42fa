/**
 * Server data of every app: one TanStack Query cache, a shared
 * singleton like react, filled on the server during SSR, dehydrated into the HTML and hydrated in
 * the browser, so a page's data is fetched once. The zustand store keeps client state only.
 *
 * What a request needs that differs per page view on the server (the store with the page's
 * server and language, the HTTP client pointed at the API) comes from React context, never from a
 * module-level singleton, because one server process renders many requests at once. In the
 * browser the contexts default to the app-wide singletons (`landingStore`, `apiClient`).
 */
import { useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { FetchQueryOptions, QueryClient, QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { apiClient } from '../api/client';
import { onLogout } from '../auth';
import type { LocaleCode, ServerCode } from '../config';
import { apiBaseFor } from '../runtime-config';
import { landingStore, type LandingState, type LandingStore } from '../store';
import { ApiClientContext, ResponseContext, StoreContext } from './contexts';
import { IS_SERVER, QueryClientSlot, browserQueryClient, forgetViewerData, isViewerQueryKey, queryRuntime } from './query-runtime';

import type { ServerResponseInfo } from './contexts';

export type { ServerResponseInfo };
export { SITE_NAME, documentTitle, usePageMeta, type PageMeta } from './page-meta';
export {
  BROWSER_STALE_TIME_MS,
  IS_SERVER,
  VIEWER_KEY_PREFIX,
  browserQueryClient,
  browserQueryClientIfMade,
  createQueryClient,
  forgetViewerData,
  isViewerQueryKey,
  loadBrowserQueryClient,
  loadQueryRuntime,
  provideQueryRuntime,
  queryRuntime,
  seedQueryCache,
  useQueryData,
  viewerKey,
  type QueryDataConfig,
  type QueryDataOptions,
  type QueryRuntime,
} from './query-runtime';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards (and in
 * a client-only render). Parts that depend on the browser alone (cookies, localStorage, the
 * install state) render only once it is true, so hydration never meets markup the server could
 * not know.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A query cache around a tree, for TanStack Query's hooks (`useQuery`, `useMutation`,
 * `useQueryClient`), {@link usePageQuery} and {@link useQueryData}: the given `client` (the page
 * server's per request, a test's), else the one of the tree above (nested: no change), else the
 * browser's one cache ({@link browserQueryClient}). The
 * runtime must be loaded ({@link loadQueryRuntime}; the page server and tests provide it). In the
 * browser a logout drops the given cache's per-viewer queries ({@link forgetViewerData}; the
 * browser's own cache does that itself).
 */
export function DataProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const above = useContext(QueryClientSlot);
  const cache = client ?? above ?? browserQueryClient();
  const { QueryClientProvider } = queryRuntime();
  useEffect(() => (client ? onLogout(() => forgetViewerData(client)) : undefined), [client]);
  return (
    <QueryClientSlot.Provider value={cache}>
      <QueryClientProvider client={cache}>{children}</QueryClientProvider>
    </QueryClientSlot.Provider>
  );
}

/**
 * Provides the request's store, HTTP client and response info to every app of the tree (the SSR
 * server gives each request its own; the browser needs none: the hooks default to the
 * singletons).
 */
export function RequestScope({
  store,
  api,
  response,
  children,
}: {
  store: LandingStore;
  api: ApiClient;
  response: ServerResponseInfo;
  children: ReactNode;
}) {
  return (
    <StoreContext.Provider value={store}>
      <ApiClientContext.Provider value={api}>
        <ResponseContext.Provider value={response}>{children}</ResponseContext.Provider>
      </ApiClientContext.Provider>
    </StoreContext.Provider>
  );
}

/**
 * Sets the HTTP status of a server-rendered page (e.g. 404 for an unknown article, spec §8), read
 * by the page server once the page is rendered. Does nothing in the browser. The highest status
 * any component sets wins.
 */
export function useResponseStatus(status: number): void {
  const response = useContext(ResponseContext);
  if (response && status > response.status) response.status = status;
}

/** The store of this render: the request's on the server, `landingStore` in the browser. */
export function useLandingStoreApi(): LandingStore {
  return useContext(StoreContext) ?? landingStore;
}

/** The browser store's state when hydration began ({@link beginHydration}); null before. */
let hydrationState: LandingState | null = null;

/**
 * Records the store's state as hydration renders it: call right before `hydrateRoot`, once the
 * shell has set the page's server and language as the server rendered them. Parts of the page
 * that hydrate later (a remote slot whose code arrives after the session was restored) still
 * hydrate with these values, so they match the server's HTML, and update right after.
 * @param store  the browser's store (default `landingStore`)
 */
export function beginHydration(store: LandingStore = landingStore): void {
  hydrationState = store.getState();
}

/**
 * React hook over the store of this render: `useLandingStore((s) => s.selectedServer)`.
 * While the browser hydrates, it reads the state recorded by {@link beginHydration} (zustand's
 * own hook would read the store's creation-time state), so the shell's start-up values (the
 * page's server and language, set before hydration exactly as the server rendered them) are what
 * hydration sees, however late a part hydrates; without a recording, the store as it is. On the
 * server, the request's store. Selectors must return stable values (a slice of the state, not a
 * new object).
 */
export function useLandingStore<T>(selector: (s: LandingState) => T): T {
  const api = useLandingStoreApi();
  const read = () => selector(api.getState());
  const readHydration = () => selector(api === landingStore && hydrationState ? hydrationState : api.getState());
  return useSyncExternalStore(api.subscribe, read, readHydration);
}

/** The HTTP client of this render: a per-request client on the server, `apiClient` in the browser. */
export function useApiClient(): ApiClient {
  return useContext(ApiClientContext) ?? apiClient;
}

/** What a public read needs to name its data: the game server and the content language. */
export interface ReadScope {
  server: ServerCode;
  lang: LocaleCode;
}

/** The read scope of this render: the page's server (from props) and the interface language (`serverLangLocale`). */
export function useReadScope(server: ServerCode): ReadScope {
  const lang = useLandingStore((s) => s.serverLangLocale);
  return { server, lang };
}

/**
 * GET of a public API answer for one server and language (spec §7: base per server, `X-Lang`,
 * `X-Server-Id`), independent of the store so it can run on the server.
 * @param api     the client of this render ({@link useApiClient})
 * @param scope   server and language
 * @param path    path under the server's API base, e.g. `/news`
 * @param params  query parameters
 * @throws AxiosError as the client throws it (in the browser after its §8 toast)
 */
export async function apiGet<T>(
  api: ApiClient,
  scope: ReadScope,
  path: string,
  params?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  const { data } = await api.get<T>(path, {
    baseURL: apiBaseFor(scope.server),
    headers: { 'X-Lang': scope.lang, 'X-Server-Id': scope.server },
    params,
    signal,
  });
  return data;
}

/** Options of {@link usePageQuery} (from `queryOptions`): always enabled, with a real query function (no `skipToken`). */
export type PageQueryOptions<T, K extends QueryKey = QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'enabled' | 'placeholderData'>;

/** How {@link usePageQuery} behaves when its key changes. */
export interface PageQueryConfig {
  /**
   * In the browser, while a new key loads, keep showing the previous key's data (a language
   * switch, the next page): `true` (default), `false`, or a test of the previous key (an article
   * keeps only its own previous data, never another article's). Such data has `isPlaceholderData`.
   */
  keepPrevious?: boolean | ((previousKey: QueryKey) => boolean);
}

/** Stand-in options of a page query that does not run (`null` options): the query stays disabled. */
const SKIPPED = { queryKey: ['page-query', 'skipped'], queryFn: () => Promise.reject(new Error('skipped page query')) };

function usePageQueryBrowser<T, K extends QueryKey>(
  options: PageQueryOptions<T, K> | null,
  { keepPrevious = true }: PageQueryConfig = {},
): UseQueryResult<T, Error> {
  const { useQuery, keepPreviousData } = queryRuntime();
  const given = useContext(QueryClientSlot);
  return useQuery<T, Error, T, QueryKey>(
    {
      ...((options ?? SKIPPED) as UseQueryOptions<T, Error, T, QueryKey>),
      enabled: options !== null,
      placeholderData:
        keepPrevious === true
          ? keepPreviousData
          : keepPrevious === false
            ? undefined
            : (previous, previousQuery) => (previousQuery && keepPrevious(previousQuery.queryKey) ? previous : undefined),
    },
    given ?? browserQueryClient(),
  );
}

function usePageQueryServer<T, K extends QueryKey>(options: PageQueryOptions<T, K> | null): UseQueryResult<T, Error> {
  // A per-viewer query (none, or a key naming the viewer: `viewer:…`) never runs on the server:
  // the browser fetches it with the player's session, and the part shows it loading until then,
  // on the server as during hydration. A public query suspends the render until its answer is in
  // the request's cache (then dehydrated into the HTML); a failure is thrown to the nearest
  // Suspense boundary, which leaves that part to the browser (useSuspenseQuery does the same).
  const skip = options === null || isViewerQueryKey(options.queryKey);
  const { useQuery, useQueryClient } = queryRuntime();
  const client = useQueryClient();
  const query = useQuery<T, Error, T, QueryKey>({ ...((options ?? SKIPPED) as UseQueryOptions<T, Error, T, QueryKey>), enabled: false });
  if (!skip && query.isError) throw query.error;
  if (!skip && query.isPending) throw client.fetchQuery(options as FetchQueryOptions<T, Error, T, K>);
  return query;
}

/**
 * Data a server-rendered page shows, through the shared query cache.
 * - Public data: on the server the render suspends until the answer is in (the HTML carries it);
 *   in the browser `useQuery`, served from the hydrated cache (no second fetch).
 * - Per-viewer data (a key with a {@link viewerKey} `viewer:…`) and `options` =
 *   null (nothing to load yet, e.g. before a login) never run on the server: the result stays
 *   pending there and during hydration, and the browser fetches it (`null`: never).
 * - A key change keeps the previous data while loading ({@link PageQueryConfig.keepPrevious}).
 * @param options the query of an `src/api/` file (`queryOptions`), or null to load nothing
 * @returns TanStack Query's result (`data`, `isPending`, `isError`, `isPlaceholderData`, `refetch`)
 * @throws on the server, the query's error (to the nearest Suspense boundary)
 */
export const usePageQuery: <T, K extends QueryKey>(
  options: PageQueryOptions<T, K> | null,
  config?: PageQueryConfig,
) => UseQueryResult<T, Error> = IS_SERVER ? usePageQueryServer : usePageQueryBrowser;

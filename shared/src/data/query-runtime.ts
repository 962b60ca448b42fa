/**
 * TanStack Query, the query cache of every app (./index.tsx), as a runtime the browser loads on
 * first use (docs/PERFORMANCE.md "Budgets"). The shell's own first render reads the
 * page's dehydrated answers without it ({@link useQueryData}); the runtime (about 11 KiB gzip)
 * loads when a remote's code loads (shell/src/remotes/load-exposed.ts), when a part of the shell
 * that needs it loads (a form), or when the shell needs data the page did not bring.
 *
 * The page server and tests provide the package they import ({@link provideQueryRuntime}); the
 * browser imports it on demand ({@link loadQueryRuntime}), which in the shell is its copy of the
 * shared `@tanstack/react-query` singleton, the one remotes get (shared/build/singletons.mjs).
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type * as ReactQuery from '@tanstack/react-query';
import type { DehydratedState, QueryClient, QueryKey, QueryObserver } from '@tanstack/react-query';
import { onLogout } from '../auth';

/** The `@tanstack/react-query` module (its subset in the browser: shared/src/subsets/react-query.ts). */
export type QueryRuntime = typeof ReactQuery;

/** True in Node (SSR), false in a browser or jsdom. Constant for the life of a process. */
export const IS_SERVER = typeof window === 'undefined';

let runtime: QueryRuntime | null = null;
let loading: Promise<QueryRuntime> | null = null;
let browserClient: QueryClient | null = null;
/** The page's dehydrated answers, until the browser's query cache takes them ({@link seedQueryCache}). */
let seed: DehydratedState | null = null;
const clientListeners = new Set<() => void>();

/**
 * The query cache of this render when one is given: {@link DataProvider} sets it (the page
 * server's per request, a test's, a remote's standalone page, and in the shell's browser tree the
 * browser's cache around the parts that use TanStack Query, shell/src/data/with-query-cache.tsx).
 * Elsewhere in the browser there is none: reads go to the browser's one cache
 * ({@link browserQueryClient}) once it exists.
 */
export const QueryClientSlot = createContext<QueryClient | null>(null);

/** Gives the runtime a process imported itself (the page server, tests, a remote's standalone page). */
export function provideQueryRuntime(module: QueryRuntime): void {
  runtime = module;
}

/**
 * The loaded runtime.
 * @throws Error when it is not loaded yet: await {@link loadQueryRuntime} before rendering code that needs it
 */
export function queryRuntime(): QueryRuntime {
  if (!runtime) throw new Error('TanStack Query is not loaded yet: await loadQueryRuntime() before rendering code that uses it');
  return runtime;
}

/** Loads the runtime (once; at once when it is provided or loaded already). */
export function loadQueryRuntime(): Promise<QueryRuntime> {
  if (runtime) return Promise.resolve(runtime);
  loading ??= import('@tanstack/react-query').then(
    (module) => {
      runtime = module;
      browserQueryClient(); // made here, not during a render that reads it
      return module;
    },
    (error: unknown) => {
      loading = null; // the next caller tries again (offline, a redeploy)
      throw error;
    },
  );
  return loading;
}

/** How long fetched data counts as fresh in the browser (ms): no refetch on hydration or remount within it. */
export const BROWSER_STALE_TIME_MS = 30_000;

/**
 * Creates a query cache (the runtime must be loaded: {@link queryRuntime}).
 * - `browser`: data fresh for {@link BROWSER_STALE_TIME_MS}, one retry, no refetch on focus.
 * - `server` (one per SSR request): no retry (a page never waits on a failing API beyond its
 *   budget; the browser fetches again), data never stale within the request.
 */
export function createQueryClient(kind: 'browser' | 'server' = IS_SERVER ? 'server' : 'browser'): QueryClient {
  return new (queryRuntime().QueryClient)({
    defaultOptions: {
      queries:
        kind === 'server'
          ? { retry: false, staleTime: Infinity, gcTime: Infinity }
          : { retry: 1, staleTime: BROWSER_STALE_TIME_MS, refetchOnWindowFocus: false },
    },
  });
}

/** First characters of the query-key part that names a logged-in viewer ({@link viewerKey}). */
export const VIEWER_KEY_PREFIX = 'viewer:';

/**
 * The query-key part of data that belongs to the viewer (their ballot, predictions, sessions):
 * `viewer:<user id>` for a logged-in user, `visitor` otherwise. Every per-viewer query puts it in
 * its key, so a logout finds and drops that data ({@link forgetViewerData}).
 */
export function viewerKey(user: { id: string } | null | undefined): string {
  return user ? `${VIEWER_KEY_PREFIX}${user.id}` : 'visitor';
}

/** Whether a query key holds a {@link viewerKey} of a logged-in viewer (`viewer:…` anywhere in it). */
export function isViewerQueryKey(key: QueryKey): boolean {
  return key.some((part) => typeof part === 'string' && part.startsWith(VIEWER_KEY_PREFIX));
}

/** Drops every per-viewer query ({@link isViewerQueryKey}) from a query cache (at logout). */
export function forgetViewerData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => isViewerQueryKey(query.queryKey) });
}

/**
 * Hands the page's dehydrated answers to the browser's query cache: they are hydrated into it
 * when it is made ({@link browserQueryClient}), and read from here until then ({@link useQueryData}).
 * Each answer counts as fetched now: a cached page is dropped when its data changes
 * (docs/ARCHITECTURE.md "Page cache"), so the page's data is as fresh as the page.
 */
export function seedQueryCache(state: DehydratedState): void {
  const now = Date.now();
  seed = {
    ...state,
    queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: Math.max(q.state.dataUpdatedAt, now) } })),
  };
  if (browserClient) queryRuntime().hydrate(browserClient, seed);
}

/** The data of a seeded answer by its query key (keys of strings and numbers: their hash is their JSON). */
function seededData<T>(hash: string): T | undefined {
  return seed?.queries.find((q) => q.queryHash === hash)?.state.data as T | undefined;
}

/**
 * The browser's one query cache (the runtime must be loaded), made at the first call: the page's
 * answers ({@link seedQueryCache}) are hydrated into it, and a logout drops its per-viewer queries.
 */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    const client = createQueryClient('browser');
    if (seed) queryRuntime().hydrate(client, seed);
    onLogout(() => forgetViewerData(client));
    browserClient = client;
    clientListeners.forEach((l) => l());
  }
  return browserClient;
}

/** Loads the runtime and returns the browser's query cache ({@link browserQueryClient}). */
export async function loadBrowserQueryClient(): Promise<QueryClient> {
  await loadQueryRuntime();
  return browserQueryClient();
}

/** The browser's query cache if it is made already, else null (nothing loads). */
export function browserQueryClientIfMade(): QueryClient | null {
  return browserClient;
}

/**
 * Options of {@link useQueryData}: a `queryOptions` result whose key holds only strings and
 * numbers (the key's hash is then its JSON, as TanStack Query hashes it).
 */
export interface QueryDataOptions<T> {
  queryKey: readonly (string | number)[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

/** How {@link useQueryData} loads. */
export interface QueryDataConfig {
  /** Fetch when the data is missing or stale (default true). */
  enabled?: boolean;
  /** While a new key loads, return the last key's data (default false). */
  keepPrevious?: boolean;
  /**
   * On the server, suspend the render until the answer is in the request's cache (then
   * dehydrated into the HTML); a failure is thrown to the nearest Suspense boundary, which leaves
   * the part to the browser. Default false: the server renders what its cache holds (data the
   * page server prefetched).
   */
  suspendOnServer?: boolean;
}

/**
 * The data of a public query for parts of the shell's first render, without TanStack Query's code:
 * - before the runtime is loaded, the page's answer ({@link seedQueryCache}); a key the page did
 *   not bring loads the runtime and fetches it;
 * - once loaded, the browser's query cache: fetched when missing or stale
 *   ({@link BROWSER_STALE_TIME_MS}), updated when another part refetches it;
 * - on the server, the request's cache ({@link QueryClientSlot}), see {@link QueryDataConfig.suspendOnServer}.
 * Errors in the browser are the API client's to report (its §8 toast); the data then stays undefined.
 * @param options  the query (`queryOptions`, {@link QueryDataOptions})
 * @param config   see {@link QueryDataConfig}
 * @returns the data, or undefined while none is in
 * @throws on the server with `suspendOnServer`, the pending fetch (suspension) or the query's error
 */
export const useQueryData: <T>(options: QueryDataOptions<T>, config?: QueryDataConfig) => T | undefined = IS_SERVER
  ? useQueryDataServer
  : useQueryDataBrowser;

function useQueryDataServer<T>(
  options: QueryDataOptions<T>,
  { enabled = true, suspendOnServer = false }: QueryDataConfig = {},
): T | undefined {
  const client = useContext(QueryClientSlot);
  if (!client) throw new Error("useQueryData on the server needs the request's query cache (DataProvider)");
  const key = options.queryKey as QueryKey;
  const data = client.getQueryData<T>(key);
  if (data !== undefined || !enabled || !suspendOnServer) return data;
  const state = client.getQueryState(key);
  if (state?.status === 'error') throw state.error;
  throw client.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0]);
}

function useQueryDataBrowser<T>(
  options: QueryDataOptions<T>,
  { enabled = true, keepPrevious = false }: QueryDataConfig = {},
): T | undefined {
  const given = useContext(QueryClientSlot);
  const hash = JSON.stringify(options.queryKey);
  // A new source only when the cache, the key or `enabled` changes: useSyncExternalStore resubscribes then.
  const source = useMemo(() => new QueryDataSource<T>(given, hash, options, enabled), [given, hash, enabled]); // eslint-disable-line react-hooks/exhaustive-deps -- the hash names the key
  const data = useSyncExternalStore(source.subscribe, source.read, source.read);
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (keepPrevious && data !== undefined && data !== previous) setPrevious(data);
  useEffect(() => {
    // Data the page did not bring, before the runtime is in: load it (the source then fetches).
    if (enabled && !given && !browserClient && seededData(hash) === undefined) void loadBrowserQueryClient().catch(() => undefined);
  }, [given, hash, enabled]);
  return data ?? (keepPrevious ? previous : undefined);
}

/**
 * What {@link useQueryData} reads in the browser: the page's answer until a query cache exists,
 * then a `QueryObserver` of the query (it fetches a missing or stale answer when `enabled`, and
 * keeps the query in the cache while the part is on the page). When the browser's cache is made
 * while a part reads the page's answer, the source moves to it without a render: the cache holds
 * that very answer (the same object), so the part's data does not change, and React leaves the
 * part, and the parts below it that have not hydrated yet, as they are.
 */
class QueryDataSource<T> {
  private observer: QueryObserver<T, Error, T, T, QueryKey> | null = null;

  constructor(
    private readonly given: QueryClient | null,
    private readonly hash: string,
    private readonly options: QueryDataOptions<T>,
    private readonly enabled: boolean,
  ) {}

  /** Subscribes `listener` to the data (useSyncExternalStore's subscribe). */
  subscribe = (listener: () => void): (() => void) => {
    let off: (() => void) | null = null;
    const attach = () => {
      const client = this.given ?? browserClient;
      if (!client || off) return;
      this.observer ??= new (queryRuntime().QueryObserver)<T, Error, T, T, QueryKey>(client, {
        queryKey: this.options.queryKey as QueryKey,
        queryFn: this.options.queryFn,
        enabled: this.enabled,
      });
      off = this.observer.subscribe(() => listener());
      listener();
    };
    attach();
    if (this.given) return () => off?.();
    clientListeners.add(attach);
    return () => {
      clientListeners.delete(attach);
      off?.();
    };
  };

  /** The data now (useSyncExternalStore's getSnapshot). */
  read = (): T | undefined => {
    if (this.observer) return this.observer.getCurrentResult().data;
    const client = this.given ?? browserClient;
    return client ? client.getQueryData<T>(this.options.queryKey as QueryKey) : seededData<T>(this.hash);
  };
}

import { useCallback } from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
  type QueryFunction,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';
import { IS_SERVER, isViewerQueryKey } from '@landing/shared';

/** State of an asynchronous load. */
export type LoadState<T> =
  { status: 'loading'; data: T | null } | { status: 'ready'; data: T } | { status: 'error'; data: T | null; error: unknown };

/** What {@link useLoad} returns: the load state, `reload()` and `set(data)` (an answer the page already has). */
export type Load<T> = LoadState<T> & { reload: () => void; set: (data: T) => void };

/** A read of `src/api/` as its `queryOptions` factory returns it (`tournamentsQuery`, …). */
export interface LoadQuery<T> {
  queryKey: QueryKey;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any key, as `queryOptions` types it
  queryFn?: QueryFunction<T, any, never> | SkipToken;
}

const OFF: QueryKey = ['bets', 'off'];

function toState<T>(q: {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData?: boolean;
}): LoadState<T> {
  const data = q.data ?? null;
  if (q.isError) return { status: 'error', data, error: q.error };
  if (q.isPending || q.isPlaceholderData || data === null) return { status: 'loading', data };
  return { status: 'ready', data };
}

function useLoadBrowser<T>(query: LoadQuery<T> | null): Load<T> {
  const client = useQueryClient();
  const q = useQuery<T>({
    queryKey: query?.queryKey ?? OFF,
    // Disabled without a query: the stand-in function never runs.
    queryFn: (query?.queryFn as QueryFunction<T> | undefined) ?? (() => Promise.reject(new Error('no query'))),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const queryKey = query?.queryKey ?? null;
  const set = useCallback((data: T) => void (queryKey && client.setQueryData(queryKey, data)), [client, queryKey]);
  const reload = useCallback(() => void q.refetch(), [q]);
  return { ...toState(q), reload, set };
}

function useLoadServer<T>(requested: LoadQuery<T> | null): Load<T> {
  // Per-viewer loads (none, or a key naming the viewer: `viewer:…`) never run on the server: the
  // browser fetches them with the player's session, and the page shows them loading until then,
  // on the server as during hydration. Public loads suspend until answered.
  const query = requested && !isViewerQueryKey(requested.queryKey) ? requested : null;
  const q = useSuspenseQuery<T | null>({
    queryKey: query?.queryKey ?? OFF,
    queryFn: (query?.queryFn as QueryFunction<T> | undefined) ?? (() => Promise.resolve(null)),
  });
  const noop = useCallback(() => undefined, []);
  return { ...(q.data === null ? { status: 'loading', data: null } : { status: 'ready', data: q.data }), reload: noop, set: noop };
}

/**
 * Loads a query of `src/api/` (its `queryOptions`) through the shared query cache, reloads on
 * `reload()`, and keeps the last data while another key loads so lists do not flash. `query` =
 * null skips loading (per-viewer data before a login). Server-rendered: on the server a public
 * query suspends until answered, and the browser starts from the hydrated answer without a refetch.
 */
export const useLoad: <T>(query: LoadQuery<T> | null) => Load<T> = IS_SERVER ? useLoadServer : useLoadBrowser;

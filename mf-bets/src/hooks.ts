/** Small React hooks of the bets remote. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, useSuspenseQuery, type QueryKey } from '@tanstack/react-query';
import { IS_SERVER, isViewerQueryKey } from '@landing/shared';

/** State of an asynchronous load. */
export type LoadState<T> =
  { status: 'loading'; data: T | null } | { status: 'ready'; data: T } | { status: 'error'; data: T | null; error: unknown };

/** What {@link useLoad} returns: the load state, `reload()` and `set(data)` (an answer the page already has). */
export type Load<T> = LoadState<T> & { reload: () => void; set: (data: T) => void };

function toState<T>(q: {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData?: boolean;
  isFetching?: boolean;
}): LoadState<T> {
  const data = q.data ?? null;
  if (q.isError) return { status: 'error', data, error: q.error };
  if (q.isPending || q.isPlaceholderData || data === null) return { status: 'loading', data };
  return { status: 'ready', data };
}

function useLoadBrowser<T>(key: QueryKey | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const client = useQueryClient();
  const q = useQuery<T>({
    queryKey: ['bets', ...(key ?? ['off'])],
    queryFn: ({ signal }) => load(signal),
    enabled: key !== null,
    placeholderData: keepPreviousData,
  });
  const queryKey = key;
  const set = useCallback((data: T) => void (queryKey && client.setQueryData(['bets', ...queryKey], data)), [client, queryKey]);
  const reload = useCallback(() => void q.refetch(), [q]);
  return { ...toState(q), reload, set };
}

function useLoadServer<T>(requested: QueryKey | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  // Per-viewer loads (no key, or a key naming the viewer: `viewer:…`) never run on the server:
  // the browser fetches them with the player's session, and the page shows them loading until
  // then, on the server as during hydration. Public loads suspend until answered.
  const key = requested && !isViewerQueryKey(requested) ? requested : null;
  const q = useSuspenseQuery<T | null>({
    queryKey: ['bets', ...(key ?? ['off'])],
    queryFn: ({ signal }) => (key === null ? Promise.resolve(null) : load(signal)),
  });
  const noop = useCallback(() => undefined, []);
  return { ...(q.data === null ? { status: 'loading', data: null } : { status: 'ready', data: q.data }), reload: noop, set: noop };
}

/**
 * Loads `key`'s data through the shared query cache (`['bets', ...key]`), reloads on `reload()`,
 * and keeps the last data while another key loads so lists do not flash. `key` = null skips
 * loading (per-viewer data before a login). Server-rendered: on the server a non-null key
 * suspends until answered, and the browser starts from the hydrated answer without a refetch.
 */
export const useLoad: <T>(key: QueryKey | null, load: (signal: AbortSignal) => Promise<T>) => Load<T> = IS_SERVER
  ? useLoadServer
  : useLoadBrowser;

/**
 * The server's bets clock on the client: the API's `now` plus the time passed since it arrived.
 * Re-renders every `tickMs` (default 15 s) so matches lock at kick-off without a reload.
 * @param serverNow ISO instant from the API, or null before the first answer
 * @returns the server time in ms (the machine clock while `serverNow` is null)
 */
export function useServerNow(serverNow: string | null, tickMs = 15_000): number {
  // Offset measured when the answer is first rendered (right after it arrived).
  const offset = useMemo(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0), [serverNow]);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return Date.now() + offset;
}

/** Small React hooks of the bets remote. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** State of an asynchronous load. */
export type LoadState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | null; error: unknown };

/**
 * Runs `load` when `key` changes (aborting the previous run) and on `reload()`. Keeps the last
 * data while reloading so lists do not flash. `key` = null skips loading.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): LoadState<T> & { reload: () => void; set: (data: T) => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ status: 'loading', data: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ status: 'error', data: s.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, set };
}

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

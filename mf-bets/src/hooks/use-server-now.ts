import { useEffect, useMemo, useState } from 'react';

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

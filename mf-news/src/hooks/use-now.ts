import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), read again when `until` (an ISO date) passes while the page is
 * open, so a component depending on it (an open poll turning into an ended one) re-renders
 * without a reload. Waits longer than ~24 days (the `setTimeout` limit) are left to the next visit.
 */
export function useNow(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = Date.parse(until) - Date.now();
    if (!(wait > 0) || wait > 2_000_000_000) return;
    const id = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(id);
  }, [until]);
  return now;
}

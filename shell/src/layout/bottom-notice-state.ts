import { useSyncExternalStore } from 'react';

/**
 * Which bottom notice is on screen (cookie banner, age notice, install offer), so other first-visit
 * messages wait their turn (one at a time on a phone). Module state of the shell, set
 * by BottomNotices.tsx; not part of the shared store (no remote needs it).
 */
export type BottomNoticeKind = 'cookies' | 'age' | 'install' | null;

let current: BottomNoticeKind = null;
const listeners = new Set<() => void>();

/** Called by BottomNotices whenever its notice changes. */
export function setBottomNotice(kind: BottomNoticeKind): void {
  if (kind === current) return;
  current = kind;
  for (const l of listeners) l();
}

/** The notice on screen right now (for effects: newer than the value of the last render). */
export function currentBottomNotice(): BottomNoticeKind {
  return current;
}

/** The notice on screen now, re-rendering when it changes. */
export function useBottomNotice(): BottomNoticeKind {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/**
 * The live score form of a match card (./MatchForm.tsx, with react-hook-form) as a chunk of its
 * own, loaded when a card needs it (./MatchCard.tsx) or before the matches tab renders cards in
 * a navigation (./MatchesTab.tsx).
 */
import { lazy } from 'react';

/** The live score form's module (./MatchForm.tsx, with react-hook-form) once it has loaded. */
let loaded: typeof import('./MatchForm') | null = null;
let loading: Promise<typeof import('./MatchForm')> | null = null;

/**
 * Loads the live score form's chunk (once; a failed load is tried again at the next call).
 * The matches tab waits for it before it renders cards in a navigation, so their forms are live
 * at once (see MatchCard).
 * @returns resolves with the module; rejects when the chunk cannot be loaded
 */
export function loadMatchForm(): Promise<typeof import('./MatchForm')> {
  loading ??= import('./MatchForm').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/** The form as a `lazy` component (its first render loads the chunk). */
export const LazyMatchForm = lazy(() => loadMatchForm().then((m) => ({ default: m.MatchForm })));

/** The form component once its chunk has loaded, else null. */
export function loadedMatchForm(): (typeof import('./MatchForm'))['MatchForm'] | null {
  return loaded?.MatchForm ?? null;
}

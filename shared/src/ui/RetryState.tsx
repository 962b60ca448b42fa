import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/** Props of {@link RetryState}. */
export interface RetryStateProps {
  /** What failed, translated (`Could not load the news`). */
  title: ReactNode;
  /** The button's text, translated (`Try again`). */
  retryLabel: string;
  /** Runs the read again (the query's `refetch`). */
  onRetry: () => void;
}

/**
 * The error state of a failed read: the shared `EmptyState` in its error tone with a button that
 * runs the read again. mf-auth, mf-news and mf-bets show a failed list, tab or page with it
 * (mf-leaderboard builds the same from `EmptyState`).
 */
export function RetryState({ title, retryLabel, onRetry }: RetryStateProps) {
  return (
    <EmptyState
      tone="error"
      title={title}
      action={
        <button type="button" className="ui-btn ui-btn--ghost" onClick={onRetry}>
          {retryLabel}
        </button>
      }
    />
  );
}

import type { ReactNode } from 'react';
import { EmptyState } from '@landing/shared';

/**
 * The error state of a failed read (news list, article): the shared `EmptyState` in its error
 * tone with a button that runs the query again.
 * @param title the translated message
 * @param retryLabel the translated button text
 * @param onRetry refetches (the query's `refetch`)
 */
export function RetryState({ title, retryLabel, onRetry }: { title: ReactNode; retryLabel: string; onRetry: () => void }) {
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

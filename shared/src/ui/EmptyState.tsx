import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** Optional action (a button or link). */
  action?: ReactNode;
  /** `error` tints the icon red. */
  tone?: 'neutral' | 'error';
  testId?: string;
}

/** Finished-looking empty / error state block used by lists and remote fallbacks. */
export function EmptyState({ title, text, action, tone = 'neutral', testId }: EmptyStateProps) {
  return (
    <div className={`ui-empty ui-empty--${tone}`} data-testid={testId} role={tone === 'error' ? 'alert' : undefined}>
      <div className="ui-empty__icon" aria-hidden="true">{tone === 'error' ? '!' : '⚽'}</div>
      <p className="ui-empty__title">{title}</p>
      {text ? <p className="ui-empty__text">{text}</p> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}

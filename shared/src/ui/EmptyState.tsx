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
      <div className="ui-empty__icon" aria-hidden="true">
        {tone === 'error' ? (
          '!'
        ) : (
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <circle cx="12" cy="12" r="9" />
            <path d="m12 7 4 3-1.5 4.5h-5L8 10z" />
          </svg>
        )}
      </div>
      <p className="ui-empty__title">{title}</p>
      {text ? <p className="ui-empty__text">{text}</p> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}

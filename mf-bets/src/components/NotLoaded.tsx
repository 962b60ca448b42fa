import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@landing/shared';
import type { LoadState } from '../hooks/use-load';

export interface NotLoadedProps {
  /** The load that has no data yet (see useLoad). */
  state: LoadState<unknown>;
  /** Reloads it (the Retry button). */
  reload: () => void;
  /** Title of the error state (a `bets:` text, e.g. "Could not load the matches"). */
  errorTitle: string;
  /** The whole page: the error on a card, the spinner in the page's box. */
  page?: boolean;
}

/** What a tab or the page shows before its data is in: a spinner, or the error with a Retry button (spec §8). */
export function NotLoaded({ state, reload, errorTitle, page }: NotLoadedProps) {
  const { t } = useTranslation('bets');
  if (state.status !== 'error') {
    return (
      <div className={`bt-center ${page ? 'bt-center--page' : ''}`}>
        <Spinner />
      </div>
    );
  }
  const error = (
    <EmptyState
      tone="error"
      title={errorTitle}
      action={
        <button type="button" className="ui-btn ui-btn--ghost" onClick={reload}>
          {t('page.retry')}
        </button>
      }
    />
  );
  return page ? <div className="ui-card">{error}</div> : error;
}

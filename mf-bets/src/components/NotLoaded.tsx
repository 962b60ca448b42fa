import { useTranslation } from 'react-i18next';
import { RetryState, Spinner } from '@landing/shared';

export interface NotLoadedProps {
  /** The page query that has no data yet (`usePageQuery` of `@landing/shared`). */
  query: { isError: boolean; refetch: () => unknown };
  /** Title of the error state (a `bets:` text, e.g. "Could not load the matches"). */
  errorTitle: string;
  /** The whole page: the error on a card, the spinner in the page's box. */
  page?: boolean;
}

/** What a tab or the page shows before its data is in: a spinner, or the kit's `RetryState` after a failure. */
export function NotLoaded({ query, errorTitle, page }: NotLoadedProps) {
  const { t } = useTranslation('bets');
  if (!query.isError) {
    return (
      <div className={`bt-center ${page ? 'bt-center--page' : ''}`}>
        <Spinner />
      </div>
    );
  }
  const error = <RetryState title={errorTitle} retryLabel={t('page.retry')} onRetry={() => void query.refetch()} />;
  return page ? <div className="ui-card">{error}</div> : error;
}

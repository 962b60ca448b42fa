import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryState, Spinner } from '@landing/shared';

/** Loading, failure (the kit's `RetryState`) and empty states of a list; the list otherwise. */
export function ListState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  if (query.isPending)
    return (
      <div className="ma-card__working" role="status">
        <Spinner />
      </div>
    );
  if (query.isError)
    return <RetryState title={t('account.loadFailed')} retryLabel={t('activation.retry')} onRetry={() => void query.refetch()} />;
  if (empty) return <p className="ma-account__text">{t('account.noActivity')}</p>;
  return <>{children}</>;
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@landing/shared';

/** Loading, failure (with a retry) and empty states of a list; the list otherwise. */
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
    return (
      <p className="ma-account__text">
        {t('account.loadFailed')}{' '}
        <button type="button" className="ma-link" onClick={() => void query.refetch()}>
          {t('activation.retry')}
        </button>
      </p>
    );
  if (empty) return <p className="ma-account__text">{t('account.noActivity')}</p>;
  return <>{children}</>;
}

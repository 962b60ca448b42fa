import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  EmptyState,
  RetryState,
  findServer,
  useApiClient,
  usePageMeta,
  usePageQuery,
  useReadScope,
  useResponseStatus,
  type NewsListProps,
} from '@landing/shared';
import { newsPageQuery } from '../api/fetch-news-page';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { Pagination } from './Pagination';
import { pagePath } from '../lib/pages';
import { registerNewsTranslations } from '../i18n';
import '../styles/index.css';

registerNewsTranslations();

/** Articles per page of the list (3 rows of 3 on desktop). */
const NEWS_PER_PAGE = 9;

/**
 * The news list (spec §2 `/{server}/news` and `/{server}/news/list/{page}`): cards newest first in
 * the interface language (X-Lang; the API falls back to English per article), pagination, and
 * loading, empty, page-past-the-end (status 404) and error (with retry) states. Server-rendered;
 * another page or language shows the previous cards until the new ones are in.
 */
export function NewsList({ server, page }: NewsListProps) {
  const { t } = useTranslation('news');
  const query = usePageQuery(newsPageQuery(useApiClient(), useReadScope(server), page, NEWS_PER_PAGE));
  const data = query.data ?? null;
  const serverTitle = findServer(server)?.name ?? server;
  usePageMeta({
    title: page > 1 ? `${t('list.title')} · ${t('list.pageOf', { page, total: data?.total_pages ?? page })}` : t('list.title'),
    description: t('list.subtitle', { server: serverTitle }),
  });
  const status = query.isPending ? 'loading' : query.isError && !data ? 'error' : 'ready';

  const serverName = findServer(server)?.name ?? server;
  const items = status === 'ready' && data ? data.items : [];
  // A page past the last one does not exist: 404 (the page server does not keep it).
  useResponseStatus(status === 'ready' && items.length === 0 && page > 1 ? 404 : 200);

  return (
    <section
      className="news-page ui-container"
      aria-labelledby="news-title"
      data-testid="news-list"
      aria-busy={status === 'loading' || query.isPlaceholderData || undefined}
    >
      <header className="news-page__head ui-spread">
        <div>
          <h1 id="news-title" className="news-page__title">
            {t('list.title')}
          </h1>
          <p className="news-page__subtitle">{t('list.subtitle', { server: serverName })}</p>
        </div>
        {data && data.total_pages > 1 && status === 'ready' && page <= data.total_pages ? (
          <p className="news-page__pageof">{t('list.pageOf', { page, total: data.total_pages })}</p>
        ) : null}
      </header>

      {status === 'loading' ? (
        <div className="news-grid">
          {Array.from({ length: 6 }, (_, i) => (
            <NewsCardSkeleton key={i} />
          ))}
        </div>
      ) : status === 'error' ? (
        <RetryState title={t('list.error')} retryLabel={t('list.retry')} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        page > 1 ? (
          <EmptyState
            testId="news-page-missing"
            title={t('list.pageMissing')}
            text={t('list.pageMissingText')}
            action={
              <Link className="ui-btn" to={pagePath(server, 1)}>
                {t('list.firstPage')}
              </Link>
            }
          />
        ) : (
          <EmptyState title={t('list.empty')} text={t('list.emptyText')} />
        )
      ) : (
        <>
          <div className="news-grid">
            {items.map((card, index) => (
              <NewsCard key={card.id} server={server} card={card} priority={index === 0} />
            ))}
          </div>
          <Pagination server={server} page={page} totalPages={data?.total_pages ?? 1} />
        </>
      )}
    </section>
  );
}

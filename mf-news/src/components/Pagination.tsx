import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageItems, pagePath } from '../lib/pages';

/** Pagination of the news list (links, so pages are shareable and work without script state). */
export function Pagination({ server, page, totalPages }: { server: string; page: number; totalPages: number }) {
  const { t } = useTranslation('news');
  if (totalPages <= 1) return null;
  return (
    <nav className="news-pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link className="news-pagination__step" to={pagePath(server, page - 1)} rel="prev">
          ← {t('pagination.previous')}
        </Link>
      ) : (
        <span className="news-pagination__step is-disabled" aria-hidden="true">
          ← {t('pagination.previous')}
        </span>
      )}
      <ol className="news-pagination__pages">
        {pageItems(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="news-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={`news-pagination__page${item === page ? ' is-current' : ''}`}
                to={pagePath(server, item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link className="news-pagination__step" to={pagePath(server, page + 1)} rel="next">
          {t('pagination.next')} →
        </Link>
      ) : (
        <span className="news-pagination__step is-disabled" aria-hidden="true">
          {t('pagination.next')} →
        </span>
      )}
    </nav>
  );
}

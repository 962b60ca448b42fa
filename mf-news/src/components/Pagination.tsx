import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Path of a list page: page 1 is `/{server}/news`, others `/{server}/news/list/{page}` (spec §2). */
export function pagePath(server: string, page: number): string {
  return page <= 1 ? `/${server}/news` : `/${server}/news/list/${page}`;
}

/**
 * Page numbers to show: the first, the last, and the current page with one neighbour on each side;
 * gaps become `'gap'`. E.g. (5, 10) → [1, 'gap', 4, 5, 6, 'gap', 10].
 */
export function pageItems(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push('gap');
    out.push(p);
  }
  return out;
}

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

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient, usePageQuery, useReadScope, type NewsTeaserProps } from '@landing/shared';
import { newsPageQuery } from '../api/fetch-news-page';
import { NewsCard, NewsCardSkeleton } from './NewsCard';
import { registerNewsTranslations } from '../i18n';
import '../styles/index.css';

registerNewsTranslations();

/**
 * Home-page news section (spec §1): the latest `count` articles (default 3) as compact cards and a
 * link to the news page (server-rendered). Shows placeholders while loading and a short message on
 * failure; renders nothing when the server has no news.
 */
export function NewsTeaser({ server, count = 3 }: NewsTeaserProps) {
  const { t } = useTranslation('news');
  const size = Math.min(24, Math.max(1, Math.floor(count)));
  const query = usePageQuery(newsPageQuery(useApiClient(), useReadScope(server), 1, size));
  const items = query.data?.items ?? null;
  const failed = query.isError && !items;

  if (items && items.length === 0) return null;

  return (
    <section className="news-teaser" aria-labelledby="news-teaser-title" data-testid="news-teaser">
      <header className="news-teaser__head">
        <h2 id="news-teaser-title" className="news-teaser__title">
          {t('teaser.title')}
        </h2>
        <Link className="news-teaser__all" to={`/${server}/news`}>
          {t('teaser.all')} →
        </Link>
      </header>
      {failed ? (
        <p className="news-teaser__error" role="status">
          {t('teaser.error')}
        </p>
      ) : (
        <div className="news-grid news-grid--teaser">
          {items
            ? items.map((card) => <NewsCard key={card.id} server={server} card={card} headingLevel={3} variant="compact" />)
            : Array.from({ length: size }, (_, i) => <NewsCardSkeleton key={i} variant="compact" />)}
        </div>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLandingStore, type NewsTeaserProps } from '@landing/shared';
import { fetchNewsPage, type NewsCardData } from './api';
import { NewsCard, NewsCardSkeleton } from './components/NewsCard';
import { registerNewsTranslations } from './i18n';
import './news.css';

registerNewsTranslations();

/**
 * Home-page news section (spec §1): the latest `count` articles (default 3) as compact cards and a
 * link to the news page. Shows placeholders while loading and a short message on failure; renders
 * nothing when the server has no news.
 */
export function NewsTeaser({ server, count = 3 }: NewsTeaserProps) {
  const { t } = useTranslation('news');
  const lang = useLandingStore((s) => s.serverLangLocale);
  const size = Math.min(24, Math.max(1, Math.floor(count)));
  const [items, setItems] = useState<NewsCardData[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchNewsPage(1, size, controller.signal)
      .then((answer) => setItems(answer.items))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [server, size, lang]);

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

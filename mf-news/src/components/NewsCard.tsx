import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatServerDate, isoOf, LineIcon, useLandingStore, type LocaleCode } from '@landing/shared';
import type { NewsCard as NewsCardData } from '@landing/domain/schemas/news';
import { imageUrl } from '../lib/image-url';

export interface NewsCardProps {
  server: string;
  card: NewsCardData;
  /** Heading level of the title: 2 on the news page, 3 inside the home-page section. */
  headingLevel?: 2 | 3;
  /** `compact` for the home-page teaser (no excerpt). */
  variant?: 'full' | 'compact';
  /**
   * The card is in the first screen (the news page's first card): its image loads at once with
   * high priority instead of lazily, as it is the page's Largest Contentful Paint (LCP, docs/PERFORMANCE.md).
   */
  priority?: boolean;
}

/** Speech-bubble icon of the comment count. */
function CommentIcon() {
  return (
    <LineIcon size={16} strokeWidth="2">
      <path d="M4 5h16v11H9l-5 4z" />
    </LineIcon>
  );
}

/**
 * One article card (spec §1 news list): image, date in the server's time zone (spec §9 format),
 * title (the link to the article, stretched over the card), excerpt and comment count. Marks a
 * poll and an article shown in English because it has no translation in the interface language.
 */
export function NewsCard({ server, card, headingLevel = 2, variant = 'full', priority = false }: NewsCardProps) {
  const { t } = useTranslation('news');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const fallback = card.lang !== useLandingStore((st) => st.serverLangLocale);
  const lang = isoOf(card.lang as LocaleCode);
  return (
    <article className={`news-card news-card--${variant}`} data-testid="news-card" data-slug={card.slug}>
      <div className="news-card__media">
        {card.image ? (
          <img
            src={imageUrl(server, card.image)}
            alt=""
            width={800}
            height={450}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <div className="news-card__placeholder" aria-hidden="true" />
        )}
        <div className="news-card__badges">
          {card.has_poll ? <span className="news-badge news-badge--poll">{t('card.poll')}</span> : null}
          {fallback ? <span className="news-badge">{t('card.englishOnly')}</span> : null}
        </div>
      </div>
      <div className="news-card__body">
        <time className="news-card__date" dateTime={card.published_at}>
          {formatServerDate(card.published_at, server)}
        </time>
        <Heading className="news-card__title" lang={lang}>
          <Link to={`/${server}/news/${card.slug}`} className="news-card__link">
            {card.title}
          </Link>
        </Heading>
        {variant === 'full' ? (
          <p className="news-card__excerpt" lang={lang}>
            {card.excerpt}
          </p>
        ) : null}
        <p className="news-card__foot">
          <span className="news-card__comments">
            <CommentIcon />
            {t('card.comments', { count: card.comments_count })}
          </span>
          {variant === 'full' ? (
            <span className="news-card__more" aria-hidden="true">
              {t('card.readMore')} →
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** Placeholder card while the list loads (same footprint, no content). */
export function NewsCardSkeleton({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  return (
    <div className={`news-card news-card--${variant} news-card--skeleton`} aria-hidden="true">
      <div className="news-card__media" />
      <div className="news-card__body">
        <span className="news-skel news-skel--short" />
        <span className="news-skel" />
        <span className="news-skel news-skel--wide" />
      </div>
    </div>
  );
}

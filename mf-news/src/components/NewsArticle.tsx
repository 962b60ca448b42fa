import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  EmptyState,
  HydrateOnVisible,
  RetryState,
  afterFirstUse,
  Spinner,
  formatServerDate,
  isoOf,
  useApiClient,
  useHydrated,
  usePageMeta,
  usePageQuery,
  useReadScope,
  usePlayer,
  useResponseStatus,
  viewerKey as viewerKeyOf,
  type LocaleCode,
  type NewsArticleProps,
} from '@landing/shared';
import type { NewsArticle as ArticleData } from '@landing/domain/schemas/news';
import { articleQuery } from '../api/fetch-article';
import { isArticleKeyOf } from '../api/keys';
import { imageUrl } from '../lib/image-url';
import { ArticleBody } from './ArticleBody';
import { articleParts, loadArticleParts, retryArticleParts, settledArticleParts } from './article-parts-chunk';
import { registerNewsTranslations } from '../i18n';
import '../styles/index.css';

registerNewsTranslations();

/**
 * A news article (spec §2 `/{server}/news/{slug}`): title, date in the server's time zone, image,
 * the body sanitised (sanitize-html on the server, DOMPurify in the browser), the poll and the
 * comments. Server-rendered once for visitors and once for the players of a server (the page is
 * shared: shared `usePlayer`); in the browser it is fetched again for the logged-in viewer (their
 * poll choice) once hydrated, and for a language switch, keeping the article on screen meanwhile. An unknown slug (404 'NEWS NOT FOUND', toasted
 * and swallowed by the shared client, spec §8) shows a translated not-found state with a link
 * back, and the server answers it with HTTP 404. The article is refreshed after a vote.
 */
export function NewsArticle({ server, slug }: NewsArticleProps) {
  const { t } = useTranslation('news');
  const { t: tCommon } = useTranslation('common');
  const scope = useReadScope(server);
  // Every player shares this page's render (docs/ARCHITECTURE.md "Page cache"): the player's own
  // record, and so their ballot, is read in the browser after hydration (`own`).
  const player = usePlayer(server);
  const user = player.own;
  // Per-viewer data (the ballot) is keyed by the viewer, so a logout drops it (shared `forgetViewerData`).
  const viewerKey = user ? `${viewerKeyOf(user)}:${user.ovr}` : 'visitor';
  const options = articleQuery(useApiClient(), scope, slug, viewerKey);
  // Keeps the shown article while only its language or viewer changes, never another article's.
  const query = usePageQuery(options, { keepPrevious: (key) => isArticleKeyOf(key, slug) });
  const article: ArticleData | null | undefined = query.data;
  const status = query.isPending ? 'loading' : article === null ? 'notFound' : !article ? 'error' : 'ready';
  // A logged-in player whose own record or ballot is not in yet: the poll and the comment form wait.
  const pending = player.loggedIn && (!user || query.isPlaceholderData);
  // The poll and the comments (with react-hook-form) are a chunk of their own. Chosen once: an
  // article never switches from the lazy parts to the loaded ones (that would remount them).
  const [{ Poll, Comments }] = useState(articleParts);
  // Rendered in the browser after the page's hydration (a navigation): their code loads with the
  // article's data and is waited for before the article shows, so they are live at once.
  const hydrated = useHydrated();
  const [navigated] = useState(hydrated);
  const [, setPartsAttempt] = useState(0);
  if (navigated) void loadArticleParts();
  // A hydrated page fetches it at the reader's first use (or 5 s after load): an act in the poll
  // or the comments is then answered at once, and the offline worker keeps it with the article.
  useEffect(() => {
    if (!navigated) afterFirstUse(() => void loadArticleParts().catch(() => undefined));
  }, [navigated]);
  useResponseStatus(status === 'notFound' ? 404 : 200);
  usePageMeta(
    article
      ? {
          title: article.title,
          description: article.excerpt,
          type: 'article',
          ...(article.image ? { image: imageUrl(server, article.image) } : {}),
        }
      : status === 'notFound'
        ? { title: t('article.notFoundTitle') }
        : null,
  );

  const back = (
    <Link className="news-article__back" to={`/${server}/news`}>
      ← {t('article.back')}
    </Link>
  );

  if (status === 'loading') {
    return (
      <div className="news-article ui-container news-article--center" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  if (status === 'notFound' || status === 'error' || !article) {
    return (
      <div className="news-article ui-container" data-testid={status === 'notFound' ? 'news-not-found' : 'news-article-error'}>
        {back}
        <div className="ui-card news-article__state">
          {status === 'notFound' ? (
            <EmptyState
              title={
                <span role="heading" aria-level={1}>
                  {t('article.notFoundTitle')}
                </span>
              }
              text={t('article.notFoundText')}
              action={
                <Link className="ui-btn" to={`/${server}/news`}>
                  {t('article.back')}
                </Link>
              }
            />
          ) : (
            <RetryState title={t('article.error')} retryLabel={t('article.retry')} onRetry={() => void query.refetch()} />
          )}
        </div>
      </div>
    );
  }

  // Null: their code cannot be loaded (offline, never fetched): the article shows without them.
  const partsLoaded = navigated ? use(settledArticleParts()) !== null : true;
  const contentLang = isoOf(article.lang as LocaleCode);
  return (
    <article className="news-article ui-container" data-testid="news-article" aria-labelledby="news-article-title">
      {back}
      <header className="news-article__head">
        <p className="news-article__meta">
          <time dateTime={article.published_at}>{formatServerDate(article.published_at, server)}</time>
          <span aria-hidden="true">·</span>
          <a href="#comments">{t('card.comments', { count: article.comments_count })}</a>
        </p>
        <h1 id="news-article-title" className="news-article__title" lang={contentLang}>
          {article.title}
        </h1>
        <p className="news-article__lead" lang={contentLang}>
          {article.excerpt}
        </p>
      </header>
      {article.image ? (
        <img className="news-article__image" src={imageUrl(server, article.image)} alt="" width={800} height={450} fetchPriority="high" />
      ) : null}
      {article.lang !== scope.lang ? (
        <p className="news-article__fallback" role="note">
          {t('article.englishFallback')}
        </p>
      ) : null}
      <ArticleBody html={article.body} lang={contentLang} />
      {partsLoaded ? (
        <>
          {/* Below the body: the poll and the comments load their code and hydrate when the reader
            acts in them or the player's own data changes them; input meanwhile is held and done then. */}
          {article.poll ? (
            <HydrateOnVisible when="act" holdInput openKey={`${viewerKey}|${pending}|${article.poll.voted_options?.join(',') ?? ''}`}>
              <Poll server={server} poll={article.poll} user={user} pending={pending} slug={article.slug} />
            </HydrateOnVisible>
          ) : null}
          <HydrateOnVisible
            id="comments"
            className="news-article__comments"
            when="act"
            holdInput
            openKey={`${viewerKey}|${player.loggedIn && !user}`}
          >
            <Comments
              server={server}
              slug={article.slug}
              comments={article.comments}
              count={article.comments_count}
              rules={article.comment_rules}
              user={user}
              pending={player.loggedIn && !user}
            />
          </HydrateOnVisible>
        </>
      ) : (
        <div className="ui-card news-article__state" data-testid="news-article-parts-unavailable">
          <RetryState
            title={tCommon('remote.unavailableTitle')}
            retryLabel={tCommon('remote.retry')}
            onRetry={() => {
              retryArticleParts();
              setPartsAttempt((n) => n + 1);
            }}
          />
        </div>
      )}
    </article>
  );
}

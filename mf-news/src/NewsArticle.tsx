import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, Spinner, currentLocale, formatServerDate, isoOf, useLandingStore, type LocaleCode, type NewsArticleProps } from '@landing/shared';
import { fetchArticle, imageUrl, type ArticleData, type CommentData } from './api';
import { ArticleBody } from './components/ArticleBody';
import { Comments } from './components/Comments';
import { Poll } from './components/Poll';
import { useViewer } from './components/useViewer';
import { registerNewsTranslations } from './i18n';
import './news.css';

registerNewsTranslations();

type Status = 'loading' | 'ready' | 'notFound' | 'error';

/**
 * A news article (spec §2 `/{server}/news/{slug}`): title, date in the server's time zone, image,
 * the body sanitised with DOMPurify, the poll and the comments. An unknown slug (404 'NEWS NOT
 * FOUND', toasted and swallowed by the shared client, spec §8) shows a translated not-found state
 * with a link back. The article is reloaded after a vote, a login/logout and a language switch.
 */
export function NewsArticle({ server, slug }: NewsArticleProps) {
  const { t } = useTranslation('news');
  const lang = useLandingStore((s) => s.serverLangLocale);
  const setStoreComments = useLandingStore((s) => s.setComments);
  const user = useViewer(server);
  const viewerKey = user ? `${user.id}:${user.ovr}` : 'visitor';
  const [status, setStatus] = useState<Status>('loading');
  const [article, setArticle] = useState<ArticleData | null>(null);

  const load = useCallback(
    async (options: { signal?: AbortSignal; quiet?: boolean } = {}) => {
      if (!options.quiet) setStatus('loading');
      try {
        const answer = await fetchArticle(slug, options.signal);
        if (!answer) {
          setArticle(null);
          setStatus('notFound');
          return;
        }
        setArticle(answer);
        setStoreComments(answer.comments);
        setStatus('ready');
      } catch {
        if (!options.signal?.aborted && !options.quiet) setStatus('error');
      }
    },
    [slug, setStoreComments],
  );

  // First load per article; later changes of language or viewer reload quietly (no spinner).
  useEffect(() => {
    const controller = new AbortController();
    void load({ signal: controller.signal });
    window.scrollTo({ top: 0 });
    return () => controller.abort();
  }, [load, server]);
  useEffect(() => {
    if (status !== 'ready') return;
    const controller = new AbortController();
    void load({ signal: controller.signal, quiet: true });
    return () => controller.abort();
    // Only the language and the viewer trigger this reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, viewerKey]);

  const refresh = useCallback(() => load({ quiet: true }), [load]);
  const onComments = useCallback((comments: CommentData[], count: number) => {
    setArticle((a) => (a ? { ...a, comments, comments_count: count } : a));
    setStoreComments(comments);
  }, [setStoreComments]);

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
              title={<span role="heading" aria-level={1}>{t('article.notFoundTitle')}</span>}
              text={t('article.notFoundText')}
              action={
                <Link className="ui-btn" to={`/${server}/news`}>
                  {t('article.back')}
                </Link>
              }
            />
          ) : (
            <EmptyState
              tone="error"
              title={t('article.error')}
              action={
                <button type="button" className="ui-btn ui-btn--ghost" onClick={() => void load()}>
                  {t('article.retry')}
                </button>
              }
            />
          )}
        </div>
      </div>
    );
  }

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
        <img className="news-article__image" src={imageUrl(server, article.image)} alt="" width={800} height={450} />
      ) : null}
      {article.lang !== currentLocale() ? (
        <p className="news-article__fallback" role="note">
          {t('article.englishFallback')}
        </p>
      ) : null}
      <ArticleBody html={article.body} lang={contentLang} />
      {article.poll ? <Poll server={server} poll={article.poll} user={user} onRefresh={refresh} /> : null}
      <div id="comments">
        <Comments
          server={server}
          slug={article.slug}
          comments={article.comments}
          count={article.comments_count}
          rules={article.comment_rules}
          user={user}
          onChange={onComments}
        />
      </div>
    </article>
  );
}

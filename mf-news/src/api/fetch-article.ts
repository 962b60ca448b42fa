/**
 * `GET /news/{slug}`: one article (spec §2 `/{server}/news/{slug}`), with the viewer's ballot of
 * its poll merged in (`GET /news/{slug}/ballot`, a private answer apart from the public article
 * that shared caches may keep). See api/src/domains/news/ for the server.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiBaseFor, type ReadScope, type ApiClient } from '@landing/shared';
import type { AxiosRequestConfig } from 'axios';
import type { NewsArticle, NewsBallot } from '@landing/domain/schemas/news';
import { newsKeys } from './keys';

function isBallot(data: unknown): data is NewsBallot {
  return typeof data === 'object' && data !== null && 'poll_id' in data && 'voted_options' in data;
}

/**
 * Fetches the viewer's ballot of article `slug`; resolves to null on any failure or answer that
 * is not a ballot (the poll then shows as not voted; the API still refuses a second vote).
 * @param config the article request's config (base URL, `X-Lang`, `X-Server-Id`, abort signal)
 */
async function fetchBallot(api: ApiClient, slug: string, config: AxiosRequestConfig): Promise<NewsBallot | null> {
  try {
    const res = await api.get<NewsBallot>(`/news/${encodeURIComponent(slug)}/ballot`, config);
    return res.status === 200 && isBallot(res.data) ? res.data : null;
  } catch {
    return null;
  }
}

/**
 * Fetches article `slug`. The article is the same for every viewer (the API caches it and lets
 * shared caches keep it); for a logged-in `viewer` (`viewer:<user id>:<ovr>`; `visitor` otherwise) with
 * a poll, the viewer's own choice comes from `GET /news/{slug}/ballot` (fetched in parallel) and
 * is put into `poll.voted_options`. Resolves to null for 404 'NEWS NOT FOUND' (in the browser the
 * shared client shows the toast and resolves with the 404 response, spec §8); rejects on other
 * errors of the article.
 */
async function fetchArticle(
  api: ApiClient,
  scope: ReadScope,
  slug: string,
  viewer: string,
  signal?: AbortSignal,
): Promise<NewsArticle | null> {
  const config = { baseURL: apiBaseFor(scope.server), headers: { 'X-Lang': scope.lang, 'X-Server-Id': scope.server }, signal };
  const [res, ballot] = await Promise.all([
    api.get<NewsArticle>(`/news/${encodeURIComponent(slug)}`, config),
    viewer !== 'visitor' ? fetchBallot(api, slug, config) : null,
  ]);
  if (res.status !== 200) return null;
  const article = res.data;
  if (article.poll && ballot?.poll_id === article.poll.id) {
    return { ...article, poll: { ...article.poll, voted_options: ballot.voted_options } };
  }
  return article;
}

/**
 * {@link fetchArticle} as a query. `viewer` is part of the key for the viewer's choice and the
 * rules; the server renders the visitor's.
 */
export function articleQuery(api: ApiClient, scope: ReadScope, slug: string, viewer: string) {
  return queryOptions({
    queryKey: newsKeys.articleFor(scope.server, scope.lang, slug, viewer),
    queryFn: ({ signal }) => fetchArticle(api, scope, slug, viewer, signal),
  });
}

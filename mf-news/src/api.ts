/**
 * Calls of the news remote to the landing API (through the shared client: spec §7 headers, §8
 * error catalogue). See api/src/domains/news/ for the server.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { apiBaseFor, apiClient, apiGet, type ReadScope } from '@landing/shared';
import type {
  NewsArticle as ArticleData,
  NewsBallot as BallotData,
  NewsPage as NewsPageData,
  PostedComment,
  VoteAnswer,
} from '@landing/domain/schemas/news';

// The answer types are the API's own schemas (`@landing/domain/schemas/news`, through z.infer):
// type-only imports, so none of zod reaches this remote's bundle.
export type { LocaleCode as ContentLang } from '@landing/domain';
export type {
  CommentAuthor,
  CommentRules,
  NewsArticle as ArticleData,
  NewsBallot as BallotData,
  NewsCard as NewsCardData,
  NewsComment as CommentData,
  NewsPage as NewsPageData,
  NewsPoll as PollData,
  NewsReply as ReplyData,
  PollOption as PollOptionData,
  PostedComment,
  VoteAnswer,
} from '@landing/domain/schemas/news';

/**
 * URL of an article image: absolute URLs as they are, API paths resolved against the server's
 * API base (spec §7 API base per server).
 */
export function imageUrl(server: string, image: string): string {
  if (/^https?:\/\//i.test(image)) return image;
  return `${apiBaseFor(server).replace(/\/+$/, '')}/${image.replace(/^\/+/, '')}`;
}

/**
 * `GET /news?page=&per_page=` as a query (server-rendered, hydrated in the browser), in the
 * interface language (the API falls back to English per article). Rejects on any API error (in
 * the browser the client has shown its toast).
 */
export function newsPageQuery(api: AxiosInstance, scope: ReadScope, page: number, perPage: number) {
  return queryOptions({
    queryKey: ['news', 'list', scope.server, scope.lang, page, perPage] as const,
    queryFn: ({ signal }) => apiGet<NewsPageData>(api, scope, '/news', { page, per_page: perPage }, signal),
  });
}

function isBallot(data: unknown): data is BallotData {
  return typeof data === 'object' && data !== null && 'poll_id' in data && 'voted_options' in data;
}

/**
 * `GET /news/{slug}` as a query. The article is the same for every viewer (the API caches it and
 * lets shared caches keep it); for a logged-in `viewer` (`<user id>:<ovr>`; `visitor` otherwise)
 * with a poll, the viewer's own choice comes from `GET /news/{slug}/ballot` (a private answer,
 * fetched in parallel) and is put into `poll.voted_options` here. `viewer` is part of the key for
 * that choice and the rules; the server renders the visitor's. Resolves to null for 404 'NEWS
 * NOT FOUND' (in the browser the shared client shows the toast and resolves with the 404
 * response, spec §8); rejects on other errors of the article.
 */
export function articleQuery(api: AxiosInstance, scope: ReadScope, slug: string, viewer: string) {
  return queryOptions({
    queryKey: ['news', 'article', scope.server, scope.lang, slug, viewer] as const,
    queryFn: async ({ signal }): Promise<ArticleData | null> => {
      const path = `/news/${encodeURIComponent(slug)}`;
      const config = { baseURL: apiBaseFor(scope.server), headers: { 'X-Lang': scope.lang, 'X-Server-Id': scope.server }, signal };
      const [res, ballot] = await Promise.all([
        api.get<ArticleData>(path, config),
        // Without the ballot the poll shows as not voted; the API still refuses a second vote.
        viewer !== 'visitor' ? api.get<BallotData>(`${path}/ballot`, config).catch(() => null) : null,
      ]);
      if (res.status !== 200) return null;
      const article = res.data;
      if (article.poll && ballot?.status === 200 && isBallot(ballot.data) && ballot.data.poll_id === article.poll.id) {
        return { ...article, poll: { ...article.poll, voted_options: ballot.data.voted_options } };
      }
      return article;
    },
  });
}

/** True when `key` is an article query of `slug` (keeps the shown article while its language or viewer changes). */
export function isArticleKeyOf(key: QueryKey | undefined, slug: string): boolean {
  return Array.isArray(key) && key[0] === 'news' && key[1] === 'article' && key[4] === slug;
}

/** `POST /news/{slug}/comments`. Rejects on an API error (text should be kept by the caller). */
export async function postComment(slug: string, text: string, parentId: number | null): Promise<PostedComment> {
  const { data } = await apiClient.post<PostedComment>(`/news/${encodeURIComponent(slug)}/comments`, {
    text,
    ...(parentId !== null ? { parent_id: parentId } : {}),
  });
  return data;
}

/**
 * `POST /votes` with `questionnaire_id` and `options` (spec §3, §7). Resolves to the answer, or
 * to null when the vote was refused with 422 INVALID_VOTE (swallowed by the shared client after
 * its toast, spec §8); rejects on other errors.
 */
export async function sendVote(pollId: number, options: number[]): Promise<VoteAnswer | null> {
  const res = await apiClient.post<VoteAnswer>('/votes', { questionnaire_id: pollId, options });
  return res.status === 200 ? res.data : null;
}

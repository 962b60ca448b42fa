/**
 * Calls of the news remote to the landing API (through the shared client: spec §7 headers, §8
 * error catalogue) and the shapes of their answers. See api/src/routes/news*.ts for the server.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { apiBaseFor, apiClient, apiGet, type ReadScope } from '@landing/shared';

/** Languages the API may answer content in (the requested one, or `en` as fallback). */
export type ContentLang = 'ru' | 'pl' | 'en' | 'br' | 'es' | 'it' | 'de' | 'fr' | 'tr';

/** One card of the news list (`GET /{server}/news`). */
export interface NewsCardData {
  id: number;
  slug: string;
  /** Plain text. */
  title: string;
  /** Plain text. */
  excerpt: string;
  /** Image path relative to the server's API base, or an absolute URL; null = no image. */
  image: string | null;
  /** ISO instant. */
  published_at: string;
  /** Comments including replies. */
  comments_count: number;
  has_poll: boolean;
  lang: ContentLang;
}

/** A page of the list. */
export interface NewsPageData {
  items: NewsCardData[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** Author of a comment (the player, with their current OVR). */
export interface CommentAuthor {
  id: number;
  nickname: string;
  ovr: number;
}

/** A reply (second level). `text` is plain text, never markup. */
export interface ReplyData {
  id: number;
  parent_id: number | null;
  author: CommentAuthor;
  text: string;
  /** ISO instant. */
  created_at: string;
}

/** A top-level comment and its replies (threaded one level). */
export interface CommentData extends ReplyData {
  replies: ReplyData[];
}

/** Comment rules of the server (spec §5, §9 thresholds). */
export interface CommentRules {
  min_length: number;
  max_length: number;
  /** Only players with OVR higher than this can comment. */
  min_ovr: number;
}

/** One answer of a poll with its share (spec §3 `votes_percent`, 0..100). */
export interface PollOptionData {
  id: number;
  answer: string;
  votes: number;
  votes_percent: number;
}

/** Poll of an article (spec §3). */
export interface PollData {
  /** The `questionnaire_id` of the vote. */
  id: number;
  question: string;
  /** `single` gives radio buttons, anything else checkboxes (spec §3). */
  type: string;
  options: PollOptionData[];
  /** Minimum OVR to vote. */
  limit_ovr: number;
  /** ISO instant the poll closes. */
  finish_at: string;
  ended: boolean;
  total_votes: number;
  /** The logged-in player's choice, null when not voted. */
  voted_options: number[] | null;
}

/** A full article (`GET /{server}/news/{slug}`). */
export interface ArticleData extends NewsCardData {
  /** Rich HTML; sanitise before rendering. */
  body: string;
  comments: CommentData[];
  comment_rules: CommentRules;
  poll: PollData | null;
}

/** Answer of `POST /votes`. */
export interface VoteAnswer {
  /** Message to show as a notification (spec §7). */
  info: string;
  poll: PollData;
}

/** Answer of posting a comment. */
export interface PostedComment {
  comment: ReplyData;
  comments_count: number;
}

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

/** Answer of `GET /news/{slug}/ballot`: the viewer's own choice in the article's poll. */
export interface BallotData {
  poll_id: number | null;
  voted_options: number[] | null;
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

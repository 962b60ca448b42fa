/** Test helpers of the news remote. */
import { render } from '@testing-library/react';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { withQueryClient } from '@landing/shared/testing';
import { NewsArticle, NewsCard, NewsComment, NewsPage, NewsPoll, NewsReply, VoteAnswer } from '@landing/domain/schemas/news';
import { apiFixture } from '@landing/domain/testing';
import type {
  NewsArticle as ArticleData,
  NewsCard as NewsCardData,
  NewsComment as CommentData,
  NewsPoll as PollData,
  NewsReply as ReplyData,
} from '@landing/domain/schemas/news';

/**
 * Renders inside a router (cards, pagination and back links are router links) and a fresh query
 * cache without retries; `rerender` keeps both.
 */
export function renderWithRouter(ui: ReactElement, path = '/royal/news') {
  // Under a Suspense boundary, as in the shell's remote slot: a page waiting for a chunk of its
  // own (the article's poll and comments) shows nothing meanwhile, then itself.
  const router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>{children}</Suspense>
    </MemoryRouter>
  );
  return render(ui, { wrapper: withQueryClient(router) });
}

// Fixtures of API answers go through `apiFixture` with the API's own answer schemas
// (`@landing/domain/schemas/news`, the route schemas of api/src/domains/news): a fixture the API
// could not send fails the test that builds it.

/** An open single-choice poll (spec §3 Poll), checked against the API schema. */
export const openPoll = (over: Partial<PollData> = {}): PollData =>
  apiFixture(NewsPoll, {
    id: 7,
    question: 'Which formation do you play most often?',
    type: 'single',
    options: [
      { id: 71, answer: '4-4-2', votes: 3, votes_percent: 60 },
      { id: 72, answer: '4-3-3', votes: 2, votes_percent: 40 },
    ],
    limit_ovr: 30,
    finish_at: new Date(Date.now() + 86_400_000).toISOString(),
    ended: false,
    total_votes: 5,
    voted_options: null,
    ...over,
  });

/** A top-level comment with its replies, checked against the API schema. */
export const comment = (id: number, text: string, replies: CommentData['replies'] = []): CommentData =>
  apiFixture(NewsComment, {
    id,
    parent_id: null,
    author: { id: id * 10, nickname: `Player${id}`, ovr: 70 },
    text,
    created_at: '2026-11-19T10:00:00Z',
    replies,
  });

/** A reply (second level: no replies of its own), checked against the API schema. */
export const reply = (id: number, text: string, parentId: number | null = 1): ReplyData =>
  apiFixture(NewsReply, {
    id,
    parent_id: parentId,
    author: { id: id * 10, nickname: `Player${id}`, ovr: 70 },
    text,
    created_at: '2026-11-19T10:00:00Z',
  });

/** An article as `GET /{server}/news/{slug}` answers it, checked against the API schema. */
export const article = (over: Partial<ArticleData> = {}): ArticleData =>
  apiFixture(NewsArticle, {
    id: 1,
    slug: 'new-season-kicks-off',
    title: 'A new season kicks off on Royal',
    excerpt: 'Fresh leagues.',
    image: 'news-images/1.svg?v=abc',
    published_at: '2026-11-19T13:34:29Z',
    comments_count: 1,
    has_poll: false,
    lang: 'en',
    body: '<p>Welcome <strong>back</strong>.</p>',
    comments: [comment(1, 'First!')],
    comment_rules: { min_length: 10, max_length: 1000, min_ovr: 45 },
    poll: null,
    ...over,
  });

/** A card of the news list (`GET /{server}/news` item), checked against the API schema. */
export const card = (id: number, over: Partial<NewsCardData> = {}): NewsCardData =>
  apiFixture(NewsCard, {
    id,
    slug: `article-${id}`,
    title: `Article number ${id}`,
    excerpt: `Excerpt ${id}`,
    image: `news-images/${id}.svg?v=x`,
    published_at: '2026-11-19T13:34:29Z',
    comments_count: id,
    has_poll: id === 2,
    lang: 'en',
    ...over,
  });

/** Page `n` of the news list (`GET /{server}/news?page=n`, 13 articles), checked against the API schema. */
export const newsPage = (n: number, items: NewsCardData[], totalPages = 2) =>
  apiFixture(NewsPage, { items, page: n, per_page: 9, total: 13, total_pages: totalPages });

/** The answer of a vote (`POST /{server}/votes`, spec §7): the message and the poll after it. */
export const voteAnswer = (poll: PollData = openPoll()) => apiFixture(VoteAnswer, { info: 'Thank you! Your vote has been counted.', poll });

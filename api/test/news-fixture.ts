/**
 * Shared setup of the news API tests: the answer shapes, the seeded slugs, and a test app with
 * request helpers (GET, POST with the XSRF pair, a logged-in player, an article with the viewer's ballot).
 */
import assert from 'node:assert/strict';
import { createSession } from '../src/domains/auth/sessions.js';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

type Card = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  published_at: string;
  comments_count: number;
  has_poll: boolean;
  lang: string;
};
export type Page = { items: Card[]; page: number; per_page: number; total: number; total_pages: number };
export type Reply = {
  id: number;
  parent_id: number | null;
  author: { id: number; nickname: string; ovr: number };
  text: string;
  created_at: string;
};
export type Comment = Reply & { replies: Reply[] };
export type Poll = {
  id: number;
  question: string;
  type: 'single' | 'multiple';
  options: Array<{ id: number; answer: string; votes: number; votes_percent: number }>;
  limit_ovr: number;
  finish_at: string;
  ended: boolean;
  total_votes: number;
  voted_options: number[] | null;
};
type Article = Card & {
  body: string;
  comments: Comment[];
  comment_rules: { min_length: number; max_length: number; min_ovr: number };
  poll: Poll | null;
};

export const SINGLE = 'poll-favourite-formation';
export const MULTIPLE = 'poll-next-features';
export const ENDED = 'poll-results-summer-event-pack';
export const EN_ONLY = 'better-on-your-phone';

/**
 * Builds the news test app for the enclosing `describe` (a fresh database per file) and returns
 * `t` with its request helpers: `get`, `post` (XSRF pair sent), `login` and `article`.
 */
export function setupNewsApp() {
  const t = setupTestApp();
  /** Player id of each test player's session headers. */
  const playerIds = new Map<string, number>();

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const x = await xsrfPair(t.app);
    return t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      cookies: x.cookies,
      headers: { ...x.headers, ...headers },
    });
  };

  /**
   * A player on `server` with `ovr`, an active auth account owning it and a real session
   * (src/domains/auth/sessions.ts), created directly in the database. Returns the session headers.
   */
  async function login(server: string, nickname: string, ovr: number): Promise<Record<string, string>> {
    const [player] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ($1, $2, 'PL', $3) RETURNING id`,
      [server, nickname, ovr],
    );
    const [account] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO auth_accounts (server, nickname, email, status, player_id, activated_at)
     VALUES ($1, $2, $3, 'active', $4, now()) RETURNING id`,
      [server, nickname, `${nickname.toLowerCase()}@example.com`, player!.id],
    );
    const session = await createSession(t.app.db, account!.id, { method: 'password', ip: null, ttlS: 3600 });
    playerIds.set(nickname, player!.id);
    return { 'x-auth-token': session.token, 'x-auth-id': session.uid };
  }
  /**
   * An article as the page shows it: the public answer, and with a session the viewer's own
   * ballot (a separate private answer) put into `poll.voted_options`, as
   * mf-news/src/api/fetch-article.ts does.
   */
  const article = async (server: string, slug: string, headers: Record<string, string> = {}) => {
    const res = await get(`/${server}/news/${slug}`, headers);
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json() as Article;
    if (answer.poll) assert.equal(answer.poll.voted_options, null, 'the public article never carries a ballot');
    if (!headers['x-auth-token'] || !answer.poll) return answer;
    const ballot = await get(`/${server}/news/${slug}/ballot`, headers);
    assert.equal(ballot.statusCode, 200, ballot.body);
    assert.equal(ballot.headers['cache-control'], 'private, no-store');
    const mine = ballot.json() as { poll_id: number; voted_options: number[] | null };
    assert.equal(mine.poll_id, answer.poll.id);
    return { ...answer, poll: { ...answer.poll, voted_options: mine.voted_options } };
  };

  return { t, playerIds, get, post, login, article };
}

/**
 * News domain against a real database: list/paging/languages, article + 404, images, comments
 * (rules, replies, plain text), polls and votes (rules, one ballot per player, percentages).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSession } from '../src/domains/auth/sessions.js';
import { votePercents } from '../src/domains/news/polls.js';
import { commentLength, normaliseCommentText } from '@landing/domain';
import { SEED_ARTICLES } from '../src/domains/news/seed-articles.js';
import { assertErrorBody, setupTestApp, sqlRows, xsrfPair } from './helpers.js';

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
type Page = { items: Card[]; page: number; per_page: number; total: number; total_pages: number };
type Reply = {
  id: number;
  parent_id: number | null;
  author: { id: number; nickname: string; ovr: number };
  text: string;
  created_at: string;
};
type Comment = Reply & { replies: Reply[] };
type Poll = {
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

const SINGLE = 'poll-favourite-formation';
const MULTIPLE = 'poll-next-features';
const ENDED = 'poll-results-summer-event-pack';
const EN_ONLY = 'better-on-your-phone';

describe('news', () => {
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

  describe('seed', () => {
    it('has at least 12 articles per server across dates, all with images, in all nine languages', async () => {
      const rows = await sqlRows<{ server: string; n: number; days: number; images: number }>(
        t.handle,
        `SELECT server, count(*)::int AS n, count(DISTINCT date_trunc('day', published_at))::int AS days,
                count(image_svg)::int AS images
           FROM news_articles GROUP BY server ORDER BY server`,
      );
      assert.deepEqual(
        rows.map((r) => r.server),
        ['classic', 'en', 'pl', 'royal'],
      );
      for (const r of rows) {
        assert.ok(r.n >= 12, `${r.server}: ${r.n} articles`);
        assert.ok(r.days >= 12, `${r.server}: published on ${r.days} days`);
        assert.equal(r.images, r.n);
      }
      const langs = await sqlRows<{ lang: string }>(
        t.handle,
        `SELECT DISTINCT t.lang FROM news_translations t JOIN news_articles a ON a.id = t.article_id WHERE a.server = 'royal' ORDER BY 1`,
      );
      assert.deepEqual(
        langs.map((l) => l.lang),
        ['br', 'de', 'en', 'es', 'fr', 'it', 'pl', 'ru', 'tr'],
      );
    });

    it('has an open single poll, an open multiple poll, an ended poll, and comments with replies', async () => {
      const single = (await article('royal', SINGLE)).poll!;
      const multiple = (await article('royal', MULTIPLE)).poll!;
      const ended = (await article('royal', ENDED)).poll!;
      assert.equal(single.type, 'single');
      assert.equal(single.ended, false);
      assert.equal(multiple.type, 'multiple');
      assert.equal(multiple.ended, false);
      assert.equal(multiple.limit_ovr, 60);
      assert.equal(ended.ended, true);
      for (const p of [single, multiple, ended]) assert.ok(p.total_votes > 20, `${p.question}: ${p.total_votes} ballots`);
      const [c] = await sqlRows<{ top: number; replies: number }>(
        t.handle,
        `SELECT count(*) FILTER (WHERE c.parent_id IS NULL)::int AS top, count(*) FILTER (WHERE c.parent_id IS NOT NULL)::int AS replies
           FROM news_comments c JOIN news_articles a ON a.id = c.article_id WHERE a.server = 'royal'`,
      );
      assert.ok(c!.top > 10 && c!.replies > 5, JSON.stringify(c));
    });

    it('leaves the demo accounts without ballots and comments', async () => {
      const [row] = await sqlRows<{ ballots: number; comments: number }>(
        t.handle,
        `SELECT (SELECT count(*)::int FROM news_poll_ballots b JOIN players p ON p.id = b.player_id WHERE p.nickname LIKE 'demo%') AS ballots,
                (SELECT count(*)::int FROM news_comments c JOIN players p ON p.id = c.player_id WHERE p.nickname LIKE 'demo%') AS comments`,
      );
      assert.deepEqual(row, { ballots: 0, comments: 0 });
    });
  });

  describe('GET /:server/news', () => {
    it('pages the list newest first (9 per page by default)', async () => {
      const p1 = (await get('/royal/news')).json() as Page;
      assert.equal(p1.page, 1);
      assert.equal(p1.per_page, 9);
      assert.equal(p1.total, SEED_ARTICLES.length);
      assert.equal(p1.total_pages, Math.ceil(SEED_ARTICLES.length / 9));
      assert.equal(p1.items.length, 9);
      const dates = p1.items.map((i) => Date.parse(i.published_at));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
      assert.equal(p1.items[0]!.slug, SEED_ARTICLES[0]!.slug);
      const p2 = (await get('/royal/news?page=2')).json() as Page;
      assert.equal(p2.items.length, SEED_ARTICLES.length - 9);
      assert.ok(Date.parse(p2.items[0]!.published_at) <= dates[8]!);
      assert.equal(new Set([...p1.items, ...p2.items].map((i) => i.id)).size, SEED_ARTICLES.length);
      const past = (await get('/royal/news?page=5')).json() as Page;
      assert.deepEqual(past.items, []);
      assert.equal(past.total_pages, 2);
    });

    it('cards carry the comment count, poll flag and an image path', async () => {
      const { items } = (await get('/royal/news?per_page=24')).json() as Page;
      const single = items.find((i) => i.slug === SINGLE)!;
      assert.equal(single.has_poll, true);
      assert.match(single.image!, /^news-images\/\d+\.svg\?v=[0-9a-z]+$/);
      const full = await article('royal', SINGLE);
      assert.equal(
        single.comments_count,
        full.comments.reduce((n, c) => n + 1 + c.replies.length, 0),
      );
      assert.equal(items.find((i) => i.slug === EN_ONLY)!.has_poll, false);
    });

    it('answers in the X-Lang language and falls back to English per article', async () => {
      const pl = (await get('/royal/news?per_page=24', { 'x-lang': 'pl' })).json() as Page;
      const first = pl.items.find((i) => i.slug === 'new-season-kicks-off')!;
      assert.equal(first.lang, 'pl');
      assert.equal(first.title, 'Nowy sezon startuje na serwerze Royal');
      const enOnly = pl.items.find((i) => i.slug === EN_ONLY)!;
      assert.equal(enOnly.lang, 'en');
      assert.equal(enOnly.title, 'Playing on your phone just got better');
      const tr = (await get('/pl/news', { 'x-lang': 'tr' })).json() as Page;
      assert.equal(tr.items[0]!.title, 'Legacy sunucusunda yeni sezon başlıyor');
      const unknown = (await get('/royal/news', { 'x-lang': 'xx' })).json() as Page;
      assert.equal(unknown.items[0]!.lang, 'en');
    });

    it('lists only the server’s own, already published articles', async () => {
      const royal = (await get('/royal/news?per_page=24')).json() as Page;
      const pl = (await get('/pl/news?per_page=24')).json() as Page;
      const royalIds = new Set(royal.items.map((i) => i.id));
      assert.ok(pl.items.every((i) => !royalIds.has(i.id)));
      const [a] = await sqlRows<{ id: number }>(
        t.handle,
        `INSERT INTO news_articles (server, slug, published_at) VALUES ('royal', 'coming-tomorrow', now() + interval '1 day') RETURNING id`,
      );
      await sqlRows(t.handle, `INSERT INTO news_translations VALUES ($1, 'en', 'Tomorrow', 'Soon', '<p>Soon</p>')`, [a!.id]);
      const again = (await get('/royal/news?per_page=24')).json() as Page;
      assert.equal(again.total, royal.total);
      assertErrorBody(await get('/royal/news/coming-tomorrow'), 404, 'NEWS NOT FOUND');
      assertErrorBody(await get('/nope/news'), 404, 'UNKNOWN_SERVER');
    });

    it('validates page and per_page (400 with a readable message)', async () => {
      for (const q of ['page=0', 'page=abc', 'page=1.5', 'per_page=0', 'per_page=25']) {
        const body = assertErrorBody(await get(`/royal/news?${q}`), 400, 'VALIDATION_ERROR');
        assert.match(body.message, /must be a whole number between/);
      }
    });
  });

  describe('GET /:server/news/:slug', () => {
    it('answers the article with body, threaded comments, rules and poll', async () => {
      const a = await article('royal', 'new-season-kicks-off', { 'x-lang': 'de' });
      assert.equal(a.lang, 'de');
      assert.equal(a.title, 'Auf Royal startet eine neue Saison');
      assert.match(a.body, /^<p>Die neue Saison auf <strong>Royal<\/strong>/);
      assert.deepEqual(a.comment_rules, { min_length: 10, max_length: 1000, min_ovr: 45 });
      assert.equal(a.poll, null);
      assert.ok(a.comments.length > 0);
      for (const c of a.comments) {
        assert.equal(c.parent_id, null);
        assert.ok(c.author.nickname && c.author.ovr > 45);
        for (const r of c.replies) assert.equal(r.parent_id, c.id);
      }
      const tops = a.comments.map((c) => Date.parse(c.created_at));
      assert.deepEqual(
        tops,
        [...tops].sort((x, y) => y - x),
        'newest top-level comment first',
      );
      assert.equal(
        a.comments_count,
        a.comments.reduce((n, c) => n + 1 + c.replies.length, 0),
      );
    });

    it('links inside the body point at the article’s own server', async () => {
      const a = await article('classic', 'prediction-game-is-back');
      assert.match(a.body, /href="\/classic\/bets"/);
      assert.match(a.body, /href="\/classic\/bets-ranking"/);
    });

    it('an unknown slug is 404 NEWS NOT FOUND with exactly that body (spec §8)', async () => {
      const res = await get('/royal/news/no-such-article');
      assertErrorBody(res, 404, 'NEWS NOT FOUND');
      assert.deepEqual(res.json(), { statusCode: 404, error: 'NEWS NOT FOUND', message: 'NEWS NOT FOUND' });
      // Fastify's default maxParamLength (100) is the longest slug that reaches the route.
      assertErrorBody(await get(`/royal/news/${'x'.repeat(100)}`), 404, 'NEWS NOT FOUND');
      assertErrorBody(await get('/royal/news/<script>'), 404, 'NEWS NOT FOUND');
    });

    it('the poll question and answers follow X-Lang', async () => {
      const a = await article('royal', MULTIPLE, { 'x-lang': 'fr' });
      assert.equal(a.poll!.question, 'Quelles fonctionnalités devrions-nous créer ensuite ?');
      assert.equal(a.poll!.options[0]!.answer, 'Chat du club');
    });
  });

  describe('GET /:server/news-images/:file', () => {
    it('serves the article’s SVG with safe headers', async () => {
      const { items } = (await get('/royal/news')).json() as Page;
      const res = await get(`/royal/${items[0]!.image!}`);
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.match(res.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.doesNotMatch(res.body, /<script|href=|xlink|on\w+=/i);
    });

    it('404 for another server’s image or an unknown id, 400 for a bad name', async () => {
      const { items } = (await get('/royal/news')).json() as Page;
      assertErrorBody(await get(`/pl/news-images/${items[0]!.id}.svg`), 404, 'IMAGE_NOT_FOUND');
      assertErrorBody(await get('/royal/news-images/999999.svg'), 404, 'IMAGE_NOT_FOUND');
      assertErrorBody(await get('/royal/news-images/..%2Fetc.svg'), 400, 'VALIDATION_ERROR');
    });
  });

  describe('comments', () => {
    const url = '/royal/news/new-season-kicks-off/comments';

    it('a visitor is told to log in (401 LOGIN_REQUIRED)', async () => {
      const body = assertErrorBody(await post(url, { text: 'Hello everybody out there' }), 401, 'LOGIN_REQUIRED');
      assert.equal(body.message, 'Users must be logged in to comment');
    });

    it('needs the XSRF header', async () => {
      const res = await t.app.inject({ method: 'POST', url, payload: { text: 'Hello everybody out there' } });
      assertErrorBody(res, 403, 'XSRF_MISMATCH');
    });

    it('a player with OVR not above the threshold is refused (403)', async () => {
      const low = await login('royal', 'LowOvrWriter', 45);
      const body = assertErrorBody(await post(url, { text: 'I would like to comment too' }, low), 403, 'COMMENT_OVR_TOO_LOW');
      assert.equal(body.message, 'Only players with OVR higher than 45 can comment');
    });

    it('a session of another server, or a revoked or made-up one, counts as a visitor', async () => {
      const plPlayer = await login('pl', 'PolishWriter', 80);
      assertErrorBody(await post(url, { text: 'Comment from another server' }, plPlayer), 401, 'LOGIN_REQUIRED');
      const royal = await login('royal', 'RevokedWriter', 80);
      await sqlRows(t.handle, `UPDATE auth_sessions SET revoked_at = now() WHERE account_id = $1`, [Number(royal['x-auth-id'])]);
      assertErrorBody(await post(url, { text: 'Comment after logging out' }, royal), 401, 'LOGIN_REQUIRED');
      const forged = { 'x-auth-token': 'made-up-token', 'x-auth-id': royal['x-auth-id']! };
      assertErrorBody(await post(url, { text: 'Comment with a forged token' }, forged), 401, 'LOGIN_REQUIRED');
    });

    it('too short (after trimming) is 422 with the minimum in the message', async () => {
      const writer = await login('royal', 'ShortWriter', 70);
      for (const text of ['short', '    tiny     ', '\n\n\n\n\n\n\n\n\n\n\n\n']) {
        const body = assertErrorBody(await post(url, { text }, writer), 422, 'COMMENT_TOO_SHORT');
        assert.equal(body.message, 'The comment must be at least 10 characters long');
      }
      assertErrorBody(await post(url, { text: 'x'.repeat(1001) }, writer), 422, 'COMMENT_TOO_LONG');
      assertErrorBody(await post(url, { text: 'x'.repeat(5001) }, writer), 400, 'VALIDATION_ERROR');
      assertErrorBody(await post(url, { text: 42 }, writer), 400, 'VALIDATION_ERROR');
    });

    it('posts a comment and a reply; the count follows; markup is stored as plain text', async () => {
      const writer = await login('royal', 'HappyWriter', 71);
      const before = await article('royal', 'new-season-kicks-off');
      const xss = '<img src=x onerror="window.__xss=1"><script>alert(1)</script> hi';
      const res = await post(url, { text: `  ${xss}  ` }, writer);
      assert.equal(res.statusCode, 201, res.body);
      const posted = res.json() as { comment: Reply; comments_count: number };
      assert.equal(posted.comment.text, xss);
      assert.equal(posted.comment.parent_id, null);
      assert.deepEqual(posted.comment.author, { id: playerIds.get('HappyWriter'), nickname: 'HappyWriter', ovr: 71 });
      assert.equal(posted.comments_count, before.comments_count + 1);

      const reply = await post(url, { text: 'Replying to myself here', parent_id: posted.comment.id }, writer);
      assert.equal(reply.statusCode, 201, reply.body);
      const r = reply.json() as { comment: Reply; comments_count: number };
      assert.equal(r.comment.parent_id, posted.comment.id);
      assert.equal(r.comments_count, before.comments_count + 2);

      // A reply to a reply joins the same thread (one level).
      const nested = await post(url, { text: 'And one more level down', parent_id: r.comment.id }, writer);
      assert.equal((nested.json() as { comment: Reply }).comment.parent_id, posted.comment.id);

      const after = await article('royal', 'new-season-kicks-off');
      assert.equal(after.comments_count, before.comments_count + 3);
      assert.equal(after.comments[0]!.id, posted.comment.id, 'newest first');
      assert.equal(after.comments[0]!.text, xss);
      assert.deepEqual(
        after.comments[0]!.replies.map((x) => x.text),
        ['Replying to myself here', 'And one more level down'],
      );
      const list = (await get(url)).json() as { comments: Comment[]; comments_count: number };
      assert.equal(list.comments_count, after.comments_count);
    });

    it('replying to a comment of another article or an unknown one is 404', async () => {
      const writer = await login('royal', 'LostWriter', 70);
      const other = await article('royal', SINGLE);
      const foreign = other.comments[0]!.id;
      assertErrorBody(await post(url, { text: 'Where does this go?', parent_id: foreign }, writer), 404, 'COMMENT_NOT_FOUND');
      assertErrorBody(await post(url, { text: 'Where does this go?', parent_id: 99999999 }, writer), 404, 'COMMENT_NOT_FOUND');
      assertErrorBody(await post('/royal/news/nope/comments', { text: 'Nobody will read it' }, writer), 404, 'NEWS NOT FOUND');
    });

    it('the thresholds come from settings (per server over global over defaults)', async () => {
      const writer = await login('royal', 'SettingsWriter', 55);
      await sqlRows(
        t.handle,
        `INSERT INTO settings (scope, key, value) VALUES ('*', 'news_comment_min_length', '3'), ('royal', 'news_comment_min_ovr', '60')`,
      );
      try {
        const a = await article('royal', 'new-season-kicks-off');
        assert.deepEqual(a.comment_rules, { min_length: 3, max_length: 1000, min_ovr: 60 });
        const body = assertErrorBody(await post(url, { text: 'Short' }, writer), 403, 'COMMENT_OVR_TOO_LOW');
        assert.equal(body.message, 'Only players with OVR higher than 60 can comment');
        const pl = await article('pl', 'new-season-kicks-off');
        assert.deepEqual(pl.comment_rules, { min_length: 3, max_length: 1000, min_ovr: 45 });
      } finally {
        await sqlRows(t.handle, `DELETE FROM settings WHERE key LIKE 'news_comment_%'`);
      }
    });

    it('normalises text: control characters go, newlines stay, length counts characters', () => {
      assert.equal(normaliseCommentText('  a\u0000b\r\nc\u0007  '), 'ab\nc');
      assert.equal(normaliseCommentText('x\uD800y'), 'x\uFFFDy');
      assert.equal(commentLength('⚽⚽😀'), 3);
    });
  });

  describe('POST /:server/votes', () => {
    const vote = (payload: unknown, headers: Record<string, string> = {}) => post('/royal/votes', payload, headers);

    it('a visitor gets 401', async () => {
      const single = (await article('royal', SINGLE)).poll!;
      const res = await vote({ questionnaire_id: single.id, options: [single.options[0]!.id] });
      const body = assertErrorBody(res, 401, 'LOGIN_REQUIRED');
      assert.equal(body.message, 'Users must be logged in to vote');
    });

    it('votes once in a single poll: info in X-Lang, percentages recomputed; a second vote is 422 INVALID_VOTE', async () => {
      const voter = await login('royal', 'SingleVoter', 50);
      const before = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(before.voted_options, null);
      const choice = before.options[2]!;
      const res = await vote({ questionnaire_id: before.id, options: [choice.id] }, { ...voter, 'x-lang': 'pl' });
      assert.equal(res.statusCode, 200, res.body);
      const answer = res.json() as { info: string; poll: Poll };
      assert.equal(answer.info, 'Dziękujemy! Twój głos został policzony.');
      assert.equal(answer.poll.total_votes, before.total_votes + 1);
      assert.equal(answer.poll.options[2]!.votes, choice.votes + 1);
      assert.deepEqual(answer.poll.voted_options, [choice.id]);
      assert.equal(
        answer.poll.options.reduce((s, o) => s + o.votes_percent, 0),
        100,
      );
      const expected = Math.round((100 * (choice.votes + 1)) / (before.total_votes + 1));
      assert.ok(Math.abs(answer.poll.options[2]!.votes_percent - expected) <= 1);

      const again = await vote({ questionnaire_id: before.id, options: [before.options[0]!.id] }, voter);
      const body = assertErrorBody(again, 422, 'INVALID_VOTE');
      assert.equal(body.message, 'You have already voted in this poll');
      const after = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(after.total_votes, before.total_votes + 1);
      assert.deepEqual(after.voted_options, [choice.id]);
      const visitorView = (await article('royal', SINGLE)).poll!;
      assert.equal(visitorView.voted_options, null);
    });

    it('a single poll takes exactly one answer of its own', async () => {
      const voter = await login('royal', 'PickyVoter', 50);
      const single = (await article('royal', SINGLE)).poll!;
      const multiple = (await article('royal', MULTIPLE)).poll!;
      const two = assertErrorBody(
        await vote({ questionnaire_id: single.id, options: single.options.slice(0, 2).map((o) => o.id) }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(two.message, 'Choose only one answer in this poll');
      const none = assertErrorBody(await vote({ questionnaire_id: single.id, options: [] }, voter), 422, 'INVALID_VOTE');
      assert.equal(none.message, 'Choose an answer');
      const foreign = assertErrorBody(
        await vote({ questionnaire_id: single.id, options: [multiple.options[0]!.id] }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(foreign.message, 'This answer does not belong to the poll');
      assertErrorBody(await vote({ questionnaire_id: single.id, options: ['a'] }, voter), 400, 'VALIDATION_ERROR');
      const stillOpen = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(stillOpen.voted_options, null, 'refused ballots leave no trace');
    });

    it('a multiple poll takes several answers and enforces limit_ovr', async () => {
      const weak = await login('royal', 'WeakVoter', 59);
      const strong = await login('royal', 'StrongVoter', 60);
      const before = (await article('royal', MULTIPLE)).poll!;
      const low = assertErrorBody(await vote({ questionnaire_id: before.id, options: [before.options[0]!.id] }, weak), 422, 'INVALID_VOTE');
      assert.equal(low.message, 'Only players with minimum 60 OVR can vote');
      const picks = [before.options[1]!.id, before.options[3]!.id, before.options[1]!.id];
      const res = await vote({ questionnaire_id: before.id, options: picks }, strong);
      assert.equal(res.statusCode, 200, res.body);
      const poll = (res.json() as { poll: Poll }).poll;
      assert.equal(poll.total_votes, before.total_votes + 1);
      assert.deepEqual(
        poll.voted_options,
        [before.options[1]!.id, before.options[3]!.id].sort((a, b) => a - b),
      );
      assert.equal(poll.options[1]!.votes, before.options[1]!.votes + 1);
      assert.equal(poll.options[3]!.votes, before.options[3]!.votes + 1);
      assert.equal(poll.options[0]!.votes, before.options[0]!.votes);
      for (const o of poll.options) assert.equal(o.votes_percent, Math.round((100 * o.votes) / poll.total_votes));
    });

    it('an ended poll, an unknown poll and another server’s poll are refused', async () => {
      const voter = await login('royal', 'LateVoter', 90);
      const ended = (await article('royal', ENDED)).poll!;
      const closed = assertErrorBody(
        await vote({ questionnaire_id: ended.id, options: [ended.options[0]!.id] }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(closed.message, 'This poll is already closed');
      const missing = assertErrorBody(await vote({ questionnaire_id: 99999999, options: [1] }, voter), 422, 'INVALID_VOTE');
      assert.equal(missing.message, 'This poll does not exist');
      const plPoll = (await article('pl', SINGLE)).poll!;
      assertErrorBody(await vote({ questionnaire_id: plPoll.id, options: [plPoll.options[0]!.id] }, voter), 422, 'INVALID_VOTE');
    });

    it('a poll closes when finish_at passes', async () => {
      const voter = await login('royal', 'ClockVoter', 90);
      const single = (await article('royal', SINGLE)).poll!;
      await sqlRows(t.handle, `UPDATE news_polls SET finish_at = now() - interval '1 second' WHERE id = $1`, [single.id]);
      try {
        assert.equal((await article('royal', SINGLE)).poll!.ended, true);
        assertErrorBody(await vote({ questionnaire_id: single.id, options: [single.options[0]!.id] }, voter), 422, 'INVALID_VOTE');
      } finally {
        await sqlRows(t.handle, `UPDATE news_polls SET finish_at = $2 WHERE id = $1`, [single.id, single.finish_at]);
      }
    });
  });

  describe('votePercents', () => {
    it('single polls sum to exactly 100 (largest remainder)', () => {
      assert.deepEqual(votePercents('single', [1, 1, 1], 3), [34, 33, 33]);
      assert.deepEqual(votePercents('single', [2, 1, 0], 3), [67, 33, 0]);
      assert.deepEqual(votePercents('single', [0, 0], 0), [0, 0]);
      assert.deepEqual(votePercents('single', [7], 7), [100]);
    });
    it('multiple polls give each option its share of ballots', () => {
      assert.deepEqual(votePercents('multiple', [3, 2, 1], 4), [75, 50, 25]);
      assert.deepEqual(votePercents('multiple', [1, 1], 3), [33, 33]);
    });
  });
});

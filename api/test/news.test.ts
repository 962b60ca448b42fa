/**
 * News domain against a real database: the seed, list/paging/languages, article + 404, images.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEED_ARTICLES } from '../src/domains/news/seed-articles.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { EN_ONLY, ENDED, MULTIPLE, SINGLE, setupNewsApp, type Page } from './news-fixture.js';

describe('news', () => {
  const { t, get, article } = setupNewsApp();

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
});

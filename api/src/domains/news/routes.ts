/**
 * News list, article, ballot and image routes (spec §1, §2); comments and votes are
 * comments.routes.ts and votes.routes.ts beside this file, the queries articles.ts, service.ts and
 * polls.ts.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ServerParams } from '@landing/domain/schemas/common';
import { ImageParams, NewsArticle, NewsBallot, NewsListQuery, NewsPage, SlugParams } from '@landing/domain/schemas/news';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { ApiError } from '../../lib/errors.js';
import { msUntilNext, PRIVATE_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../../lib/cached-answers.js';
import { newsArticles, newsPolls } from './tables.js';
import { findArticleId, listNews, newsNotFound, nextPublication, viewerOn } from './articles.js';
import { ballotOf } from './polls.js';
import { articleDetail } from './service.js';

/** Security headers of a served SVG: no scripts, no external loads, no sniffing. */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=86400',
} as const;

export default defineRoutes({
  async server(app) {
    app.get(
      '/news',
      routeOptions({
        tag: 'news',
        summary: 'Paged news list of a server',
        params: ServerParams,
        querystring: NewsListQuery,
        answer: NewsPage,
        description: 'Newest first, in the `X-Lang` language with an English fallback per article.',
      }),
      async (request, reply) => {
        const { server } = request.params;
        const { lang } = request.ctx;
        const { page, per_page: perPage } = request.query;
        return app.readCache.send(reply, {
          key: `news:${server}:${lang}:${page}:${perPage}`,
          topics: ['news'],
          schema: NewsPage,
          vary: ['X-Lang'],
          load: async () => {
            const now = new Date();
            const [value, next] = await Promise.all([
              listNews(app.db, server, lang, page, perPage, now),
              nextPublication(app.db, server, now),
            ]);
            return { value, ...(next ? { ttlMs: next.getTime() - now.getTime() } : {}) };
          },
        });
      },
    );

    app.get(
      '/news/:slug',
      routeOptions({
        tag: 'news',
        summary: 'One article with comments and poll',
        params: SlugParams,
        answer: NewsArticle,
        description:
          "Unknown slug: `404 { error: 'NEWS NOT FOUND', message: 'NEWS NOT FOUND' }`. The same for every viewer " +
          '(cached, `Cache-Control: public`): the poll’s `voted_options` is always null here; the viewer’s own ' +
          'choice is `GET /{server}/news/{slug}/ballot`.',
      }),
      async (request, reply) => {
        const { server, slug } = request.params;
        const { lang } = request.ctx;
        // Comment authors (players), comment rules (settings) and the article all count.
        const cached = await app.readCache.get<CachedBody | null>(
          `article:${server}:${slug}:${lang}`,
          ['news', 'leaderboard', 'core'],
          async () => {
            const now = new Date();
            try {
              const article = await articleDetail(app.db, server, slug, lang, null, now);
              const ends = article.poll && !article.poll.ended ? new Date(article.poll.finish_at) : null;
              return { value: toCachedBody(NewsArticle, article), ttlMs: msUntilNext(now, [ends]) };
            } catch (err) {
              if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
              // Not found until it is written, or until it is published if it is scheduled.
              return { value: null, ttlMs: msUntilNext(now, [await nextPublication(app.db, server, now, slug)]) };
            }
          },
        );
        if (!cached) throw newsNotFound();
        return sendCached(reply, cached, ['X-Lang']);
      },
    );

    app.get(
      '/news/:slug/ballot',
      routeOptions({
        tag: 'news',
        summary: "The viewer's own ballot in the article's poll",
        params: SlugParams,
        answer: NewsBallot,
        description:
          'Per viewer (`Cache-Control: private, no-store`), split from the public article. Send X-Auth-Token and ' +
          'X-Auth-Id; a visitor (or a session of another server) gets `voted_options: null`. Unknown slug: 404 NEWS NOT FOUND.',
      }),
      async (request, reply) => {
        const { server, slug } = request.params;
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        const articleId = await findArticleId(app.db, server, slug);
        if (articleId === null) throw newsNotFound();
        const [poll] = await app.db.select({ id: newsPolls.id }).from(newsPolls).where(eq(newsPolls.articleId, articleId));
        const viewer = await viewerOn(request, server);
        return { poll_id: poll?.id ?? null, voted_options: poll && viewer ? await ballotOf(app.db, poll.id, viewer.playerId) : null };
      },
    );

    app.get(
      '/news-images/:file',
      routeOptions({
        tag: 'news',
        summary: 'Illustration of an article (SVG)',
        params: ImageParams,
        produces: ['image/svg+xml'],
        answer: z.string().describe('SVG document (image/svg+xml)'),
      }),
      async (request, reply) => {
        const id = Number(request.params.file.slice(0, -'.svg'.length));
        const [row] = await app.db
          .select({ svg: newsArticles.imageSvg })
          .from(newsArticles)
          .where(and(eq(newsArticles.id, id), eq(newsArticles.server, request.params.server)));
        if (!row?.svg) throw new ApiError(404, 'IMAGE_NOT_FOUND', 'Image not found');
        return reply.headers(SVG_HEADERS).send(row.svg);
      },
    );
  },
});

/**
 * Comments of a news article (spec §1 "comments, replies possible, count shown", §5 rules, §8
 * messages): list, and post a comment or a reply. Comments are plain text; they are stored as
 * typed (trimmed, control characters removed) and never interpreted as markup.
 */
import { CommentBody, CommentsAnswer, PostedComment, SlugParams } from '@landing/domain/schemas/news';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { msUntilNext, sendCached, toCachedBody, type CachedBody } from '../../lib/cached-answers.js';
import { findArticleId, newsNotFound, nextPublication, viewerOn } from './articles.js';
import { loadComments, postComment } from './comments.js';

/** Comments and replies per client IP and minute before 429. */
const COMMENT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export default defineRoutes({
  async server(app) {
    app.get(
      '/news/:slug/comments',
      routeOptions({ tag: 'news', summary: 'Comments of an article (threaded one level)', params: SlugParams, answer: CommentsAnswer }),
      async (request, reply) => {
        const { server, slug } = request.params;
        // Public and cached like the article (authors' nicknames and OVR come from players).
        const cached = await app.readCache.get<CachedBody | null>(`comments:${server}:${slug}`, ['news', 'leaderboard'], async () => {
          const now = new Date();
          const id = await findArticleId(app.db, server, slug, now);
          if (id === null) return { value: null, ttlMs: msUntilNext(now, [await nextPublication(app.db, server, now, slug)]) };
          const comments = await loadComments(app.db, id);
          return {
            value: toCachedBody(CommentsAnswer, { comments, comments_count: comments.reduce((n, c) => n + 1 + c.replies.length, 0) }),
          };
        });
        if (!cached) throw newsNotFound();
        return sendCached(reply, cached);
      },
    );

    app.post(
      '/news/:slug/comments',
      routeOptions({
        config: { rateLimit: COMMENT_RATE_LIMIT },
        tag: 'news',
        summary: 'Post a comment or a reply',
        params: SlugParams,
        body: CommentBody,
        answer: PostedComment,
        status: 201,
        also: [401, 403, 422, 429],
        description:
          'Needs a session (401 LOGIN_REQUIRED "Users must be logged in to comment"), a player whose OVR is ' +
          'higher than `comment_rules.min_ovr` (403 COMMENT_OVR_TOO_LOW) and a text of `min_length`..`max_length` ' +
          'characters after trimming (422 COMMENT_TOO_SHORT / COMMENT_TOO_LONG). Replying to an unknown comment: ' +
          '404 COMMENT_NOT_FOUND.',
      }),
      async (request, reply) => {
        const { server, slug } = request.params;
        const user = await viewerOn(request, server);
        return reply.code(201).send(await postComment(app.db, server, slug, user, request.body, request.log));
      },
    );
  },
});

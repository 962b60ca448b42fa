/**
 * Comments of a news article (spec §1 "comments, replies possible, count shown", §5 rules, §8
 * messages): list, and post a comment or a reply. Comments are plain text; they are stored as
 * typed (trimmed, control characters removed) and never interpreted as markup.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { players } from '../db/schema/leaderboard.js';
import { newsComments } from '../db/schema/news.js';
import { ApiError, ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes } from '../lib/http.js';
import { dbId } from '../lib/validation.js';
import { msUntilNext, sendCached, toCachedBody, type CachedBody } from '../lib/read-cache.js';
import {
  commentRules,
  countComments,
  findArticleId,
  loadComments,
  NewsComment,
  NewsReply,
  newsNotFound,
  nextPublication,
  SlugParams,
  viewerOn,
} from './news.js';

/** spec §8 "Users must be logged in to comment". */
export const COMMENT_LOGIN_MESSAGE = 'Users must be logged in to comment';

/**
 * Normalises typed text: well-formed Unicode, `\r\n` → `\n`, control characters other than
 * newline and tab removed, surrounding whitespace trimmed.
 */
export function normaliseCommentText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .trim();
}

/** Length of a text in Unicode code points (what the user sees as characters; matches char_length in SQL). */
export function textLength(text: string): number {
  return [...text].length;
}

const CommentBody = z.object({
  text: z.string().max(5000, 'must be at most 5000 characters').describe('Plain text of the comment'),
  parent_id: dbId()
    .nullable()
    .optional()
    .describe('Comment replied to; a reply to a reply joins the same top-level thread'),
});

const CommentsAnswer = z
  .object({
    comments: z.array(NewsComment),
    comments_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'NewsComments' });

const PostedAnswer = z
  .object({
    comment: NewsReply,
    comments_count: z.number().int().nonnegative().describe('Comments of the article including replies, after this one'),
  })
  .meta({ id: 'NewsCommentPosted' });

export default defineRoutes({
  domain: 'news-comments',
  async serverRoutes(app) {
    app.get(
      '/news/:slug/comments',
      {
        schema: {
          tags: ['news'],
          summary: 'Comments of an article (threaded one level)',
          params: SlugParams,
          response: { 200: CommentsAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server, slug } = request.params;
        // Public and cached like the article (authors' nicknames and OVR come from players).
        const cached = await app.readCache.get<CachedBody | null>(`comments:${server}:${slug}`, ['news', 'leaderboard'], async () => {
          const now = new Date();
          const id = await findArticleId(app.db, server, slug, now);
          if (id === null) return { value: null, ttlMs: msUntilNext(now, [await nextPublication(app.db, server, now, slug)]) };
          const comments = await loadComments(app.db, id);
          return { value: toCachedBody(CommentsAnswer, { comments, comments_count: comments.reduce((n, c) => n + 1 + c.replies.length, 0) }) };
        });
        if (!cached) throw newsNotFound();
        return sendCached(reply, cached);
      },
    );

    app.post(
      '/news/:slug/comments',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['news'],
          summary: 'Post a comment or a reply',
          description:
            'Needs a session (401 LOGIN_REQUIRED "Users must be logged in to comment"), a player whose OVR is ' +
            'higher than `comment_rules.min_ovr` (403 COMMENT_OVR_TOO_LOW) and a text of `min_length`..`max_length` ' +
            'characters after trimming (422 COMMENT_TOO_SHORT / COMMENT_TOO_LONG). Replying to an unknown comment: ' +
            '404 COMMENT_NOT_FOUND.',
          params: SlugParams,
          body: CommentBody,
          response: { 201: PostedAnswer, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server, slug } = request.params;
        const user = await viewerOn(request, server);
        if (!user) throw new ApiError(401, 'LOGIN_REQUIRED', COMMENT_LOGIN_MESSAGE);
        const articleId = await findArticleId(app.db, server, slug);
        if (articleId === null) throw newsNotFound();

        const rules = await commentRules(app.db, server);
        if (!(user.ovr > rules.min_ovr)) {
          throw new ApiError(403, 'COMMENT_OVR_TOO_LOW', `Only players with OVR higher than ${rules.min_ovr} can comment`);
        }
        const text = normaliseCommentText(request.body.text);
        const length = textLength(text);
        if (length < rules.min_length) {
          throw new ApiError(422, 'COMMENT_TOO_SHORT', `The comment must be at least ${rules.min_length} characters long`);
        }
        if (length > rules.max_length) {
          throw new ApiError(422, 'COMMENT_TOO_LONG', `The comment must be at most ${rules.max_length} characters long`);
        }

        let parentId: number | null = null;
        if (request.body.parent_id != null) {
          const [parent] = await app.db
            .select({ id: newsComments.id, parentId: newsComments.parentId })
            .from(newsComments)
            .where(and(eq(newsComments.id, request.body.parent_id), eq(newsComments.articleId, articleId)));
          if (!parent) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'The comment you are replying to does not exist');
          parentId = parent.parentId ?? parent.id;
        }

        const [row] = await app.db
          .insert(newsComments)
          .values({ articleId, parentId, playerId: user.playerId, body: text })
          .returning({ id: newsComments.id, createdAt: newsComments.createdAt });
        const [author] = await app.db
          .select({ id: players.id, nickname: players.nickname, ovr: players.ovr })
          .from(players)
          .where(eq(players.id, user.playerId));
        request.log.info({ articleId, commentId: row!.id, playerId: user.playerId }, 'news comment posted');
        return reply.code(201).send({
          comment: {
            id: row!.id,
            parent_id: parentId,
            author: author ?? { id: user.playerId, nickname: user.nickname, ovr: user.ovr },
            text,
            created_at: row!.createdAt.toISOString(),
          },
          comments_count: await countComments(app.db, articleId),
        });
      },
    );
  },
});

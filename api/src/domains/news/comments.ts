/**
 * Comments of an article (spec §5 comment rules, §8 messages): the server's comment rules, the
 * threaded list, posting a comment or a reply. The rules themselves are `@landing/domain`'s.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COMMENT_RULE_DEFAULTS, commentProblem, normaliseCommentText, ovrMayComment, type ServerCode } from '@landing/domain';
import type { CommentBody, CommentRules, NewsComment, PostedComment } from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { type CurrentUser } from '../auth/current-user.js';
import { GLOBAL_SCOPE, settings } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';
import { newsComments } from './tables.js';
import { findArticleId, newsNotFound } from './articles.js';

/** `settings` keys overriding {@link COMMENT_RULE_DEFAULTS} (JSON number values). */
const COMMENT_SETTING_KEYS = {
  minLength: 'news_comment_min_length',
  minOvr: 'news_comment_min_ovr',
} as const;

/**
 * Comment rules of a server: a per-server setting wins over a `*` setting, which wins over
 * {@link COMMENT_RULE_DEFAULTS}. Non-integer or out-of-range stored values are ignored.
 */
export async function commentRules(db: Db, server: ServerCode): Promise<CommentRules> {
  const rows = await db
    .select({ scope: settings.scope, key: settings.key, value: settings.value })
    .from(settings)
    .where(
      and(
        inArray(settings.key, [COMMENT_SETTING_KEYS.minLength, COMMENT_SETTING_KEYS.minOvr]),
        inArray(settings.scope, [GLOBAL_SCOPE, server]),
      ),
    );
  const pick = (key: string, fallback: number, max: number): number => {
    const valid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
    const own = rows.find((r) => r.key === key && r.scope === server)?.value;
    if (valid(own)) return own;
    const global = rows.find((r) => r.key === key && r.scope === GLOBAL_SCOPE)?.value;
    return valid(global) ? global : fallback;
  };
  return {
    min_length: Math.max(1, pick(COMMENT_SETTING_KEYS.minLength, COMMENT_RULE_DEFAULTS.minLength, COMMENT_RULE_DEFAULTS.maxLength)),
    max_length: COMMENT_RULE_DEFAULTS.maxLength,
    min_ovr: pick(COMMENT_SETTING_KEYS.minOvr, COMMENT_RULE_DEFAULTS.minOvr, 99),
  };
}

/** The columns of a comment row: the comment and its author. */
const commentRow = {
  id: newsComments.id,
  parentId: newsComments.parentId,
  text: newsComments.body,
  createdAt: newsComments.createdAt,
  playerId: players.id,
  nickname: players.nickname,
  ovr: players.ovr,
};

/** Every comment of an article, threaded one level: top level newest first, replies oldest first. */
export async function loadComments(db: Db, articleId: number): Promise<NewsComment[]> {
  const rows = await db
    .select(commentRow)
    .from(newsComments)
    .innerJoin(players, eq(players.id, newsComments.playerId))
    .where(eq(newsComments.articleId, articleId))
    .orderBy(asc(newsComments.createdAt), asc(newsComments.id));
  const top: NewsComment[] = [];
  const byId = new Map<number, NewsComment>();
  for (const r of rows) {
    const item = {
      id: r.id,
      parent_id: r.parentId,
      author: { id: r.playerId, nickname: r.nickname, ovr: r.ovr },
      text: r.text,
      created_at: r.createdAt.toISOString(),
    };
    if (r.parentId === null) {
      const c = { ...item, replies: [] };
      byId.set(r.id, c);
      top.push(c);
    } else {
      byId.get(r.parentId)?.replies.push(item);
    }
  }
  return top.reverse();
}

/** Number of comments (including replies) of an article. */
async function countComments(db: Db, articleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsComments)
    .where(eq(newsComments.articleId, articleId));
  return row?.n ?? 0;
}

/** spec §8 "Users must be logged in to comment". */
const COMMENT_LOGIN_MESSAGE = 'Users must be logged in to comment';

/**
 * Posts a comment (or a reply: a reply to a reply joins the same top-level thread) by `user` on
 * the published article `slug` of `server`, under the server's comment rules (spec §5, §8).
 *
 * @param user the viewer on this server (./articles.ts `viewerOn`), null for a visitor
 * @throws ApiError 401 LOGIN_REQUIRED, 404 NEWS NOT FOUND, 403 COMMENT_OVR_TOO_LOW,
 *   422 COMMENT_TOO_SHORT / COMMENT_TOO_LONG, 404 COMMENT_NOT_FOUND (unknown parent)
 */
export async function postComment(
  db: Db,
  server: ServerCode,
  slug: string,
  user: CurrentUser | null,
  body: CommentBody,
  log: FastifyBaseLogger,
): Promise<PostedComment> {
  if (!user) throw new ApiError(401, 'LOGIN_REQUIRED', COMMENT_LOGIN_MESSAGE);
  const articleId = await findArticleId(db, server, slug);
  if (articleId === null) throw newsNotFound();

  const rules = await commentRules(db, server);
  if (!ovrMayComment(user.ovr, rules.min_ovr)) {
    throw new ApiError(403, 'COMMENT_OVR_TOO_LOW', `Only players with OVR higher than ${rules.min_ovr} can comment`);
  }
  const text = normaliseCommentText(body.text);
  const problem = commentProblem(text, rules);
  if (problem === 'COMMENT_TOO_SHORT') {
    throw new ApiError(422, 'COMMENT_TOO_SHORT', `The comment must be at least ${rules.min_length} characters long`);
  }
  if (problem === 'COMMENT_TOO_LONG') {
    throw new ApiError(422, 'COMMENT_TOO_LONG', `The comment must be at most ${rules.max_length} characters long`);
  }

  let parentId: number | null = null;
  if (body.parent_id != null) {
    const [parent] = await db
      .select({ id: newsComments.id, parentId: newsComments.parentId })
      .from(newsComments)
      .where(and(eq(newsComments.id, body.parent_id), eq(newsComments.articleId, articleId)));
    if (!parent) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'The comment you are replying to does not exist');
    parentId = parent.parentId ?? parent.id;
  }

  const [row] = await db
    .insert(newsComments)
    .values({ articleId, parentId, playerId: user.playerId, body: text })
    .returning({ id: newsComments.id, createdAt: newsComments.createdAt });
  const [author] = await db
    .select({ id: players.id, nickname: players.nickname, ovr: players.ovr })
    .from(players)
    .where(eq(players.id, user.playerId));
  log.info({ articleId, commentId: row!.id, playerId: user.playerId }, 'news comment posted');
  return {
    comment: {
      id: row!.id,
      parent_id: parentId,
      author: author ?? { id: user.playerId, nickname: user.nickname, ovr: user.ovr },
      text,
      created_at: row!.createdAt.toISOString(),
    },
    comments_count: await countComments(db, articleId),
  };
}

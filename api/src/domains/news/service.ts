/**
 * News domain (spec §1 news list, article, comments and polls; §4 poll states; §5 comment and vote
 * rules; §8 messages): the queries and writes behind the routes. Text comes in the request's
 * language (`X-Lang`), falling back to English per article. The rules themselves (lengths, OVR,
 * text normalisation) are `@landing/domain`'s, shared with the article page.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  COMMENT_RULE_DEFAULTS,
  commentProblem,
  normaliseCommentText,
  ovrMayComment,
  ovrMayVote,
  pollEnded,
  type LocaleCode,
  type ServerCode,
} from '@landing/domain';
import type {
  CommentBody,
  CommentRules,
  NewsArticle,
  NewsCard,
  NewsComment,
  NewsPage,
  NewsPoll,
  PostedComment,
  VoteAnswer,
  VoteBody,
} from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { serverText } from '../../lib/i18n.js';
import { currentUser, type CurrentUser } from '../auth/current-user.js';
import { GLOBAL_SCOPE, settings } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';
import {
  newsArticles,
  newsComments,
  newsPollBallotOptions,
  newsPollBallots,
  newsPollOptions,
  newsPollOptionTranslations,
  newsPolls,
  newsPollTranslations,
  newsTranslations,
} from './tables.js';

/** `settings` keys overriding {@link COMMENT_RULE_DEFAULTS} (JSON number values). */
export const COMMENT_SETTING_KEYS = {
  minLength: 'news_comment_min_length',
  minOvr: 'news_comment_min_ovr',
} as const;

/** Body of the 404 for an unknown or unpublished slug (spec §8: the client swallows it after the toast). */
export const newsNotFound = (): ApiError => new ApiError(404, 'NEWS NOT FOUND', 'NEWS NOT FOUND');

// ---- helpers --------------------------------------------------------------------------------

/** Image path of an article relative to its server's API base, cache-busted by `updated_at`. */
export function imagePath(id: number, updatedAt: Date): string {
  return `news-images/${id}.svg?v=${updatedAt.getTime().toString(36)}`;
}

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

/**
 * Percentages of a poll's options, integers 0..100. A single-choice poll's percentages sum to
 * exactly 100 (largest remainder, ties to the earlier option); a multiple-choice poll gives each
 * option its rounded share of ballots (the sum may exceed 100).
 *
 * @param votes votes per option, in option order
 * @param ballots ballots cast on the poll
 */
export function votePercents(type: 'single' | 'multiple', votes: readonly number[], ballots: number): number[] {
  if (ballots <= 0) return votes.map(() => 0);
  const exact = votes.map((v) => Math.min(100, (v * 100) / ballots));
  const total = votes.reduce((s, v) => s + v, 0);
  if (type !== 'single' || total !== ballots) return exact.map((e) => Math.round(e));
  const floors = exact.map((e) => Math.floor(e));
  let rest = 100 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    floors[i] = floors[i]! + 1;
    rest--;
  }
  return floors;
}

const articleText = alias(newsTranslations, 'article_text');
const articleEn = alias(newsTranslations, 'article_en');

/** Columns of a card, with the language fallback (requested row, else the `en` row). */
function cardColumns() {
  return {
    id: newsArticles.id,
    slug: newsArticles.slug,
    publishedAt: newsArticles.publishedAt,
    updatedAt: newsArticles.updatedAt,
    hasImage: sql<boolean>`(${newsArticles.imageSvg} is not null)`,
    lang: sql<LocaleCode>`coalesce(${articleText.lang}, ${articleEn.lang})`,
    title: sql<string>`coalesce(${articleText.title}, ${articleEn.title})`,
    excerpt: sql<string>`coalesce(${articleText.excerpt}, ${articleEn.excerpt})`,
    commentsCount: sql<number>`(select count(*)::int from ${newsComments} where ${newsComments.articleId} = ${newsArticles.id})`,
    hasPoll: sql<boolean>`exists(select 1 from ${newsPolls} where ${newsPolls.articleId} = ${newsArticles.id})`,
  };
}

type CardRow = {
  id: number;
  slug: string;
  publishedAt: Date;
  updatedAt: Date;
  hasImage: boolean;
  lang: LocaleCode;
  title: string;
  excerpt: string;
  commentsCount: number;
  hasPoll: boolean;
};

function toCard(r: CardRow): NewsCard {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    image: r.hasImage ? imagePath(r.id, r.updatedAt) : null,
    published_at: r.publishedAt.toISOString(),
    comments_count: r.commentsCount,
    has_poll: r.hasPoll,
    lang: r.lang,
  };
}

/**
 * One page of a server's published articles (published_at ≤ now), newest first.
 * A page past the end answers an empty `items` with the real `total_pages`.
 */
export async function listNews(
  db: Db,
  server: ServerCode,
  lang: LocaleCode,
  page: number,
  perPage: number,
  now = new Date(),
): Promise<NewsPage> {
  const visible = and(eq(newsArticles.server, server), lte(newsArticles.publishedAt, now));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsArticles)
    .where(visible);
  const total = count?.n ?? 0;
  const rows = (await db
    .select(cardColumns())
    .from(newsArticles)
    .innerJoin(articleEn, and(eq(articleEn.articleId, newsArticles.id), eq(articleEn.lang, 'en')))
    .leftJoin(articleText, and(eq(articleText.articleId, newsArticles.id), eq(articleText.lang, lang)))
    .where(visible)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(perPage)
    .offset((page - 1) * perPage)) as CardRow[];
  return { items: rows.map(toCard), page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/**
 * When the next scheduled article of `server` (or the one with `slug`) is published: cached
 * lists and 404s change then without any write. Null when none is scheduled.
 */
export async function nextPublication(db: Db, server: ServerCode, now = new Date(), slug?: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${newsArticles.publishedAt})` })
    .from(newsArticles)
    .where(
      and(
        eq(newsArticles.server, server),
        sql`${newsArticles.publishedAt} > ${now.toISOString()}::timestamptz`,
        slug ? eq(newsArticles.slug, slug) : undefined,
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** A published article of `server` by slug (id only), or null. */
export async function findArticleId(db: Db, server: ServerCode, slug: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(and(eq(newsArticles.server, server), eq(newsArticles.slug, slug), lte(newsArticles.publishedAt, now)));
  return row?.id ?? null;
}

/** Every comment of an article, threaded one level: top level newest first, replies oldest first. */
export async function loadComments(db: Db, articleId: number): Promise<NewsComment[]> {
  const rows = await db
    .select({
      id: newsComments.id,
      parentId: newsComments.parentId,
      text: newsComments.body,
      createdAt: newsComments.createdAt,
      playerId: players.id,
      nickname: players.nickname,
      ovr: players.ovr,
    })
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
export async function countComments(db: Db, articleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsComments)
    .where(eq(newsComments.articleId, articleId));
  return row?.n ?? 0;
}

const pollText = alias(newsPollTranslations, 'poll_text');
const pollEn = alias(newsPollTranslations, 'poll_en');
const optionText = alias(newsPollOptionTranslations, 'option_text');
const optionEn = alias(newsPollOptionTranslations, 'option_en');

/**
 * A poll with its options, vote counts and percentages (computed here, spec §3 votes_percent),
 * the ended flag at `now`, and the viewer's own choice.
 *
 * @param where the poll to load: by article id or by poll id
 * @returns null when there is no such poll
 */
export async function loadPoll(
  db: Db,
  where: { articleId: number } | { pollId: number },
  lang: LocaleCode,
  viewer: CurrentUser | null,
  now = new Date(),
): Promise<NewsPoll | null> {
  const [poll] = await db
    .select({
      id: newsPolls.id,
      type: newsPolls.type,
      limitOvr: newsPolls.limitOvr,
      finishAt: newsPolls.finishAt,
      question: sql<string>`coalesce(${pollText.question}, ${pollEn.question})`,
    })
    .from(newsPolls)
    .innerJoin(pollEn, and(eq(pollEn.pollId, newsPolls.id), eq(pollEn.lang, 'en')))
    .leftJoin(pollText, and(eq(pollText.pollId, newsPolls.id), eq(pollText.lang, lang)))
    .where('articleId' in where ? eq(newsPolls.articleId, where.articleId) : eq(newsPolls.id, where.pollId));
  if (!poll) return null;

  const options = await db
    .select({
      id: newsPollOptions.id,
      answer: sql<string>`coalesce(${optionText.answer}, ${optionEn.answer})`,
      votes: sql<number>`(select count(*)::int from ${newsPollBallotOptions} where ${newsPollBallotOptions.optionId} = ${newsPollOptions.id})`,
    })
    .from(newsPollOptions)
    .innerJoin(optionEn, and(eq(optionEn.optionId, newsPollOptions.id), eq(optionEn.lang, 'en')))
    .leftJoin(optionText, and(eq(optionText.optionId, newsPollOptions.id), eq(optionText.lang, lang)))
    .where(eq(newsPollOptions.pollId, poll.id))
    .orderBy(asc(newsPollOptions.position), asc(newsPollOptions.id));

  const [ballots] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsPollBallots)
    .where(eq(newsPollBallots.pollId, poll.id));
  const total = ballots?.n ?? 0;

  const voted = viewer ? await ballotOf(db, poll.id, viewer.playerId) : null;

  const percents = votePercents(
    poll.type,
    options.map((o) => o.votes),
    total,
  );
  return {
    id: poll.id,
    question: poll.question,
    type: poll.type,
    options: options.map((o, i) => ({ id: o.id, answer: o.answer, votes: o.votes, votes_percent: percents[i]! })),
    limit_ovr: poll.limitOvr,
    finish_at: poll.finishAt.toISOString(),
    ended: poll.finishAt.getTime() <= now.getTime(),
    total_votes: total,
    voted_options: voted,
  };
}

/** The options `playerId` chose in poll `pollId` (ascending), null when they have not voted. */
export async function ballotOf(db: Db, pollId: number, playerId: number): Promise<number[] | null> {
  const mine = await db
    .select({ optionId: newsPollBallotOptions.optionId })
    .from(newsPollBallots)
    .innerJoin(newsPollBallotOptions, eq(newsPollBallotOptions.ballotId, newsPollBallots.id))
    .where(and(eq(newsPollBallots.pollId, pollId), eq(newsPollBallots.playerId, playerId)));
  return mine.length ? mine.map((m) => m.optionId).sort((a, b) => a - b) : null;
}

/**
 * The viewer of a request for this server: a logged-in user whose player plays on `server`,
 * else null (a session of another server counts as a visitor here).
 */
export async function viewerOn(request: Parameters<typeof currentUser>[0], server: ServerCode): Promise<CurrentUser | null> {
  const user = await currentUser(request);
  return user && user.server === server ? user : null;
}

/**
 * A full article in `lang` (English fallback) with comments, comment rules and poll.
 * @throws ApiError 404 'NEWS NOT FOUND' for an unknown or not yet published slug
 */
export async function articleDetail(
  db: Db,
  server: ServerCode,
  slug: string,
  lang: LocaleCode,
  viewer: CurrentUser | null,
  now = new Date(),
): Promise<NewsArticle> {
  const [row] = (await db
    .select({ ...cardColumns(), body: sql<string>`coalesce(${articleText.bodyHtml}, ${articleEn.bodyHtml})` })
    .from(newsArticles)
    .innerJoin(articleEn, and(eq(articleEn.articleId, newsArticles.id), eq(articleEn.lang, 'en')))
    .leftJoin(articleText, and(eq(articleText.articleId, newsArticles.id), eq(articleText.lang, lang)))
    .where(and(eq(newsArticles.server, server), eq(newsArticles.slug, slug), lte(newsArticles.publishedAt, now)))) as Array<
    CardRow & { body: string }
  >;
  if (!row) throw newsNotFound();
  const [comments, rules, poll] = [
    await loadComments(db, row.id),
    await commentRules(db, server),
    await loadPoll(db, { articleId: row.id }, lang, viewer, now),
  ];
  return { ...toCard(row), body: row.body, comments, comment_rules: rules, poll };
}

/** spec §8 "Users must be logged in to comment". */
export const COMMENT_LOGIN_MESSAGE = 'Users must be logged in to comment';

/**
 * Posts a comment (or a reply: a reply to a reply joins the same top-level thread) by `user` on
 * the published article `slug` of `server`, under the server's comment rules (spec §5, §8).
 *
 * @param user the viewer on this server (see {@link viewerOn}), null for a visitor
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

/** 401 message for a visitor (spec §8 wording pattern, the client shows its own translation first). */
export const VOTE_LOGIN_MESSAGE = 'Users must be logged in to vote';

/** 422 INVALID_VOTE with a reason (spec §8: the client swallows it after the toast). */
export const invalidVote = (message: string): ApiError => new ApiError(422, 'INVALID_VOTE', message);

/**
 * Casts `user`'s ballot in poll `body.questionnaire_id` of `server` (spec §3 vote payload, §4
 * poll states, §5 vote rules): one ballot per player per poll.
 *
 * @param user the viewer on this server (see {@link viewerOn}), null for a visitor
 * @returns the `info` notification in `lang` and the poll after the vote
 * @throws ApiError 401 LOGIN_REQUIRED; 422 INVALID_VOTE when the poll does not exist on this
 *   server, has ended, needs more OVR, the options do not fit it, or the player voted already
 */
export async function castVote(
  db: Db,
  server: ServerCode,
  user: CurrentUser | null,
  body: VoteBody,
  lang: LocaleCode,
  log: FastifyBaseLogger,
): Promise<VoteAnswer> {
  if (!user) throw new ApiError(401, 'LOGIN_REQUIRED', VOTE_LOGIN_MESSAGE);
  const now = new Date();
  const { questionnaire_id: pollId } = body;

  const [poll] = await db
    .select({ id: newsPolls.id, type: newsPolls.type, limitOvr: newsPolls.limitOvr, finishAt: newsPolls.finishAt })
    .from(newsPolls)
    .innerJoin(newsArticles, eq(newsArticles.id, newsPolls.articleId))
    .where(and(eq(newsPolls.id, pollId), eq(newsArticles.server, server), lte(newsArticles.publishedAt, now)));
  if (!poll) throw invalidVote('This poll does not exist');
  if (pollEnded(poll.finishAt, now.getTime())) throw invalidVote('This poll is already closed');
  if (!ovrMayVote(user.ovr, poll.limitOvr)) throw invalidVote(`Only players with minimum ${poll.limitOvr} OVR can vote`);

  const chosen = [...new Set(body.options)];
  if (chosen.length === 0) throw invalidVote('Choose an answer');
  if (poll.type === 'single' && chosen.length !== 1) throw invalidVote('Choose only one answer in this poll');
  const valid = await db
    .select({ id: newsPollOptions.id })
    .from(newsPollOptions)
    .where(and(eq(newsPollOptions.pollId, poll.id), inArray(newsPollOptions.id, chosen)));
  if (valid.length !== chosen.length) throw invalidVote('This answer does not belong to the poll');

  const accepted = await db.transaction(async (tx) => {
    const [ballot] = await tx
      .insert(newsPollBallots)
      .values({ pollId: poll.id, playerId: user.playerId })
      .onConflictDoNothing({ target: [newsPollBallots.pollId, newsPollBallots.playerId] })
      .returning({ id: newsPollBallots.id });
    if (!ballot) return false;
    await tx.insert(newsPollBallotOptions).values(chosen.map((optionId) => ({ ballotId: ballot.id, optionId })));
    return true;
  });
  if (!accepted) throw invalidVote('You have already voted in this poll');
  log.info({ pollId: poll.id, playerId: user.playerId, options: chosen }, 'news poll vote');

  const updated = await loadPoll(db, { pollId: poll.id }, lang, user, now);
  return { info: serverText(lang, 'news', 'voteInfo'), poll: updated! };
}

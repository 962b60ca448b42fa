/**
 * News domain: paged list, article by slug (with threaded comments and its poll), article images.
 * Comments and votes live in news-comments.ts and news-votes.ts and reuse the queries exported
 * here. Text comes in the request's language (`X-Lang`), falling back to English per article.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { GLOBAL_SCOPE, settings } from '../db/schema/core.js';
import { players } from '../db/schema/leaderboard.js';
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
} from '../db/schema/news.js';
import { currentUser, type CurrentUser } from '../lib/currentUser.js';
import { ApiError, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { msUntilNext, PRIVATE_CACHE_CONTROL, sendCached, toCachedBody, type CachedBody } from '../lib/read-cache.js';
import { INT32_MAX, isDbId } from '../lib/validation.js';
import { LANGS, type Lang, type ServerCode } from '../servers.js';

// ---- constants ------------------------------------------------------------------------------

/** Articles per page of the list when `per_page` is not given. */
export const NEWS_PER_PAGE = 9;
/** Largest `per_page` accepted. */
export const NEWS_MAX_PER_PAGE = 24;

/**
 * Comment rules (spec §5, §9: values are parameters). Defaults, overridable per server (or for
 * every server with scope `*`) in the `settings` table under {@link COMMENT_SETTING_KEYS}.
 */
export const COMMENT_RULE_DEFAULTS = {
  /** Minimum characters (Unicode code points, after trimming). */
  minLength: 10,
  /** Maximum characters. */
  maxLength: 1000,
  /** A player may comment when their OVR is strictly higher than this. */
  minOvr: 45,
} as const;

/** `settings` keys overriding {@link COMMENT_RULE_DEFAULTS} (JSON number values). */
export const COMMENT_SETTING_KEYS = {
  minLength: 'news_comment_min_length',
  minOvr: 'news_comment_min_ovr',
} as const;

/** Body of the 404 for an unknown or unpublished slug (spec §8: the client swallows it after the toast). */
export const newsNotFound = (): ApiError => new ApiError(404, 'NEWS NOT FOUND', 'NEWS NOT FOUND');

// ---- response schemas -----------------------------------------------------------------------

const IsoDate = z.string().describe('ISO 8601 instant');

/** One card of the list (spec §1 news list). */
export const NewsCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string().describe('Plain text'),
    excerpt: z.string().describe('Plain text'),
    image: z
      .string()
      .nullable()
      .describe('Image path relative to the server API base (e.g. `news-images/12.svg?v=…`), or null'),
    published_at: IsoDate,
    comments_count: z.number().int().nonnegative().describe('Comments including replies'),
    has_poll: z.boolean(),
    lang: z.enum(LANGS).describe('Language of the text: the requested one, or `en` when the article has no translation'),
  })
  .meta({ id: 'NewsCard' });

/** Answer of `GET /:server/news`. */
export const NewsPage = z
  .object({
    items: z.array(NewsCard).describe('Newest first'),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    total: z.number().int().nonnegative().describe('Published articles on the server'),
    total_pages: z.number().int().nonnegative(),
  })
  .meta({ id: 'NewsPage' });

const CommentAuthor = z.object({
  id: z.number().int().describe('Player id'),
  nickname: z.string(),
  ovr: z.number().int().describe('Current overall rating'),
});

/** A reply (second level of the thread). */
export const NewsReply = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    author: CommentAuthor,
    text: z.string().describe('Plain text exactly as typed (trimmed); never markup'),
    created_at: IsoDate,
  })
  .meta({ id: 'NewsReply' });

/** A top-level comment with its replies (threaded one level). */
export const NewsComment = NewsReply.extend({
  replies: z.array(NewsReply).describe('Oldest first'),
}).meta({ id: 'NewsComment' });

/** Comment rules the client shows before posting (spec §5, §8 messages). */
export const CommentRules = z
  .object({
    min_length: z.number().int().positive().describe('The comment must be at least this many characters long'),
    max_length: z.number().int().positive(),
    min_ovr: z.number().int().nonnegative().describe('Only players with OVR higher than this can comment'),
  })
  .meta({ id: 'CommentRules' });

/** Poll of an article (spec §3 Poll, §4). */
export const NewsPoll = z
  .object({
    id: z.number().int().describe('The `questionnaire_id` of POST /votes'),
    question: z.string(),
    type: z.enum(['single', 'multiple']).describe('single = radio buttons, multiple = checkboxes'),
    options: z.array(
      z.object({
        id: z.number().int(),
        answer: z.string(),
        votes: z.number().int().nonnegative(),
        votes_percent: z
          .number()
          .int()
          .min(0)
          .max(100)
          .describe('Share of ballots choosing this option, 0..100 (single polls sum to 100)'),
      }),
    ),
    limit_ovr: z.number().int().min(0).max(99).describe('Minimum OVR to vote'),
    finish_at: IsoDate,
    ended: z.boolean().describe('finish_at has passed: results only'),
    total_votes: z.number().int().nonnegative().describe('Ballots cast'),
    voted_options: z
      .array(z.number().int())
      .nullable()
      .describe(
        "The caller's choice, null when not voted or a visitor. Always null in the article (a public, cached answer): " +
          'the viewer’s own choice is `GET /{server}/news/{slug}/ballot`; the answer of `POST /votes` has it.',
      ),
  })
  .meta({ id: 'NewsPoll' });
export type NewsPollAnswer = z.infer<typeof NewsPoll>;

/** Answer of `GET /:server/news/:slug/ballot`: the viewer's own ballot, split from the public article (issue 12). */
export const NewsBallot = z
  .object({
    poll_id: z.number().int().nullable().describe('The article’s poll, null when it has none'),
    voted_options: z.array(z.number().int()).nullable().describe("The caller's choice, null when not voted, a visitor, or no poll"),
  })
  .meta({ id: 'NewsBallot' });

/** Answer of `GET /:server/news/:slug`. */
export const NewsArticle = NewsCard.extend({
  body: z.string().describe('Rich HTML of the article (sanitise before rendering)'),
  comments: z.array(NewsComment).describe('Newest top-level comment first'),
  comment_rules: CommentRules,
  poll: NewsPoll.nullable(),
}).meta({ id: 'NewsArticle' });

// ---- helpers --------------------------------------------------------------------------------

/** Image path of an article relative to its server's API base, cache-busted by `updated_at`. */
export function imagePath(id: number, updatedAt: Date): string {
  return `news-images/${id}.svg?v=${updatedAt.getTime().toString(36)}`;
}

/**
 * Comment rules of a server: a per-server setting wins over a `*` setting, which wins over
 * {@link COMMENT_RULE_DEFAULTS}. Non-integer or out-of-range stored values are ignored.
 */
export async function commentRules(db: Db, server: ServerCode): Promise<z.infer<typeof CommentRules>> {
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
    lang: sql<Lang>`coalesce(${articleText.lang}, ${articleEn.lang})`,
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
  lang: Lang;
  title: string;
  excerpt: string;
  commentsCount: number;
  hasPoll: boolean;
};

function toCard(r: CardRow): z.infer<typeof NewsCard> {
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
  lang: Lang,
  page: number,
  perPage: number,
  now = new Date(),
): Promise<z.infer<typeof NewsPage>> {
  const visible = and(eq(newsArticles.server, server), lte(newsArticles.publishedAt, now));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(newsArticles).where(visible);
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
    .where(and(eq(newsArticles.server, server), sql`${newsArticles.publishedAt} > ${now.toISOString()}::timestamptz`, slug ? eq(newsArticles.slug, slug) : undefined));
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
export async function loadComments(db: Db, articleId: number): Promise<Array<z.infer<typeof NewsComment>>> {
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
  const top: Array<z.infer<typeof NewsComment>> = [];
  const byId = new Map<number, z.infer<typeof NewsComment>>();
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
  lang: Lang,
  viewer: CurrentUser | null,
  now = new Date(),
): Promise<NewsPollAnswer | null> {
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

  const percents = votePercents(poll.type, options.map((o) => o.votes), total);
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
  lang: Lang,
  viewer: CurrentUser | null,
  now = new Date(),
): Promise<z.infer<typeof NewsArticle>> {
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

// ---- request schemas ------------------------------------------------------------------------

const PAGE_MESSAGE = 'must be a whole number between 1 and 9999';
const PER_PAGE_MESSAGE = `must be a whole number between 1 and ${NEWS_MAX_PER_PAGE}`;

/** `?page=&per_page=` of the list. */
export const NewsListQuery = z.object({
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(9999, PAGE_MESSAGE)
    .default(1)
    .describe('1-based page (default 1)'),
  per_page: z.coerce
    .number({ error: PER_PAGE_MESSAGE })
    .int(PER_PAGE_MESSAGE)
    .min(1, PER_PAGE_MESSAGE)
    .max(NEWS_MAX_PER_PAGE, PER_PAGE_MESSAGE)
    .default(NEWS_PER_PAGE)
    .describe(`Articles per page, 1..${NEWS_MAX_PER_PAGE} (default ${NEWS_PER_PAGE})`),
});

/** `/:server/news/:slug` (any string: unknown ones are answered 404 'NEWS NOT FOUND'). */
export const SlugParams = ServerParams.extend({
  slug: z.string().min(1).max(160).describe('Article slug (lowercase words joined by dashes)'),
});

const ImageParams = ServerParams.extend({
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}\.svg$/, 'must look like 12.svg')
    .refine((f) => isDbId(Number(f.slice(0, -'.svg'.length))), `must look like 12.svg (an id up to ${INT32_MAX})`)
    .describe('`{article id}.svg`'),
});

/** Security headers of a served SVG: no scripts, no external loads, no sniffing. */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=86400',
} as const;

/** News list, article and image routes (spec §1, §2; comments and votes in sibling modules). */
export default defineRoutes({
  domain: 'news',
  async serverRoutes(app) {
    app.get(
      '/news',
      {
        schema: {
          tags: ['news'],
          summary: 'Paged news list of a server',
          description: 'Newest first, in the `X-Lang` language with an English fallback per article.',
          params: ServerParams,
          querystring: NewsListQuery,
          response: { 200: NewsPage, ...errorResponses },
        },
      },
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
            const [value, next] = await Promise.all([listNews(app.db, server, lang, page, perPage, now), nextPublication(app.db, server, now)]);
            return { value, ...(next ? { ttlMs: next.getTime() - now.getTime() } : {}) };
          },
        });
      },
    );

    app.get(
      '/news/:slug',
      {
        schema: {
          tags: ['news'],
          summary: 'One article with comments and poll',
          description:
            "Unknown slug: `404 { error: 'NEWS NOT FOUND', message: 'NEWS NOT FOUND' }`. The same for every viewer " +
            '(cached, `Cache-Control: public`): the poll’s `voted_options` is always null here; the viewer’s own ' +
            'choice is `GET /{server}/news/{slug}/ballot`.',
          params: SlugParams,
          response: { 200: NewsArticle, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server, slug } = request.params;
        const { lang } = request.ctx;
        // Comment authors (players), comment rules (settings) and the article all count.
        const cached = await app.readCache.get<CachedBody | null>(`article:${server}:${slug}:${lang}`, ['news', 'leaderboard', 'core'], async () => {
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
        });
        if (!cached) throw newsNotFound();
        return sendCached(reply, cached, ['X-Lang']);
      },
    );

    app.get(
      '/news/:slug/ballot',
      {
        schema: {
          tags: ['news'],
          summary: "The viewer's own ballot in the article's poll",
          description:
            'Per viewer (`Cache-Control: private, no-store`), split from the public article. Send X-Auth-Token and ' +
            'X-Auth-Id; a visitor (or a session of another server) gets `voted_options: null`. Unknown slug: 404 NEWS NOT FOUND.',
          params: SlugParams,
          response: { 200: NewsBallot, ...errorResponses },
        },
      },
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
      {
        schema: {
          tags: ['news'],
          summary: 'Illustration of an article (SVG)',
          params: ImageParams,
          produces: ['image/svg+xml'],
          response: { 200: z.string().describe('SVG document (image/svg+xml)'), ...errorResponses },
        },
      },
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

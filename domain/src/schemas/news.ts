/** Requests and answers of the news domain (spec §1 news, comments and polls; §3 Poll; §7 POST /votes). */
import { z } from 'zod';
import { INT32_MAX, isDbId } from '../ids.ts';
import { LOCALE_CODES } from '../locales.ts';
import {
  COMMENT_BODY_MAX_LENGTH,
  NEWS_MAX_PAGE,
  NEWS_MAX_PER_PAGE,
  NEWS_PER_PAGE,
  POLL_TYPES,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '../rules/news.ts';
import { dbId, IsoDate, ServerParams, wholeNumber } from './common.ts';

/** One card of the list (spec §1 news list). */
export const NewsCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string().describe('Plain text'),
    excerpt: z.string().describe('Plain text'),
    image: z.string().nullable().describe('Image path relative to the server API base (e.g. `news-images/12.svg?v=…`), or null'),
    published_at: IsoDate,
    comments_count: z.number().int().nonnegative().describe('Comments including replies'),
    has_poll: z.boolean(),
    lang: z.enum(LOCALE_CODES).describe('Language of the text: the requested one, or `en` when the article has no translation'),
  })
  .meta({ id: 'NewsCard' });
export type NewsCard = z.infer<typeof NewsCard>;

/** Answer of `GET /{server}/news`. */
export const NewsPage = z
  .object({
    items: z.array(NewsCard).describe('Newest first'),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    total: z.number().int().nonnegative().describe('Published articles on the server'),
    total_pages: z.number().int().nonnegative(),
  })
  .meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof NewsPage>;

/** Author of a comment: the player, with their current OVR. */
export const CommentAuthor = z.object({
  id: z.number().int().describe('Player id'),
  nickname: z.string(),
  ovr: z.number().int().describe('Current overall rating'),
});
export type CommentAuthor = z.infer<typeof CommentAuthor>;

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
export type NewsReply = z.infer<typeof NewsReply>;

/** A top-level comment with its replies (threaded one level). */
export const NewsComment = NewsReply.extend({
  replies: z.array(NewsReply).describe('Oldest first'),
}).meta({ id: 'NewsComment' });
export type NewsComment = z.infer<typeof NewsComment>;

/** Comment rules the client shows before posting (spec §5, §8 messages). */
export const CommentRules = z
  .object({
    min_length: z.number().int().positive().describe('The comment must be at least this many characters long'),
    max_length: z.number().int().positive(),
    min_ovr: z.number().int().nonnegative().describe('Only players with OVR higher than this can comment'),
  })
  .meta({ id: 'CommentRules' });
export type CommentRules = z.infer<typeof CommentRules>;

/** One answer of a poll with its share. */
export const PollOption = z.object({
  id: z.number().int(),
  answer: z.string(),
  votes: z.number().int().nonnegative(),
  votes_percent: z.number().int().min(0).max(100).describe('Share of ballots choosing this option, 0..100 (single polls sum to 100)'),
});
export type PollOption = z.infer<typeof PollOption>;

/** Poll of an article (spec §3 Poll, §4). */
export const NewsPoll = z
  .object({
    id: z.number().int().describe('The `questionnaire_id` of POST /votes'),
    question: z.string(),
    type: z.enum(POLL_TYPES).describe('single = radio buttons, multiple = checkboxes'),
    options: z.array(PollOption),
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
export type NewsPoll = z.infer<typeof NewsPoll>;

/** Answer of `GET /{server}/news/{slug}/ballot`: the viewer's own ballot, split from the public article (a private answer; the public one is cached). */
export const NewsBallot = z
  .object({
    poll_id: z.number().int().nullable().describe('The article’s poll, null when it has none'),
    voted_options: z.array(z.number().int()).nullable().describe("The caller's choice, null when not voted, a visitor, or no poll"),
  })
  .meta({ id: 'NewsBallot' });
export type NewsBallot = z.infer<typeof NewsBallot>;

/** Answer of `GET /{server}/news/{slug}`. */
export const NewsArticle = NewsCard.extend({
  body: z.string().describe('Rich HTML of the article (sanitise before rendering)'),
  comments: z.array(NewsComment).describe('Newest top-level comment first'),
  comment_rules: CommentRules,
  poll: NewsPoll.nullable(),
}).meta({ id: 'NewsArticle' });
export type NewsArticle = z.infer<typeof NewsArticle>;

/** Answer of `GET /{server}/news/{slug}/comments`. */
export const CommentsAnswer = z
  .object({
    comments: z.array(NewsComment),
    comments_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'NewsComments' });
export type CommentsAnswer = z.infer<typeof CommentsAnswer>;

/** Answer of `POST /{server}/news/{slug}/comments`. */
export const PostedComment = z
  .object({
    comment: NewsReply,
    comments_count: z.number().int().nonnegative().describe('Comments of the article including replies, after this one'),
  })
  .meta({ id: 'NewsCommentPosted' });
export type PostedComment = z.infer<typeof PostedComment>;

/** Answer of `POST /{server}/votes`. */
export const VoteAnswer = z
  .object({
    info: z.string().describe('Message to show as a notification, in the X-Lang language'),
    poll: NewsPoll.describe('The poll after the vote, with updated percentages'),
  })
  .meta({ id: 'VoteAnswer' });
export type VoteAnswer = z.infer<typeof VoteAnswer>;

// ---- requests -------------------------------------------------------------------------------

/** `?page=&per_page=` of the list. */
export const NewsListQuery = z.object({
  page: wholeNumber(1, NEWS_MAX_PAGE, 1).describe('1-based page (default 1)'),
  per_page: wholeNumber(1, NEWS_MAX_PER_PAGE, NEWS_PER_PAGE).describe(
    `Articles per page, 1..${NEWS_MAX_PER_PAGE} (default ${NEWS_PER_PAGE})`,
  ),
});
export type NewsListQuery = z.input<typeof NewsListQuery>;

/** `/{server}/news/{slug}` (any string: unknown ones are answered 404 'NEWS NOT FOUND'). */
export const SlugParams = ServerParams.extend({
  slug: z.string().min(1).max(SLUG_MAX_LENGTH).describe('Article slug (lowercase words joined by dashes)'),
});

/** Body of `POST /{server}/news/{slug}/comments`. */
export const CommentBody = z.object({
  text: z
    .string()
    .max(COMMENT_BODY_MAX_LENGTH, `must be at most ${COMMENT_BODY_MAX_LENGTH} characters`)
    .describe('Plain text of the comment'),
  parent_id: dbId().nullable().optional().describe('Comment replied to; a reply to a reply joins the same top-level thread'),
});
export type CommentBody = z.infer<typeof CommentBody>;

/** Body of `POST /{server}/votes` (spec §3 vote payload). */
export const VoteBody = z.object({
  questionnaire_id: dbId().describe('The poll id (`poll.id` of the article)'),
  options: z.array(dbId()).max(50).describe('Chosen option ids: exactly one for a single poll, one or more for a multiple poll'),
});
export type VoteBody = z.infer<typeof VoteBody>;

/** `/{server}/news-images/{file}`: `{article id}.svg`. */
export const ImageParams = ServerParams.extend({
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}\.svg$/, 'must look like 12.svg')
    .refine((f) => isDbId(Number(f.slice(0, -'.svg'.length))), `must look like 12.svg (an id up to ${INT32_MAX})`)
    .describe('`{article id}.svg`'),
});

/** One language of an article published through `POST /admin/news`. */
export const PublishedText = z.object({
  title: z.string().trim().min(1).max(200).describe('Title'),
  excerpt: z.string().trim().min(1).max(600).describe('Lead shown on the list'),
  body_html: z.string().min(1).max(100_000).describe('Editor HTML of the body (sanitised by the apps before display)'),
});

/** Body of `POST /admin/news`: a news post of one game server, in English and any other locales. */
export const PublishNewsBody = z.object({
  server: ServerParams.shape.server,
  slug: z
    .string()
    .max(SLUG_MAX_LENGTH)
    .regex(SLUG_PATTERN, 'must be lowercase words joined by dashes')
    .describe('Article slug, unique per server'),
  published_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('ISO 8601 instant it is listed from (default: now; a later instant schedules it)'),
  texts: z
    .partialRecord(z.enum(LOCALE_CODES), PublishedText)
    .refine((t) => !!t.en, 'needs at least the English text (the fallback of every language)')
    .describe('Text per locale code; `en` is required'),
});
export type PublishNewsBody = z.infer<typeof PublishNewsBody>;

/** Answer of `POST /admin/news`. */
export const PublishedNews = z.object({ id: dbId(), server: ServerParams.shape.server, slug: z.string() });

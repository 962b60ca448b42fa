/**
 * Drizzle schema of the news domain (articles, translations, comments, polls, votes). Mirrors
 * migrations/0200_news_articles_comments_polls.sql — the SQL migration is the source of truth.
 */
import { type AnyPgColumn, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, instant, translationTable, updatedAt } from '../../db/columns.js';
import { serverCode } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

/** One article of one server. */
export const newsArticles = pgTable('news_articles', {
  id: identityId(),
  server: serverCode(),
  /** Lowercase words joined by dashes, unique per server. */
  slug: text('slug').notNull(),
  /** Listed once this instant has passed. */
  publishedAt: instant('published_at').notNull(),
  /** Generated SVG illustration, null = no image. */
  imageSvg: text('image_svg'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Article text per language; `en` always exists and is the fallback. */
export const newsTranslations = translationTable('news_translations', { articleId: integer('article_id') }, () => newsArticles.id, {
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull(),
  /** Trusted editor HTML; clients sanitise before rendering. */
  bodyHtml: text('body_html').notNull(),
});

/** Comments, threaded one level (`parentId` = a top-level comment of the same article). */
export const newsComments = pgTable('news_comments', {
  id: identityId(),
  articleId: cascadeRef(integer('article_id'), () => newsArticles.id),
  parentId: integer('parent_id').references((): AnyPgColumn => newsComments.id, { onDelete: 'cascade' }),
  /** Author: the logged-in user's player. */
  playerId: cascadeRef(integer('player_id'), () => players.id),
  /** Plain text, trimmed, 1..1000 characters. */
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** A poll attached to an article (at most one per article). */
export const newsPolls = pgTable('news_polls', {
  id: identityId(),
  articleId: cascadeRef(integer('article_id').unique(), () => newsArticles.id),
  type: text('type').$type<'single' | 'multiple'>().notNull(),
  limitOvr: smallint('limit_ovr').notNull().default(0),
  finishAt: instant('finish_at').notNull(),
  createdAt: createdAt(),
});

/** The poll's question per language. */
export const newsPollTranslations = translationTable('news_poll_translations', { pollId: integer('poll_id') }, () => newsPolls.id, {
  question: text('question').notNull(),
});

export const newsPollOptions = pgTable('news_poll_options', {
  id: identityId(),
  pollId: cascadeRef(integer('poll_id'), () => newsPolls.id),
  position: smallint('position').notNull(),
});

/** An option's answer text per language. */
export const newsPollOptionTranslations = translationTable(
  'news_poll_option_translations',
  { optionId: integer('option_id') },
  () => newsPollOptions.id,
  { answer: text('answer').notNull() },
);

/** One ballot per (poll, player). */
export const newsPollBallots = pgTable('news_poll_ballots', {
  id: identityId(),
  pollId: cascadeRef(integer('poll_id'), () => newsPolls.id),
  playerId: cascadeRef(integer('player_id'), () => players.id),
  createdAt: createdAt(),
});

/** Options chosen on a ballot. */
export const newsPollBallotOptions = pgTable(
  'news_poll_ballot_options',
  {
    ballotId: cascadeRef(integer('ballot_id'), () => newsPollBallots.id),
    optionId: cascadeRef(integer('option_id'), () => newsPollOptions.id),
  },
  (t) => [primaryKey({ columns: [t.ballotId, t.optionId] })],
);

/**
 * Drizzle schema of the news domain (articles, translations, comments, polls, votes). Mirrors
 * migrations/0200_news_articles_comments_polls.sql — the SQL migration is the source of truth.
 */
import { type AnyPgColumn, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocaleCode } from '@landing/domain';
import { serverColumn } from '../core/tables.js';
import { players } from '../leaderboard/tables.js';

/** One article of one server. */
export const newsArticles = pgTable('news_articles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  server: serverColumn(),
  /** Lowercase words joined by dashes, unique per server. */
  slug: text('slug').notNull(),
  /** Listed once this instant has passed. */
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  /** Generated SVG illustration, null = no image. */
  imageSvg: text('image_svg'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Article text per language; `en` always exists and is the fallback. */
export const newsTranslations = pgTable(
  'news_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    lang: text('lang').$type<LocaleCode>().notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Trusted editor HTML; clients sanitise before rendering. */
    bodyHtml: text('body_html').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);

/** Comments, threaded one level (`parentId` = a top-level comment of the same article). */
export const newsComments = pgTable('news_comments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  articleId: integer('article_id')
    .notNull()
    .references(() => newsArticles.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => newsComments.id, { onDelete: 'cascade' }),
  /** Author: the logged-in user's player. */
  playerId: integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  /** Plain text, trimmed, 1..1000 characters. */
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A poll attached to an article (at most one per article). */
export const newsPolls = pgTable('news_polls', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  articleId: integer('article_id')
    .notNull()
    .unique()
    .references(() => newsArticles.id, { onDelete: 'cascade' }),
  type: text('type').$type<'single' | 'multiple'>().notNull(),
  limitOvr: smallint('limit_ovr').notNull().default(0),
  finishAt: timestamp('finish_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const newsPollTranslations = pgTable(
  'news_poll_translations',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => newsPolls.id, { onDelete: 'cascade' }),
    lang: text('lang').$type<LocaleCode>().notNull(),
    question: text('question').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.lang] })],
);

export const newsPollOptions = pgTable('news_poll_options', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pollId: integer('poll_id')
    .notNull()
    .references(() => newsPolls.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull(),
});

export const newsPollOptionTranslations = pgTable(
  'news_poll_option_translations',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => newsPollOptions.id, { onDelete: 'cascade' }),
    lang: text('lang').$type<LocaleCode>().notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.lang] })],
);

/** One ballot per (poll, player). */
export const newsPollBallots = pgTable('news_poll_ballots', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pollId: integer('poll_id')
    .notNull()
    .references(() => newsPolls.id, { onDelete: 'cascade' }),
  playerId: integer('player_id')
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Options chosen on a ballot. */
export const newsPollBallotOptions = pgTable(
  'news_poll_ballot_options',
  {
    ballotId: integer('ballot_id')
      .notNull()
      .references(() => newsPollBallots.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => newsPollOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ballotId, t.optionId] })],
);

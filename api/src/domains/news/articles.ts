/**
 * News articles (spec §1 news list and article): the cards of a page in the request's language
 * (English fallback per article), the next publication, the lookup of a published slug.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type LocaleCode, type ServerCode } from '@landing/domain';
import type { NewsCard, NewsPage } from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { currentUser, type CurrentUser } from '../auth/current-user.js';
import { newsArticles, newsComments, newsPolls, newsTranslations } from './tables.js';

/** Body of the 404 for an unknown or unpublished slug (spec §8: the client swallows it after the toast). */
export const newsNotFound = (): ApiError => new ApiError(404, 'NEWS NOT FOUND', 'NEWS NOT FOUND');

// ---- helpers --------------------------------------------------------------------------------

/** Image path of an article relative to its server's API base, cache-busted by `updated_at`. */
function imagePath(id: number, updatedAt: Date): string {
  return `news-images/${id}.svg?v=${updatedAt.getTime().toString(36)}`;
}
export const articleText = alias(newsTranslations, 'article_text');
export const articleEn = alias(newsTranslations, 'article_en');

/** Columns of a card, with the language fallback (requested row, else the `en` row). */
export function cardColumns() {
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

export type CardRow = {
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

export function toCard(r: CardRow): NewsCard {
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

/**
 * The viewer of a request for this server: a logged-in user whose player plays on `server`,
 * else null (a session of another server counts as a visitor here).
 */
export async function viewerOn(request: Parameters<typeof currentUser>[0], server: ServerCode): Promise<CurrentUser | null> {
  const user = await currentUser(request);
  return user && user.server === server ? user : null;
}

/**
 * News domain (spec §1 news list, article, comments and polls; §4 poll states; §5 comment and vote
 * rules; §8 messages): the full article of `GET /{server}/news/:slug` (lists and lookups are
 * articles.ts, comments comments.ts, polls and votes polls.ts). Text comes in the request's
 * language (`X-Lang`), falling back to English per article. The rules themselves (lengths, OVR,
 * text normalisation) are `@landing/domain`'s, shared with the article page.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { type LocaleCode, type ServerCode } from '@landing/domain';
import type { NewsArticle } from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { type CurrentUser } from '../auth/current-user.js';
import { newsArticles } from './tables.js';
import { articleEn, articleText, cardColumns, newsNotFound, toCard, type CardRow } from './articles.js';
import { commentRules, loadComments } from './comments.js';
import { loadPoll } from './polls.js';

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

/** Writing a news post (`POST /admin/news`, admin.routes.ts). */
import type { LocaleCode } from '@landing/domain';
import type { PublishNewsBody } from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { newsArticles, newsTranslations } from './tables.js';

/**
 * Inserts an article and its texts in one transaction.
 * @returns the new article's id, or null when the server already has an article with that slug
 */
export async function publishArticle(db: Db, body: PublishNewsBody): Promise<number | null> {
  const publishedAt = body.published_at ? new Date(body.published_at) : new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsArticles)
      .values({ server: body.server, slug: body.slug, publishedAt, createdAt: publishedAt, updatedAt: publishedAt })
      .onConflictDoNothing()
      .returning({ id: newsArticles.id });
    if (!row) return null;
    const texts = Object.entries(body.texts) as Array<[LocaleCode, { title: string; excerpt: string; body_html: string }]>;
    await tx
      .insert(newsTranslations)
      .values(texts.map(([lang, t]) => ({ articleId: row.id, lang, title: t.title, excerpt: t.excerpt, bodyHtml: t.body_html })));
    return row.id;
  });
}

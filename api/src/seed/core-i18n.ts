import { eq, sql } from 'drizzle-orm';
import { landingHeaderTexts } from '../db/schema/core.js';
import { defineSeeder } from '../db/seed.js';
import { LANGS } from '../servers.js';
import { LANDING_HEADER_TEXTS } from './core.js';

/**
 * Landing header promo of each server in the nine interface languages (spec §3
 * landingHeaderCode), into `landing_header_texts` (migration 0003). A domain of its own, not part
 * of `core`: an existing database has its `core` marker already, and this marker is what makes the
 * next start fill the new table. Upserts, so a row written by hand is replaced by the seed text.
 */
export default defineSeeder({
  domain: 'core-i18n',
  order: 1,
  async seedServer(tx, { server }) {
    const texts = LANDING_HEADER_TEXTS[server];
    await tx
      .insert(landingHeaderTexts)
      .values(LANGS.map((lang) => ({ server, lang, text: texts[lang] })))
      .onConflictDoUpdate({
        target: [landingHeaderTexts.server, landingHeaderTexts.lang],
        set: { text: sql`excluded.text`, updatedAt: sql`now()` },
      });
    return `landing header texts in ${LANGS.length} languages`;
  },
  async resetServer(tx, server) {
    await tx.delete(landingHeaderTexts).where(eq(landingHeaderTexts.server, server));
  },
});

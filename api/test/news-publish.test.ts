/**
 * `POST /admin/news` (src/domains/news/admin.routes.ts): the newsroom publishes a post; it is
 * listed at once in every language (English as the fallback), a taken slug is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertErrorBody, setupTestApp } from './helpers.js';

const SECRET = 'news-desk-secret-0123456789-abcdefghijkl';
const ADMIN = { 'x-admin-secret': SECRET, 'content-type': 'application/json' };

describe('POST /admin/news: publishing a news post', () => {
  const t = setupTestApp({ config: { adminSecret: SECRET } });
  const post = {
    server: 'royal',
    slug: 'spring-cup-announced',
    texts: {
      en: { title: 'Spring Cup announced', excerpt: 'A new cup starts on Monday.', body_html: '<p>Sign up your club.</p>' },
      de: {
        title: 'Frühlingspokal angekündigt',
        excerpt: 'Am Montag beginnt ein neuer Pokal.',
        body_html: '<p>Melde deinen Verein an.</p>',
      },
    },
  };

  it('lists the post first, in German for a German reader and in English for the other languages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/news', headers: ADMIN, payload: post });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((res.json() as { slug: string }).slug, 'spring-cup-announced');
    const de = (await t.app.inject({ method: 'GET', url: '/royal/news', headers: { 'x-lang': 'de' } })).json() as {
      items: Array<{ title: string }>;
    };
    assert.equal(de.items[0]!.title, 'Frühlingspokal angekündigt');
    const pl = (await t.app.inject({ method: 'GET', url: '/royal/news', headers: { 'x-lang': 'pl' } })).json() as {
      items: Array<{ title: string }>;
    };
    assert.equal(pl.items[0]!.title, 'Spring Cup announced');
  });

  it('refuses a slug the server already has (409), a post without English and a bad slug (400), a wrong secret (401)', async () => {
    assertErrorBody(await t.app.inject({ method: 'POST', url: '/admin/news', headers: ADMIN, payload: post }), 409, 'SLUG_TAKEN');
    const noEnglish = { ...post, slug: 'other-post', texts: { de: post.texts.de } };
    assertErrorBody(
      await t.app.inject({ method: 'POST', url: '/admin/news', headers: ADMIN, payload: noEnglish }),
      400,
      'VALIDATION_ERROR',
    );
    const badSlug = { ...post, slug: 'Not A Slug' };
    assertErrorBody(await t.app.inject({ method: 'POST', url: '/admin/news', headers: ADMIN, payload: badSlug }), 400, 'VALIDATION_ERROR');
    const wrong = { ...ADMIN, 'x-admin-secret': 'not-the-secret' };
    assertErrorBody(await t.app.inject({ method: 'POST', url: '/admin/news', headers: wrong, payload: post }), 401, 'UNAUTHORIZED');
  });

  it('a post scheduled for later is not listed yet', async () => {
    const later = { ...post, slug: 'next-week-post', published_at: new Date(Date.now() + 7 * 86_400_000).toISOString() };
    assert.equal((await t.app.inject({ method: 'POST', url: '/admin/news', headers: ADMIN, payload: later })).statusCode, 201);
    const list = (await t.app.inject({ method: 'GET', url: '/royal/news' })).json() as { items: Array<{ slug: string }> };
    assert.ok(!list.items.some((i) => i.slug === 'next-week-post'));
  });
});

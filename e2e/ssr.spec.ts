/**
 * Server-side rendering of the federated composition:
 *   - the HTML itself carries the page: hero and stats, an article with its comments, the bets
 *     matches, in the language of the `i18n_redirected` cookie; SEO head per page;
 *   - pages, scripts and API answers are compressed;
 *   - the browser hydrates it without a hydration warning and without fetching the page's data again.
 * A broken remote and remote server code are in e2e/ssr-broken-remote.spec.ts and
 * e2e/ssr-remote-trust.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';
import { html, text } from './ssr-helpers';

test.describe('the HTML carries the page', () => {
  test('/royal: hero heading and the three stats numbers, with SEO head', async ({ request }) => {
    const stats = await (await request.get(`${apiBase('royal')}/stats`)).json();
    const { status, text: page } = await html('/royal');
    expect(status).toBe(200);
    expect(page).toMatch(/<h1[^>]*>Create your footballer and become a legend<\/h1>/);
    for (const [id, value] of [
      ['registeredUsers', stats.users],
      ['numberOfTeams', stats.teams],
    ] as const) {
      expect(page).toContain(`data-testid="stat-${id}" data-value="${value}"`);
      expect(page).toContain(`>${new Intl.NumberFormat('en-US').format(value)}<`);
    }
    expect(page).toMatch(/data-testid="stat-onlineUsers" data-value="\d+"/);
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>Free online football manager · Royal · Football Team<\/title>/);
    expect(page).toMatch(/<meta name="description" content="Train every day/);
    expect(page.match(/<meta name="description"/g)).toHaveLength(1); // the page's, not also the build's generic one
    expect(page).toContain(`<link rel="canonical" href="http://localhost:${ports.shell}/royal">`);
    expect(page).toMatch(/<meta property="og:title" content="Free online football manager · Royal">/);
    // The home page's own chunk is preloaded on home pages only (shell/src/pages/home-chunk.ts).
    expect(page).toMatch(/<link rel="preload" as="script" href="\/assets\/home\.[0-9a-f]+\.js">/);
    expect((await html('/royal/news')).text).not.toContain('/assets/home.');
  });

  test('an article: title, body, comments, Open Graph of the article; the cookie language', async ({ request }) => {
    const list = await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json();
    const slug = list.items[0].slug as string;
    const article = await (await request.get(`${apiBase('royal')}/news/${slug}`)).json();
    const { status, text: page } = await html(`/royal/news/${slug}`);
    expect(status).toBe(200);
    const visible = text(page);
    expect(visible).toContain(article.title);
    expect(visible).toContain(text(article.body).trim().slice(0, 60));
    for (const c of article.comments.slice(0, 3)) expect(visible).toContain(c.text);
    expect(page).toMatch(/<meta property="og:type" content="article">/);
    expect(page).toContain(`<meta property="og:title" content="${article.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`);

    const ru = await html(`/royal/news/${slug}`, 'i18n_redirected=ru');
    const ruArticle = await (await request.get(`${apiBase('royal')}/news/${slug}`, { headers: { 'X-Lang': 'ru' } })).json();
    expect(ru.text).toMatch(/<html lang="ru">/);
    expect(text(ru.text)).toContain(ruArticle.title);
    expect(text(ru.text)).toContain('Все новости'); // the remote's own strings, in Russian
  });

  test('/royal/bets: the matches, in Russian with the cookie', async ({ request }) => {
    const t = await (await request.get(`${apiBase('royal')}/bets/tournaments`)).json();
    const matches = await (await request.get(`${apiBase('royal')}/bets/tournaments/${t.current}/matches`)).json();
    const { status, text: page } = await html('/royal/bets', 'i18n_redirected=ru');
    expect(status).toBe(200);
    expect(page).toMatch(/<html lang="ru">/);
    const ids = matches.stages.flatMap((s: { matches: Array<{ id: number }> }) => s.matches.map((m) => m.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(page).toContain(`data-testid="match-${id}"`);
    expect(text(page)).toContain('Прогнозы'); // the tab "Bet matches" in Russian
  });

  test('unknown pages answer 404, the root redirects to the remembered server', async () => {
    expect((await html('/royal/nothing-here')).status).toBe(404);
    expect((await html('/royal/news/list/abc')).status).toBe(404);
    const root = await html('/', 'ft-lang-last-locale=pl');
    expect(root.status).toBe(302);
  });
});

test.describe('compression (brotli and gzip with Vary)', () => {
  /** Content-Encoding and Vary of a GET with `Accept-Encoding: <encoding>` (body read and dropped). */
  async function encodingOf(url: string, encoding: string) {
    const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
    await res.arrayBuffer();
    return { status: res.status, encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary') ?? '' };
  }

  test('pages, the shell and remote scripts, and API answers', async () => {
    const page = await fetch(`http://localhost:${ports.shell}/royal`);
    const scripts = [...(await page.text()).matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => new URL(m[1]!, page.url).href);
    const remoteEntry = (await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json()).mf_news.replace(
      'mf-manifest.json',
      'remoteEntry.js',
    );
    for (const [url, encodings] of [
      [`http://localhost:${ports.shell}/royal`, ['br', 'gzip']],
      [scripts.find((u) => u.includes('/assets/'))!, ['br', 'gzip']],
      [remoteEntry, ['br', 'gzip']],
      [`${apiBase('royal')}/news?page=1&per_page=9`, ['br', 'gzip']],
    ] as const) {
      for (const encoding of encodings) {
        const answer = await encodingOf(url, encoding);
        expect(answer.status, url).toBe(200);
        expect(answer.encoding, `${url} with ${encoding}`).toBe(encoding);
        expect(answer.vary.toLowerCase(), url).toContain('accept-encoding');
      }
      expect((await encodingOf(url, 'identity')).encoding, url).toBeNull();
    }
  });
});

test.describe('hydration', () => {
  for (const lang of ['en', 'ru']) {
    test(`five pages hydrate in ${lang} without a warning and without fetching their data again`, async ({ page, context, request }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: lang, url: `http://localhost:${ports.shell}` }]);
      const list = await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json();
      const problems: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|#418|#423|#425|did not match|mismatch/i.test(m.text()))
          problems.push(m.text());
      });
      const dataCalls: string[] = [];
      page.on('request', (r) => {
        const url = r.url();
        if (url.startsWith(`http://localhost:${ports.api}/`) && !/news-images/.test(url)) dataCalls.push(url);
      });
      for (const path of ['/royal', '/royal/news', `/royal/news/${list.items[0].slug}`, '/royal/bets', '/royal/join']) {
        await openPage(page, path);
        await expect(page.locator('#root')).toHaveAttribute('data-render', 'hydrate');
      }
      expect(problems).toEqual([]);
      expect(dataCalls).toEqual([]);
    });
  }

  // A page's first Intl formatter (dates, numbers, country names) loads the browser's locale and
  // time-zone data, hundreds of ms on a throttled phone inside hydration (docs/performance/history/2026-11-rounds.md
  // "Start-up compile and Intl"): the server's texts come with the page data, and hydration builds
  // no formatter.
  test('news, an article and bets hydrate with the server-formatted dates and names, building no Intl formatter', async ({
    page,
    request,
  }) => {
    const list = await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json();
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'DisplayNames'] as const) {
        const Native = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Native, {
          construct(target, args) {
            built.push(name);
            return Reflect.construct(target, args) as object;
          },
          apply(target, self, args) {
            built.push(name);
            return Reflect.apply(target as unknown as (...a: unknown[]) => object, self, args) as object;
          },
        });
      }
    });
    for (const [path, shownText] of [
      ['/royal/news', '[data-testid="news-card"] time'],
      [`/royal/news/${list.items[0].slug}`, '[data-testid="news-article"] time'],
      ['/royal/bets', '[data-testid^="match-"] .bt-match__when time'],
      ['/royal/bets', '[data-testid^="match-"] .bt-team__name'],
    ] as const) {
      const { text: served } = await html(path);
      await openPage(page, path);
      await expect(page.locator('#root')).toHaveAttribute('data-render', 'hydrate');
      await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
      const shown = (await page.locator(shownText).first().innerText()).trim();
      expect(shown.length).toBeGreaterThan(1);
      expect(text(served)).toContain(shown); // the server's text, kept
      expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt), path).toEqual([]);
    }
  });
});

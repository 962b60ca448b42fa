/**
 * The offline worker (spec §1): a first visit taken over without a reload, offline reading of what
 * was read, registration at the root scope, redeployed remotes not served stale.
 */
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiBase, openPage, ports, storeState } from './fixtures';
import { SHELL, dismissNotices, waitForWorker } from './shell-helpers';

// Service workers are blocked by default (playwright.config.ts), so a worker never answers the
// mocked requests of a suite that keeps that default; this suite allows them.
test.use({ serviceWorkers: 'allow' });

/**
 * A new visitor's first pages, each a page load, while the first worker installs: the worker is
 * registered by the first page, its own downloads (the precache) are held until the last page has
 * loaded, so it takes control of the last page, one that did not register it.
 * @returns `sameDocument`: whether the last page is still the document the worker took (no
 * reload); `firstPageCode`: the scripts and styles the first page loaded (shell and remotes)
 */
async function firstVisit(
  page: Page,
  context: BrowserContext,
  paths: string[],
): Promise<{ sameDocument: () => Promise<boolean>; firstPageCode: string[] }> {
  const held: Route[] = [];
  let holding = true;
  await context.route('**/*', (route) => {
    // the worker's own downloads, not its script (the browser fetches it for the registration)
    if (holding && route.request().serviceWorker() && new URL(route.request().url()).pathname !== '/sw.js') held.push(route);
    else void route.fallback();
  });
  await openPage(page, paths[0]!);
  const firstPageCode = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((url) => /\/assets\/[^?]+\.(?:js|css)$/.test(url)),
  );
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.installing, null, { timeout: 30_000 });
  for (const path of paths.slice(1)) await openPage(page, path);
  let navigations = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
  await page.evaluate(() => ((window as unknown as { firstVisitDocument: boolean }).firstVisitDocument = true));
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  holding = false;
  for (const route of held.splice(0)) await route.fallback();
  await waitForWorker(page);
  return {
    sameDocument: async () =>
      navigations === 0 && (await page.evaluate(() => (window as unknown as { firstVisitDocument?: boolean }).firstVisitDocument === true)),
    firstPageCode,
  };
}

test.describe('offline worker (spec §1)', () => {
  test('the first worker takes control of a first visit without reloading it', async ({ page, context, request }) => {
    await dismissNotices(context);
    const list = (await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json()) as { items: Array<{ slug: string }> };
    const { sameDocument } = await firstVisit(page, context, ['/royal/news', '/royal/news/list/2', `/royal/news/${list.items[0]!.slug}`]);
    await page.waitForTimeout(3000); // a reload starts right after the takeover
    expect(await sameDocument()).toBe(true);
    await expect(page.getByTestId('news-article')).toBeVisible();
  });

  test('offline reading covers the pages read before the worker existed, and the data they showed', async ({ page, context, request }) => {
    await dismissNotices(context);
    const list = (await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json()) as {
      items: Array<{ slug: string; title: string }>;
    };
    const article = list.items[1]!;
    // The worker first takes control on the article: the list was read before it existed.
    const { firstPageCode } = await firstVisit(page, context, ['/royal/news', `/royal/news/${article.slug}`]);
    expect(firstPageCode.some((url) => url.startsWith(`http://localhost:${ports.news}/`))).toBe(true);
    // The worker keeps what it was told about: wait until it has the first page and its code.
    const kept = (urls: string[]) =>
      page.evaluate(async (all) => (await Promise.all(all.map((u) => caches.match(u)))).every(Boolean), urls);
    await expect.poll(() => kept(['/royal/news', ...firstPageCode]).catch(() => false), { timeout: 30_000 }).toBe(true);
    // … and the article's data, which the page fetches again through the worker once it controls it.
    const articleData = `${apiBase('royal')}/news/${encodeURIComponent(article.slug)}?__lang=en`;
    const keptData = () =>
      page.evaluate(async (url) => Boolean(await (await caches.open('landing-api-v1')).match(url)), articleData).catch(() => false);
    await expect.poll(keptData, { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    try {
      // the first page, loaded offline
      await page.goto('/royal/news');
      await expect(page.getByTestId('offline-badge')).toBeVisible();
      await expect(page.getByTestId('news-card')).toHaveCount(list.items.length);
      await expect(page.getByTestId('news-card').first()).toContainText(list.items[0]!.title);
      // the article the worker took control of, through a link (no page load): its data came through the worker
      await page.getByTestId('news-card').nth(1).getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`/royal/news/${article.slug}$`));
      await expect(page.locator('main h1').first()).toHaveText(article.title);
    } finally {
      await context.setOffline(false);
    }
  });

  test('registers at the root scope; first install raises offline-ready', async ({ page }) => {
    await openPage(page, '/royal');
    await waitForWorker(page);
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope, script: r?.active?.scriptURL };
    });
    expect(reg).toEqual({ scope: `${SHELL}/`, script: `${SHELL}/sw.js` });
    await expect
      .poll(() => storeState<{ offlineReady: boolean; swError: boolean }>(page, 'pwa'))
      .toMatchObject({ offlineReady: true, swError: false });
    // First visit, one message at a time: the offline-ready toast waits for the cookie
    // banner and the age notice.
    const offlineReady = page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: 'The site is ready to work offline' })
      .first();
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await expect(offlineReady).toBeHidden();
    await page.getByTestId('cookie-accept').click();
    await expect(page.getByTestId('age-notice')).toBeVisible();
    await expect(offlineReady).toBeHidden();
    await page.getByTestId('age-ok').click();
    await expect(offlineReady).toBeVisible();
  });

  test('offline reading: the news list and an article read once open offline with their comments; writing says it needs a connection and keeps the text', async ({
    page,
    context,
  }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await page.keyboard.press('Shift'); // the reader's first input registers the worker
    await waitForWorker(page);
    // Read the home page, the list and one article online (server-rendered pages, kept by the worker).
    await openPage(page, '/royal');
    await openPage(page, '/royal/news');
    const link = page.getByTestId('news-card').first().getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    await openPage(page, href);
    const title = (await page.locator('main h1').first().textContent())!.trim();
    const firstComment = (await page.getByTestId('comments').locator('article p').first().textContent())!.trim();
    expect(title.length).toBeGreaterThan(0);

    await context.setOffline(true);
    try {
      for (const path of ['/royal/news', href]) {
        await page.goto(path);
        await expect(page.getByTestId('header')).toBeVisible();
        await expect(page.getByTestId('offline-badge')).toHaveText('You are offline – showing saved pages');
      }
      await expect(page.locator('main h1').first()).toHaveText(title);
      await expect(page.getByTestId('comments')).toContainText(firstComment);
      // a page never read still opens (the app shell), and says where the reader is
      await page.goto('/royal/bets-rules');
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page.getByTestId('offline-badge')).toBeVisible();
      // writing needs a connection: the founder-pack sign-up says so and keeps what was typed
      await page.goto('/royal');
      await expect(page.locator('html[data-ready="true"]')).toBeAttached();
      await page.locator('#founder-name').fill('Offline Reader');
      await page.locator('#founder-email').fill('offline.reader@example.org');
      await page.locator('#founder-name').press('Enter');
      await expect(page.locator('.Toastify__toast').filter({ hasText: 'You are offline. This needs a connection' })).toBeVisible();
      await expect(page.locator('#founder-name')).toHaveValue('Offline Reader');
      await expect(page.locator('#founder-email')).toHaveValue('offline.reader@example.org');
    } finally {
      await context.setOffline(false);
    }
  });

  test('a redeployed remote is used on the next load (no stale manifest from the cache)', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await waitForWorker(page);
    await page.reload(); // everything now goes through the worker and its caches
    // The leaderboard is below the fold: its code loads when the reader gets there.
    const slot = page.locator('.remote-slot[data-remote="mf_leaderboard"]');
    await slot.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('leaderboard')).toBeVisible();

    // Redeploy: the environment's remotes.json now points mf_leaderboard at version 9.9.9 (the
    // same files under a new path, answered by the route below for the browser).
    const file = join(process.env.E2E_DATA_DIR!, 'local', 'remotes.json');
    const before = readFileSync(file, 'utf8');
    const map = JSON.parse(before) as Record<string, string>;
    map.mf_leaderboard = map.mf_leaderboard!.replace(/\/[^/]+\/mf-manifest\.json$/, '/9.9.9/mf-manifest.json');
    const requested: string[] = [];
    context.on('request', (r) => requested.push(r.url()));
    await context.route(`http://localhost:${ports.leaderboard}/9.9.9/**`, async (route) => {
      const url = route.request().url().replace('/9.9.9/', '/1.0.0/');
      // Playwright can dispose a fetched response before it is passed on (seen once on a busy
      // machine): the request then goes to the same file under 1.0.0 directly.
      const passOn = () => route.continue({ url }).catch(() => undefined);
      const res = await route.fetch({ url }).catch(() => null);
      const body = res ? await res.body().catch(() => null) : null;
      if (!res || body === null) return passOn();
      await route.fulfill({ response: res, body }).catch(passOn);
    });
    try {
      writeFileSync(file, JSON.stringify(map));
      await page.reload();
      await slot.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('leaderboard')).toBeVisible();
      expect(requested).toContain(`http://localhost:${ports.leaderboard}/9.9.9/mf-manifest.json`);
      expect(requested).toContain(`http://localhost:${ports.leaderboard}/9.9.9/remoteEntry.js`);
    } finally {
      writeFileSync(file, before);
    }
  });
});

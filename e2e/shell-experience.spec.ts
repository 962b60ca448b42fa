/**
 * Shell experience (spec §1, §2, §7, §8, §9): offline worker, refresh after a new build,
 * redeployed remotes, cookie banner, contact and founder-pack sign-up, maintenance page, sounds.
 *
 * Service workers are blocked for every other suite (playwright.config.ts) so a worker never
 * answers their mocked requests; this suite allows them.
 */
import { chromium, expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { ADMIN_SECRET, apiBase, openPage, ports, storeState } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
}

/** Accepts the cookie banner and the age notice so they do not cover the page. */
async function dismissNotices(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: SHELL }]);
  await context.addInitScript(() => window.localStorage.setItem('landing-age-notice', '1'));
}

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
      const res = await route.fetch({ url });
      await route.fulfill({ response: res });
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

test.describe('installable app (spec §1, Lighthouse installability)', () => {
  test('Chromium finds the site installable: manifest parsed without errors, icons, theme colour', async () => {
    // Installability is never granted to incognito contexts: use a persistent profile.
    const profile = mkdtempSync(join(tmpdir(), 'landing-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await context.newPage();
      await page.goto(`${SHELL}/royal`);
      await expect(page.getByTestId('header')).toBeVisible();
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${SHELL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const icons = (await (await page.request.get(`${SHELL}/manifest.webmanifest`)).json()).icons as Array<{ src: string; type: string }>;
      for (const icon of icons) {
        const res = await page.request.get(`${SHELL}${icon.src}`);
        expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
      }
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b1220');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/**
 * A second deployment of the shell on its own origin, whose files can be switched to a "new
 * build" during a test: serves a copy of shell/dist, proxies /api/* to the API and rewrites
 * config.json to point the API and the content host at itself (one origin, no CORS).
 */
class ShellDeployment {
  readonly port = ports.shell + 9;
  readonly origin = `http://localhost:${this.port}`;
  private server: Server | undefined;
  private readonly root = mkdtempSync(join(tmpdir(), 'landing-shell-deploy-'));
  private dir = join(this.root, 'v1');

  async start(): Promise<void> {
    const dist = join(__dirname, '..', 'shell', 'dist');
    if (!existsSync(join(dist, 'sw.js'))) throw new Error('shell/dist/sw.js is missing: build the shell first');
    cpSync(dist, this.dir, { recursive: true });
    this.server = createServer((req, res) => void this.handle(req.url ?? '/', req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.port, 'localhost', resolve));
  }

  /** Deploys "build 2": index.html gets a build marker, sw.js the new precache revision of it. */
  deployNewBuild(marker: string): void {
    const next = join(this.root, 'v2');
    cpSync(this.dir, next, { recursive: true });
    const html = readFileSync(join(next, 'index.html'), 'utf8').replace('<head>', `<head><meta name="landing-build" content="${marker}">`);
    writeFileSync(join(next, 'index.html'), html);
    const sw = readFileSync(join(next, 'sw.js'), 'utf8');
    const updated = sw.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${Date.now().toString(16)}$2`);
    if (updated === sw) throw new Error('index.html entry not found in the precache list of sw.js');
    writeFileSync(join(next, 'sw.js'), updated);
    this.dir = next;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.root, { recursive: true, force: true });
  }

  private async handle(url: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const path = decodeURIComponent(url.split('?')[0]!);
    if (path.startsWith('/api/')) return this.proxyApi(url.slice(4), req, res);
    if (path === '/config.json' || path === '/remotes.json') {
      const body = await (await fetch(`${SHELL}${path}`)).json();
      if (path === '/config.json') Object.assign(body, { apiBaseTemplate: `${this.origin}/api/{server}`, cdnBase: `${this.origin}/cdn` });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      return void res.end(JSON.stringify(body));
    }
    let file = join(this.dir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!extname(path) || !existsSync(file)) file = join(this.dir, 'index.html');
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.json': 'application/json',
      '.webmanifest': 'application/manifest+json',
      '.png': 'image/png',
      '.svg': 'image/svg+xml',
      '.ogg': 'audio/ogg',
      '.mp3': 'audio/mpeg',
    };
    res.writeHead(existsSync(file) ? 200 : 404, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(readFileSync(file));
  }

  private proxyApi(path: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
    const upstream = httpRequest(
      { host: 'localhost', port: ports.api, path, method: req.method, headers: { ...req.headers, host: `localhost:${ports.api}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  }
}

test.describe('new build (spec §1 refresh-available)', () => {
  let deployment: ShellDeployment;
  test.beforeAll(async () => {
    deployment = new ShellDeployment();
    await deployment.start();
  });
  test.afterAll(async () => deployment?.stop());

  test('a new build raises refresh-available; Refresh reloads once into the new version', async ({ page, context }) => {
    await dismissNotices(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: deployment.origin }]);
    await page.goto(`${deployment.origin}/royal`);
    await expect(page.getByTestId('header')).toBeVisible();
    await waitForWorker(page);
    await expect(page.locator('meta[name="landing-build"]')).toHaveCount(0);

    deployment.deployNewBuild('e2e-build-2');
    // Pages come from the network first, so the reload already shows the new build; the changed
    // sw.js installs beside the old worker and waits: refresh-available.
    await page.reload();
    await expect(page.locator('meta[name="landing-build"]')).toHaveAttribute('content', 'e2e-build-2');
    await expect(page.getByTestId('refresh-available')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('refresh-available')).toContainText('A new version of the site is available');
    expect(await storeState(page, 'pwa')).toMatchObject({ refreshAvailable: true });
    const workerBefore = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(workerBefore).toBe(true);

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByTestId('refresh-button').click();
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(1);
    await expect(page.locator('meta[name="landing-build"]')).toHaveAttribute('content', 'e2e-build-2');
    await expect(page.getByTestId('header')).toBeVisible();
    await page.waitForTimeout(1500);
    expect(loads).toBe(1); // one reload, no loop
    await expect(page.getByTestId('refresh-available')).toHaveCount(0);
    // the new worker took over: nothing waits any more
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  });
});

test.describe('cookie banner and notices', () => {
  test('the cookie banner shows once and the choice is remembered', async ({ page, context }) => {
    await openPage(page, '/royal');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/documents/privacy-policy.pdf');
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toHaveCount(0);
    const cookie = (await context.cookies(SHELL)).find((c) => c.name === 'cookie_consent');
    expect(cookie?.value).toBe('all');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // then the age/language warning, once
    const age = page.getByTestId('age-notice');
    await expect(age).toContainText('mild profanity');
    await age.getByRole('button', { name: 'I understand' }).click();
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect(page.getByTestId('age-notice')).toHaveCount(0);
  });

  test('the footer links the Help/FAQ page of the current language', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await expect(page.getByTestId('footer').getByRole('link', { name: 'Help & FAQ' })).toHaveAttribute('href', /\/en\/faq$/);
    await page.getByTestId('switcher-toggle').click();
    await page.getByTestId('lang-de').click();
    await expect(page.getByTestId('footer').getByRole('link', { name: 'Hilfe & FAQ' })).toHaveAttribute('href', /\/de\/faq$/);
  });
});

/**
 * The texts of the scripts a page loads from now on (its `.js` responses), to tell whether a
 * library's code has been loaded: call the returned function for the texts so far.
 */
function scriptTexts(page: Page): () => Promise<string[]> {
  const texts: Array<Promise<string>> = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.js')) texts.push(res.text().catch(() => ''));
  });
  return () => Promise.all(texts);
}
/** Strings found only in the built code of workbox-window, react-toastify and the founder pack. */
const CODE_OF = { workbox: 'workbox:window', toastify: 'Toastify__progress-bar', founder: 'founder-submit' } as const;
const hasCode = async (texts: () => Promise<string[]>, of: keyof typeof CODE_OF) => (await texts()).some((t) => t.includes(CODE_OF[of]));
/** Milliseconds since the page's `load` event. */
const sinceLoad = (page: Page) =>
  page.evaluate(() => performance.now() - performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd);

test.describe('what the first paint does not need waits (docs/PERFORMANCE.md)', () => {
  test('no service-worker registration or workbox code before the first input; the first key press registers the worker', async ({
    page,
  }) => {
    const texts = scriptTexts(page);
    await openPage(page, '/royal');
    await expect.poll(() => sinceLoad(page)).toBeGreaterThan(2500);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await hasCode(texts, 'workbox')).toBe(false);
    expect(await sinceLoad(page)).toBeLessThan(4500); // still inside the wait without input
    await page.keyboard.press('Shift');
    await waitForWorker(page);
    expect(await hasCode(texts, 'workbox')).toBe(true);
  });

  test('without any input the worker registers about 5 s after load', async ({ page }) => {
    await openPage(page, '/royal');
    const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length > 0);
    await expect.poll(registered, { intervals: [100], timeout: 20_000 }).toBe(true);
    expect(await sinceLoad(page)).toBeGreaterThan(4900);
    await waitForWorker(page);
  });

  test("react-toastify's code loads with the first toast, which shows", async ({ page, context }) => {
    const texts = scriptTexts(page);
    await openPage(page, '/royal');
    await expect.poll(() => sinceLoad(page)).toBeGreaterThan(2000);
    expect(await hasCode(texts, 'toastify')).toBe(false);
    await expect(page.locator('.Toastify')).toHaveCount(0);
    await context.route(`${apiBase('royal')}/news?*`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal', message: 'News are resting' }),
      }),
    );
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'News are resting' })).toBeVisible();
    expect(await hasCode(texts, 'toastify')).toBe(true);
  });

  test("the founder pack's code is not requested until its section nears the viewport; a click made before it is in is replayed", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(String(e)));
    const texts = scriptTexts(page);
    // The founder pack's chunk is held until released, to click before its code is in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const res = await route.fetch();
      const body = await res.text();
      if (body.includes(CODE_OF.founder)) {
        requested = true;
        await held;
      }
      await route.fulfill({ response: res, body });
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openPage(page, '/royal');
    const section = page.getByTestId('founder-pack');
    await expect(section.getByTestId('founder-submit')).toBeAttached(); // the server's HTML
    await expect.poll(() => sinceLoad(page)).toBeGreaterThan(1500);
    expect(requested).toBe(false);
    expect(await hasCode(texts, 'founder')).toBe(false);

    // Near the viewport: the code is requested. The reader types and submits before it is in.
    await section.evaluate((el) => el.scrollIntoView());
    await expect.poll(() => requested).toBe(true);
    const email = `early.${Date.now()}@example.com`;
    await section.getByLabel('Your name').fill('Early Bird');
    await section.getByLabel('E-mail').fill(email);
    const signUp = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/royal/newsletter'));
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/royal$/); // no form submission by the browser
    await expect(section.getByTestId('founder-done')).toHaveCount(0);
    release();
    expect((await signUp).postDataJSON()).toMatchObject({ name: 'Early Bird', email });
    await expect(section.getByTestId('founder-done')).toContainText(email);
    expect(problems).toEqual([]);
  });
});

test.describe('contact and founder-pack sign-up', () => {
  // The forms, not the worker: without one, a test can hold the shell's code to type before hydration.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test('contact: invalid input is refused and kept, a valid message is stored', async ({ page }) => {
    await openPage(page, '/royal');
    await page.getByTestId('footer-contact').click();
    const modal = page.getByTestId('contact-modal');
    await expect(modal.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await modal.getByLabel('Your name').fill('Ana');
    await modal.getByLabel('E-mail').fill('ana@');
    await modal.getByLabel('Message').fill('Too short');
    await modal.getByRole('button', { name: 'Send message' }).click();
    await expect(modal.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(modal.getByText('The message must be at least 10 characters long')).toBeVisible();
    await expect(modal.getByLabel('Message')).toHaveValue('Too short');

    await modal.getByLabel('E-mail').fill('ana@example.com');
    await modal.getByLabel('Message').fill('Is there a Portuguese server planned?');
    const answer = page.waitForResponse((r) => r.url() === `${apiBase('royal')}/contact` && r.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Send message' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Is there a Portuguese server planned?',
    });
    expect(((await res.json()) as { id: number }).id).toBeGreaterThan(0);
    await expect(modal.getByText('Thank you!')).toBeVisible();
  });

  test('founder pack: rewards from the API, invalid input, sign-up, duplicate e-mail', async ({ page, request }) => {
    const offer = (await (await request.get(`${apiBase('royal')}/newsletter`)).json()) as {
      rewards: { euro: number; energy: number; free_keys: number };
    };
    await openPage(page, '/royal');
    const section = page.getByTestId('founder-pack');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('reward-euro')).toHaveAttribute('data-value', String(offer.rewards.euro));
    await expect(section.getByTestId('reward-keys')).toHaveAttribute('data-value', String(offer.rewards.free_keys));
    await expect(section.getByTestId('early-access')).toContainText('Early access starts on');
    await expect(section.getByText('Invite friends, earn a bonus')).toBeVisible();

    await section.getByLabel('Your name').fill('M');
    await section.getByLabel('E-mail').fill('maria@');
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByText('Enter your name (2–50 characters)')).toBeVisible();
    await expect(section.getByText('Enter a valid e-mail address')).toBeVisible();

    const email = `maria.${Date.now()}@example.com`;
    await section.getByLabel('Your name').fill('Maria');
    await section.getByLabel('E-mail').fill(email);
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByTestId('founder-done')).toContainText(email);

    // After a reload, a player types at once, before the page has hydrated: the shell's code is
    // held until both fields are filled, then let through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/bootstrap\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await section.getByLabel('Your name').fill('Maria again');
    await section.getByLabel('E-mail').fill(email.toUpperCase());
    await expect(page.locator('#root')).not.toHaveAttribute('data-render'); // not hydrated yet
    release();
    await expect(page.locator('html[data-ready="true"]')).toBeAttached({ timeout: 20_000 });
    await expect(section.getByLabel('Your name')).toHaveValue('Maria again');
    await expect(section.getByLabel('E-mail')).toHaveValue(email.toUpperCase());
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByText('This e-mail address is already signed up')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This e-mail address is already signed up' })).toBeVisible();
    await expect(section.getByLabel('Your name')).toHaveValue('Maria again');
    await expect(section.getByLabel('E-mail')).toHaveValue(email.toUpperCase());
  });
});

test.describe('technical break (spec §4, §8)', () => {
  const admin = { 'X-Admin-Secret': ADMIN_SECRET };
  test('503 from the API shows the maintenance page', async ({ page, request, context }) => {
    await dismissNotices(context);
    const on = await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
      headers: admin,
      data: { enabled: true, server: 'royal' },
    });
    expect(on.status()).toBe(200);
    try {
      await openPage(page, '/royal');
      await expect(page.getByTestId('maintenance-page')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Technical break is in progress' })).toBeVisible();
      expect(await storeState(page, 'userData')).toBeNull();
      await page.goto('/classic'); // other servers keep working
      await expect(page.getByTestId('stats')).toBeVisible();
      await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
    } finally {
      await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
        headers: admin,
        data: { enabled: false, server: 'royal' },
      });
    }
  });
});

test.describe('sound (spec §7, §9)', () => {
  test('a click on a button requests FX_Click_Basic.ogg from the content host', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    const sound = page.waitForResponse((r) => /\/cdn\/sounds\/FX_Click_Basic\.(ogg|mp3)$/.test(r.url()));
    await page.getByTestId('switcher-toggle').click();
    const res = await sound;
    expect(res.url()).toBe(`${SHELL}/cdn/sounds/FX_Click_Basic.ogg`);
    expect(res.status()).toBe(200);
  });

  test('on an iPhone the click sound is the .mp3; a browser without Safari counts as installed', async ({ browser }) => {
    for (const [ua, standalone] of [
      [IPHONE_SAFARI, false],
      [IPHONE_APP, true],
    ] as const) {
      const context = await browser.newContext({ userAgent: ua, viewport: { width: 390, height: 844 }, baseURL: SHELL });
      await dismissNotices(context);
      const page = await context.newPage();
      await openPage(page, '/royal');
      const sound = page.waitForRequest((r) => /\/cdn\/sounds\/FX_Click_Basic\.(ogg|mp3)$/.test(r.url()));
      await page.getByTestId('burger').click();
      expect((await sound).url()).toBe(`${SHELL}/cdn/sounds/FX_Click_Basic.mp3`);
      // The install state is tracked once the page has loaded (bootstrap.tsx, afterLoad).
      await expect.poll(() => storeState<{ standalone: boolean }>(page, 'pwa')).toMatchObject({ standalone });
      await context.close();
    }
  });

  test('a missing sound file is reported and the page keeps working', async ({ page, context }) => {
    await dismissNotices(context);
    await context.route('**/cdn/sounds/FX_Click_Basic.ogg', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await openPage(page, '/royal');
    await page.getByTestId('switcher-toggle').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed loading audio file with status 404' })).toBeVisible();
    await page.getByTestId('lang-pl').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  });

  test('muting is persisted and stops the click sound', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await page.getByTestId('sound-toggle').click();
    await page.getByRole('switch', { name: 'Sound effects' }).click();
    await expect(page.getByRole('switch', { name: 'Sound effects' })).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.getByTestId('switcher-toggle').click();
    await page.waitForTimeout(500);
    expect(requests.filter((u) => u.includes('/cdn/sounds/'))).toEqual([]);
  });
});

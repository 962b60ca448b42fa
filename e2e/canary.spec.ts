/**
 * Canary releases and telemetry against real builds (docs/OPERATIONS.md; the world: e2e/canary-world.ts):
 *   - a healthy canary at 50 % goes to 40–60 % of new visitors, stays stable per visitor across
 *     pages (server render and browser alike), shows in the operations view beside the stable
 *     version, and `promote` gives it to everyone;
 *   - a broken version (its news list throws in the browser) as a 50 % canary under generated
 *     traffic is aborted by the guard with no command typed; its failures arrive attributed to
 *     mf_news and that version; after the abort no page composes it, not even for the visitors
 *     who had it. The time from its first failure to the abort and the share of page views it
 *     reached are printed.
 */
import { expect, test, type Browser } from '@playwright/test';
import { ADMIN_SECRET } from './fixtures';
import {
  ENV,
  MIN_PAGE_VIEWS,
  PORT,
  apiOrigin,
  deploy,
  history,
  stableVersion,
  startCanaryWorld,
  stopCanaryWorld,
  visit,
} from './canary-world';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await startCanaryWorld();
});
test.afterAll(() => stopCanaryWorld());

const NEWS = '/royal/news';
const page = (path: string) => `http://localhost:${PORT.shell}${path}`;
const opsGet = async (path: string) => {
  const res = await fetch(`${apiOrigin}${path}`, { headers: { authorization: `Bearer ${ADMIN_SECRET}` } });
  expect(res.status).toBe(200);
  return res.json();
};

/** One new visitor in a browser: opens the news page, waits until it is live, leaves (its telemetry is sent on leaving). */
async function browse(browser: Browser, path = NEWS): Promise<string | null> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  // The collector starts after the page's load; its first beacon goes 3 s later (collector.ts).
  const firstBeacon = tab.waitForRequest((r) => r.url().endsWith('/api/telemetry'), { timeout: 30_000 });
  await tab.goto(page(path));
  await expect(tab.locator('html[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
  await firstBeacon;
  const version = await tab.locator('.remote-slot[data-remote="mf_news"]').first().getAttribute('data-remote-version');
  await context.close(); // pagehide: the page's last beacon
  return version;
}

test('a healthy canary at 50 % goes to 40–60 % of new visitors, stays with each, shows in the view, and promote makes it 100 %', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  deploy('canary', ENV, 'mf-news', '1.1.0', '--percent', '50');

  const visitors = await Promise.all(Array.from({ length: 100 }, () => visit(NEWS)));
  const canary = visitors.filter((v) => v.version === '1.1.0').length;
  expect(visitors.every((v) => v.version === '1.1.0' || v.version === stableVersion)).toBe(true);
  expect(canary).toBeGreaterThanOrEqual(40);
  expect(canary).toBeLessThanOrEqual(60);
  // each visitor keeps their composition on every page
  for (const v of visitors.slice(0, 20)) {
    for (const path of ['/royal', NEWS, '/royal/news/list/2']) expect((await visit(path, v.cookie)).version).toBe(v.version);
  }

  // in a real browser: the slot hydrates the version the server rendered, on every page of the visit
  const inCanary = visitors.find((v) => v.version === '1.1.0')!;
  const context = await browser.newContext();
  await context.addCookies([{ name: 'mf_bucket', value: inCanary.cookie!.split('=')[1]!, url: page('/') }]);
  const tab = await context.newPage();
  for (const path of [NEWS, '/royal/news/list/2']) {
    await tab.goto(page(path));
    await expect(tab.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(tab.locator('.remote-slot[data-remote="mf_news"]').first()).toHaveAttribute('data-remote-version', '1.1.0');
  }
  await context.close();

  // both versions' figures, in the JSON view and on the operations page
  for (let i = 0; i < 4; i++) await browse(browser);
  await expect
    .poll(
      async () => {
        const view = await opsGet(`/telemetry/view?environment=${ENV}&window=15m`);
        const news = view.remotes.find((r: { remote: string }) => r.remote === 'mf_news');
        return (news?.versions ?? []).map((v: { version: string }) => v.version).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(['1.0.0', '1.1.0'].map((v) => (v === '1.0.0' ? stableVersion : v)).sort());
  const ops = await browser.newPage();
  await ops.goto(page('/royal/operations'));
  await ops.getByLabel('Operations token').fill(ADMIN_SECRET);
  await ops.getByRole('button', { name: 'Show figures' }).click();
  const card = ops.getByTestId('operations-mf_news');
  await expect(card.locator('tr[data-version="1.1.0"]')).toBeVisible();
  await expect(card.locator(`tr[data-version="${stableVersion}"]`)).toBeVisible();
  await expect(card.getByText('Canary 1.1.0 for 50 % of visitors')).toBeVisible({ timeout: 15_000 });
  await ops.close();

  deploy('promote', ENV, 'mf-news');
  const after = await Promise.all(Array.from({ length: 20 }, () => visit(NEWS)));
  expect(after.map((v) => v.version)).toEqual(Array(20).fill('1.1.0'));
  expect((await visit(NEWS, inCanary.cookie)).version).toBe('1.1.0');
  expect(history().at(-1)).toMatchObject({ action: 'promote', remote: 'mf_news', from: stableVersion, to: '1.1.0' });
  deploy('use', ENV, 'mf_news', stableVersion); // the next test starts from the stable version again
});

test('a broken canary at 50 % under generated traffic is aborted by itself; then no page composes it', async ({ browser }) => {
  test.setTimeout(420_000);
  deploy('canary', ENV, 'mf-news', '1.2.0-broken', '--percent', '50');
  const started = history().at(-1)!.at as string;
  const seen: Array<{ version: string | null; at: number }> = [];
  const hadCanary: string[] = [];
  const aborted = () => history().find((e) => e.action === 'abort' && e.from === '1.2.0-broken');
  // Generated traffic: new visitors one after another until the guard has aborted the canary.
  for (let i = 0; i < 120 && !aborted(); i++) {
    const v = await visit(NEWS);
    seen.push({ version: v.version, at: Date.now() });
    if (v.version === '1.2.0-broken') hadCanary.push(v.cookie!);
    await browse(browser); // the browser's page views and failures reach the telemetry
  }
  const abort = aborted();
  expect(abort, 'the guard aborted the canary').toBeTruthy();
  expect(abort).toMatchObject({ action: 'abort', remote: 'mf_news', to: stableVersion, auto: true, by: 'canary-guard' });
  expect(String(abort!.reason)).toMatch(/per 1,000 page views/);

  // its failures were attributed to mf_news and that version
  const figures = await opsGet(`/telemetry/figures?environment=${ENV}&remote=mf_news&since=${encodeURIComponent(started)}`);
  const broken = figures.versions.find((v: { version: string }) => v.version === '1.2.0-broken');
  const stable = figures.versions.find((v: { version: string }) => v.version === stableVersion);
  expect(broken.pageViews).toBeGreaterThanOrEqual(MIN_PAGE_VIEWS);
  expect(broken.errors).toBeGreaterThan(0);
  expect(broken.fallbacks).toBeGreaterThan(0);
  expect(stable?.errors ?? 0).toBe(0);
  const view = await opsGet(`/telemetry/view?environment=${ENV}&window=15m`);
  const top = view.remotes
    .find((r: { remote: string }) => r.remote === 'mf_news')
    .versions.find((v: { version: string }) => v.version === '1.2.0-broken').topErrors;
  expect(top.map((e: { message: string }) => e.message)).toContain('mf-news canary broken on purpose');
  await expect
    .poll(
      async () =>
        (await opsGet(`/telemetry/view?environment=${ENV}&window=15m`)).releases.some(
          (r: { action: string; auto: boolean }) => r.action === 'abort' && r.auto,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);

  // after the abort: no new visitor and no visitor who had it gets it any more
  const afterNew = await Promise.all(Array.from({ length: 30 }, () => visit(NEWS)));
  const afterOld = await Promise.all(hadCanary.map((c) => visit(NEWS, c)));
  expect([...afterNew, ...afterOld].filter((v) => v.version === '1.2.0-broken')).toEqual([]);
  expect(await browse(browser)).toBe(stableVersion);

  // Figures for the closing note: first failure → abort, and the share of page views it reached before.
  const firstFailure = Date.parse(broken.firstFailureAt);
  const abortAt = Date.parse(String(abort!.at));
  const before = seen.filter((s) => s.at <= abortAt);
  const share = before.filter((s) => s.version === '1.2.0-broken').length / Math.max(1, before.length);
  console.log(
    `[canary] first failure received → abort: ${((abortAt - firstFailure) / 1000).toFixed(1)} s; ` +
      `page views before the abort: ${before.length} served, ${(share * 100).toFixed(0)} % composed the broken canary; ` +
      `telemetry: ${broken.pageViews} canary page views, ${broken.errors} errors, ${broken.fallbacks} fallbacks`,
  );
});

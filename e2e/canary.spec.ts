/**
 * Canary releases and telemetry against real builds (docs/OPERATIONS.md; the world: e2e/canary-world.ts):
 *   - a healthy canary at 50 % goes to about half (30–70) of 100 new visitors, stays stable per visitor across
 *     pages (server render and browser alike), shows in the operations view beside the stable
 *     version, and `promote` gives it to everyone;
 *   - a broken version (its news list throws in the browser) as a 50 % canary under generated
 *     traffic (new visitors in Chromium, several at a time) is aborted by the guard with no
 *     command typed; its failures arrive attributed to mf_news and that version; after the abort
 *     no page composes it, not even for the visitors who had it. The time from its first failure
 *     to the abort and the share of page views it reached are printed (`[canary]`).
 */
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { ADMIN_SECRET } from './fixtures';
import {
  ENV,
  INTERVAL_S,
  MIN_PAGE_VIEWS,
  PORT,
  apiOrigin,
  canaryCompositions,
  composedVersion,
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
const BROKEN = '1.2.0-broken';
const page = (path: string) => `http://localhost:${PORT.shell}${path}`;
const opsGet = async (path: string) => {
  const res = await fetch(`${apiOrigin}${path}`, { headers: { authorization: `Bearer ${ADMIN_SECRET}` } });
  expect(res.status).toBe(200);
  return res.json();
};
const isBeacon = (url: string) => new URL(url).pathname.endsWith('/telemetry');

/** A page view of the generated traffic: the mf-news version its page composed, the visitor's bucket, when they left it. */
interface View {
  version: string | null;
  bucket: string | undefined;
  leftAt: number;
}

/**
 * One visitor in Chromium (a new one, or the visitor of the `mf_bucket` cookie) opens the news
 * page and leaves it, as a visitor does: its telemetry sends the page view and failures in a
 * beacon when the page is left (pagehide), or 3 s after it started. With `confirm` the visitor
 * stays until that first beacon has gone (Playwright does not show a beacon sent while a page is
 * left); else they leave as soon as the telemetry runs (`shell:telemetry`), and the returned
 * context is closed later by the caller, so the beacon has all the time it needs.
 * @returns the mf-news version the server composed (from the page data), and the open context
 */
async function visitInBrowser(
  browser: Browser,
  o: { bucket?: string; confirm?: boolean } = {},
): Promise<View & { context: BrowserContext }> {
  const context = await browser.newContext();
  try {
    if (o.bucket) await context.addCookies([{ name: 'mf_bucket', value: o.bucket.replace(/^mf_bucket=/, ''), url: page('/') }]);
    const tab = await context.newPage();
    const beacon = o.confirm ? tab.waitForRequest((r) => isBeacon(r.url()) && r.method() === 'POST', { timeout: 30_000 }) : null;
    const res = await tab.goto(page(NEWS));
    const version = composedVersion((await res?.text()) ?? '');
    await expect(tab.locator('html[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
    await tab.waitForFunction(() => performance.getEntriesByName('shell:telemetry').length > 0, undefined, { timeout: 20_000 });
    await beacon;
    const cookie = (await context.cookies(page('/'))).find((c) => c.name === 'mf_bucket');
    await tab.goto('about:blank'); // pagehide: the page's (last) beacon
    return { version, bucket: cookie ? `mf_bucket=${cookie.value}` : o.bucket, leftAt: Date.now(), context };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/** {@link visitInBrowser} with its beacon confirmed, its context closed. */
async function reportingVisit(browser: Browser, bucket?: string): Promise<View> {
  const { context, ...view } = await visitInBrowser(browser, { bucket, confirm: true });
  await context.close();
  return view;
}

/**
 * Generated traffic: `visitors` new visitors in Chromium at a time, one after another, until
 * `stop()` says so; every page view is appended to `views`.
 */
async function generateTraffic(browser: Browser, o: { visitors: number; stop: () => boolean; views: View[] }): Promise<void> {
  await Promise.all(
    Array.from({ length: o.visitors }, async () => {
      let previous: BrowserContext | undefined;
      try {
        while (!o.stop()) {
          const { context, ...view } = await visitInBrowser(browser);
          await previous?.close();
          previous = context;
          o.views.push(view);
        }
      } finally {
        await previous?.close();
      }
    }),
  );
}

test('a healthy canary at 50 % goes to about half of 100 new visitors, stays with each, shows in the view, and promote makes it 100 %', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  deploy('canary', ENV, 'mf-news', '1.1.0', '--percent', '50');

  const visitors = await Promise.all(Array.from({ length: 100 }, () => visit(NEWS)));
  const canary = visitors.filter((v) => v.version === '1.1.0').length;
  expect(visitors.every((v) => v.version === '1.1.0' || v.version === stableVersion)).toBe(true);
  // Each new visitor's bucket is random: 30–70 of 100 is four standard deviations of a fair coin
  // (a false alarm about once in 10,000 runs; 40–60 failed about once in 30). That the split
  // follows the percentage bucket by bucket is shell/test/canary.test.ts's.
  expect(canary).toBeGreaterThanOrEqual(30);
  expect(canary).toBeLessThanOrEqual(70);
  // each visitor keeps their composition on every page
  for (const v of visitors.slice(0, 20)) {
    for (const path of ['/royal', NEWS, '/royal/news/list/2']) expect((await visit(path, v.cookie)).version).toBe(v.version);
  }

  // in a real browser: the slot hydrates the version the server rendered, on every page of the visit
  const inCanary = visitors.find((v) => v.version === '1.1.0')!;
  const inStable = visitors.find((v) => v.version === stableVersion)!;
  const context = await browser.newContext();
  await context.addCookies([{ name: 'mf_bucket', value: inCanary.cookie!.split('=')[1]!, url: page('/') }]);
  const tab = await context.newPage();
  for (const path of [NEWS, '/royal/news/list/2']) {
    await tab.goto(page(path));
    await expect(tab.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(tab.locator('.remote-slot[data-remote="mf_news"]').first()).toHaveAttribute('data-remote-version', '1.1.0');
  }
  await context.close();

  // both versions' figures, in the JSON view and on the operations page (a visitor of each reports)
  expect((await reportingVisit(browser, inCanary.cookie)).version).toBe('1.1.0');
  expect((await reportingVisit(browser, inStable.cookie)).version).toBe(stableVersion);
  await expect
    .poll(
      async () => {
        const view = await opsGet(`/telemetry/view?environment=${ENV}&window=15m`);
        const news = view.remotes.find((r: { remote: string }) => r.remote === 'mf_news');
        return (news?.versions ?? []).map((v: { version: string }) => v.version).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(['1.1.0', stableVersion].sort());
  const ops = await browser.newPage();
  await ops.goto(page('/royal/operations'));
  await expect(ops.locator('html[data-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
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
  expect((await visit(NEWS, inStable.cookie)).version).toBe('1.1.0');
  expect(history().at(-1)).toMatchObject({ action: 'promote', remote: 'mf_news', from: stableVersion, to: '1.1.0' });
  deploy('use', ENV, 'mf_news', stableVersion); // the next test starts from the stable version again
});

test('a broken canary at 50 % under generated traffic is aborted by itself; then no page composes it', async ({ browser }) => {
  // Production's policy (200 page views) needs about 400 visits: minutes on a small machine.
  test.setTimeout(Math.max(300_000, MIN_PAGE_VIEWS * 3_000));
  deploy('canary', ENV, 'mf-news', BROKEN, '--percent', '50');
  const started = history().at(-1)!.at as string;
  const aborted = () => history().find((e) => e.action === 'abort' && e.from === BROKEN);

  // Generated traffic: four new visitors at a time until the guard has aborted the canary.
  const views: View[] = [];
  const t0 = Date.now();
  const giveUpAt = t0 + Math.max(240_000, MIN_PAGE_VIEWS * 2_500);
  let abort: Record<string, unknown> | undefined;
  const figuresUrl = `/telemetry/figures?environment=${ENV}&remote=mf_news&since=${encodeURIComponent(started)}`;
  // When the telemetry first holds the canary's minimum sample (looked at once a second).
  let sampleAt: number | undefined;
  const watchSample = async () => {
    while (!abort && !sampleAt && Date.now() < giveUpAt) {
      const versions: Array<{ version: string; pageViews: number }> = (await opsGet(figuresUrl)).versions;
      if ((versions.find((v) => v.version === BROKEN)?.pageViews ?? 0) >= MIN_PAGE_VIEWS) sampleAt = Date.now();
      else await new Promise((r) => setTimeout(r, 1000));
    }
  };
  await Promise.all([
    generateTraffic(browser, { visitors: 4, views, stop: () => Boolean((abort ??= aborted())) || Date.now() > giveUpAt }),
    watchSample(),
  ]);
  expect(abort, 'the guard aborted the canary').toBeTruthy();
  expect(abort).toMatchObject({ action: 'abort', remote: 'mf_news', to: stableVersion, auto: true, by: 'canary-guard' });
  expect(String(abort!.reason)).toMatch(/per 1,000 page views/);
  const abortAt = Date.parse(String(abort!.at));

  // its failures were attributed to mf_news and that version
  const figures = await opsGet(figuresUrl);
  const broken = figures.versions.find((v: { version: string }) => v.version === BROKEN);
  const stable = figures.versions.find((v: { version: string }) => v.version === stableVersion);
  expect(broken.pageViews).toBeGreaterThanOrEqual(MIN_PAGE_VIEWS);
  expect(broken.errors).toBeGreaterThan(0);
  expect(broken.fallbacks).toBeGreaterThan(0);
  expect(stable?.errors ?? 0).toBe(0);
  const view = await opsGet(`/telemetry/view?environment=${ENV}&window=15m`);
  const top = view.remotes
    .find((r: { remote: string }) => r.remote === 'mf_news')
    .versions.find((v: { version: string }) => v.version === BROKEN).topErrors;
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

  // after the abort: no new visitor and no visitor who had it gets it any more (the page
  // server's own count of pages composing it stays where it was)
  const composedBefore = await canaryCompositions(BROKEN);
  expect(composedBefore).toBeGreaterThan(0);
  const hadCanary = views.filter((v) => v.version === BROKEN && v.bucket).map((v) => v.bucket!);
  expect(hadCanary.length).toBeGreaterThan(0);
  const afterNew = await Promise.all(Array.from({ length: 30 }, () => visit(NEWS)));
  const afterOld = await Promise.all(hadCanary.map((c) => visit(NEWS, c)));
  expect([...afterNew, ...afterOld].filter((v) => v.version === BROKEN)).toEqual([]);
  expect((await reportingVisit(browser)).version).toBe(stableVersion);
  expect(await canaryCompositions(BROKEN)).toBe(composedBefore);

  // Figures for docs/OPERATIONS.md: first failure → abort, and the share of page views it reached before.
  const firstFailure = Date.parse(broken.firstFailureAt);
  const before = views.filter((v) => v.leftAt <= abortAt);
  const brokenBefore = before.filter((v) => v.version === BROKEN);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `[canary] policy ${MIN_PAGE_VIEWS} page views, a look every ${INTERVAL_S} s; traffic 4 browsers at a time, ` +
      `${(before.length / ((abortAt - t0) / 1000)).toFixed(2)} page views/s. First failure received → abort: ${seconds(abortAt - firstFailure)}` +
      `${sampleAt ? `; the canary's ${MIN_PAGE_VIEWS} page views received (seen within 1 s) → abort: ${seconds(abortAt - sampleAt)}` : ''}. ` +
      `Before the abort ${before.length} page views, ${brokenBefore.length} (${((brokenBefore.length / Math.max(1, before.length)) * 100).toFixed(0)} %) composed the broken canary; ` +
      `telemetry when the traffic stopped: ${broken.pageViews} canary page views, ${broken.errors} errors, ${broken.fallbacks} fallbacks. Guard: ${String(abort!.reason)}`,
  );
});

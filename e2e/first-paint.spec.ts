/**
 * What the first paint does not need waits (docs/PERFORMANCE.md): the worker registers at the first
 * input or about 5 s after load, react-toastify loads with the first toast, the founder pack when
 * its section nears the viewport, with a click made before it is in replayed.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiBase, openPage } from './fixtures';
import { waitForWorker } from './shell-helpers';

// Service workers are blocked by default (playwright.config.ts), so a worker never answers the
// mocked requests of a suite that keeps that default; this suite allows them.
test.use({ serviceWorkers: 'allow' });

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
  // A route handler still fetching a script when its test ends would reject ("Test ended") and be
  // reported as an error of the next test on the worker: each test drops its routes, handlers in
  // flight included, before it ends.
  test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

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
      // A fetch cut off by the end of the test rejects: the request is let through, if it still can be.
      const res = await route.fetch().catch(() => null);
      if (res === null) return route.continue().catch(() => undefined);
      // Playwright can dispose a fetched response before it is read (seen once on a busy machine):
      // the script is passed on unread; were it the founder pack's, `requested` stays false and
      // the test fails below.
      const body = await res.text().catch(() => null);
      if (body === null) return route.continue().catch(() => undefined);
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

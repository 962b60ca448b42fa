/**
 * Interactive at once on a phone (docs/PERFORMANCE.md "Interactive at once"): the header's
 * controls answer a player's first tap whatever the remotes do, and a tap made while the page is
 * still hydrating is not lost.
 */
import { expect, test } from '@playwright/test';
import { ports } from './fixtures';

test.use({ serviceWorkers: 'block' });

test("with a remote's origin refused, the header's language switch opens within 1 s of the load event", async ({ page }) => {
  await page.route(`http://localhost:${ports.news}/**`, (route) => route.abort('connectionrefused'));
  // In-page clock: the player's click on the switch and the moment the switch says it is open.
  await page.addInitScript(() => {
    const w = window as unknown as { __switch: { clickAt?: number; openedAt?: number } };
    w.__switch = {};
    window.addEventListener(
      'click',
      (e) => {
        if (e.isTrusted && (e.target as Element).closest?.('[data-testid="switcher-toggle"]')) w.__switch.clickAt ??= e.timeStamp;
      },
      { capture: true },
    );
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="switcher-toggle"][aria-expanded="true"]')) w.__switch.openedAt ??= performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
  });
  await page.goto('/royal/news', { waitUntil: 'load' });
  await page.getByTestId('switcher-toggle').click();
  await expect(page.getByTestId('lang-pl')).toBeVisible();
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const live = performance.getEntriesByName('shell:live')[0]?.startTime ?? Infinity;
    return { loadAt: nav.loadEventStart, live, ...(window as unknown as { __switch: { clickAt: number; openedAt: number } }).__switch };
  });
  // The shell's controls were live within 1 s of load, whatever the remote's retries do …
  expect(t.live - t.loadAt).toBeLessThan(1000);
  // … and the click (made as soon as the test could after load) opened the switch within 1 s of
  // load, or of the click when the test's own click came later than that.
  expect(t.openedAt - Math.max(t.loadAt, t.clickAt)).toBeLessThan(1000);
});

test('a click on "Log in" made while the page is still hydrating opens the login form', async ({ page }) => {
  // The page's code after the entry chunk arrives late: the server's HTML shows, the entry chunk
  // runs, the rest of the shell (and React) is still on its way when the player taps.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!main\.)[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/royal', { waitUntil: 'domcontentloaded' });
  const login = page.getByTestId('login-button');
  await expect(login).toBeVisible();
  await login.click();
  expect(
    await page.evaluate(() => [document.getElementById('root')?.dataset.render ?? null, document.documentElement.dataset.ready ?? null]),
  ).toEqual([null, null]);
  release();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Log in' })).toBeVisible();
  // One replay: the form stays open, and later clicks go straight to the page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await login.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

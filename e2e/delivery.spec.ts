/**
 * Independent delivery, in one run against real builds:
 *   - environments A and B serve the same shell build with different versions of one remote
 *     (mf-news 1.0.0 from the tree, 1.1.0 built by `deploy.mjs build --version 1.1.0` into the e2e
 *     build cache before the suite: the remote's package.json and sources are never changed),
 *   - a tester override switches A to 1.1.0 for one browser only, with a badge and a one-click reset,
 *   - production ignores overrides,
 *   - a remote whose contract major differs shows the fallback; `deploy.mjs rollback` repairs it,
 *   - a remote built against another React major is reported in the console, not duplicated.
 * The builds are made once before the suite (e2e/delivery-builds.ts); the static host and the
 * environments are set up by e2e/delivery-world.ts.
 */
import { expect, test } from '@playwright/test';
import {
  EXTRA,
  TARGET,
  deploy,
  foreignManifest,
  inTreeVersion,
  overrideQuery,
  port,
  renderedVersion,
  slotOf,
  startDelivery,
  stopDelivery,
  trackRemoteVersions,
} from './delivery-world';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await startDelivery();
});

test.afterAll(() => stopDelivery());

test(`environments A and B compose different versions of ${TARGET.folder} with the same shell build`, async ({ browser }) => {
  const shellScripts: string[][] = [];
  for (const [env, expected] of [
    ['a', inTreeVersion],
    ['b', '1.1.0'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const versions = trackRemoteVersions(page);
    await page.goto(`http://localhost:${port[env]}${TARGET.page}`);
    await expect(page.getByTestId('header')).toBeVisible();
    expect(await renderedVersion(page)).toBe(expected);
    expect([...versions]).toEqual([expected]); // every file of the remote came from that version's folder
    await expect(page.getByTestId('override-badge')).toHaveCount(0);
    // The page's own script tags; chunks the bundler adds later (`data-rspack`, e.g. the worker
    // registration loaded after the page) depend on timing, not on the build.
    shellScripts.push(
      await page
        .locator('script[src]:not([data-rspack])')
        .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).getAttribute('src')!).filter((s) => s.includes('/assets/'))),
    );
    await context.close();
  }
  expect(shellScripts[0]!.length).toBeGreaterThan(0);
  expect(shellScripts[1]).toEqual(shellScripts[0]);
});

test('a tester pins A to 1.1.0 for their browser only, sees the badge and resets it in one click', async ({ browser }) => {
  const tester = await browser.newContext();
  const page = await tester.newPage();
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.0')}`);
  expect(await renderedVersion(page)).toBe('1.1.0');
  const badge = page.getByRole('complementary', { name: 'Test versions in this browser' });
  await expect(badge).toBeVisible();
  await expect(badge.getByTestId(`override-${TARGET.name}`)).toHaveText(`${TARGET.name} 1.1.0`);

  await page.goto(`http://localhost:${port.a}/royal/bets-rules`); // kept for this tab's session
  await page.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe('1.1.0');

  // another tab of the same browser: the override lasted for that tab's session only …
  const secondTab = await tester.newPage();
  await secondTab.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(secondTab)).toBe(inTreeVersion);
  await expect(secondTab.getByTestId('override-badge')).toHaveCount(0);
  // … until the tester confirms "Keep"
  await badge.getByRole('button', { name: 'Keep these test versions after this browser session' }).click();
  await expect(badge.getByText('Kept in this browser')).toBeVisible();
  await secondTab.reload();
  expect(await renderedVersion(secondTab)).toBe('1.1.0');
  await secondTab.close();

  const someoneElse = await browser.newContext();
  const other = await someoneElse.newPage();
  await other.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(other)).toBe(inTreeVersion);
  await expect(other.getByTestId('override-badge')).toHaveCount(0);
  await someoneElse.close();

  await badge.getByRole('button', { name: 'Reset test versions and reload' }).click();
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  expect(page.url()).not.toContain('mf_override');
  expect(await page.evaluate(() => localStorage.getItem('mf-overrides'))).toBeNull();
  await tester.close();
});

test('an override from an untrusted origin loads nothing, now or on a later visit', async ({ browser }) => {
  expect((await fetch(foreignManifest)).ok).toBe(true); // it is a real manifest: only the guard stops it
  const context = await browser.newContext();
  const page = await context.newPage();
  const foreign: string[] = [];
  page.on('request', (r) => r.url().startsWith(`http://127.0.0.1:${EXTRA}/`) && foreign.push(r.url()));
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.0', foreignManifest)}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  await expect(page.getByTestId('override-refused')).toHaveText(`Refused: http://127.0.0.1:${EXTRA} is not a trusted origin`);
  expect(await page.evaluate(() => [localStorage.getItem('mf-overrides'), sessionStorage.getItem('mf-overrides')])).toEqual([null, null]);

  // a later visit, even with the override planted in localStorage by an older shell
  await page.evaluate((url) => localStorage.setItem('mf-overrides', JSON.stringify({ mf_news: url })), foreignManifest);
  await page.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  expect(await page.evaluate(() => localStorage.getItem('mf-overrides'))).toBeNull();
  expect(foreign).toEqual([]);
  await context.close();
});

test('production ignores tester overrides, even when its config.json trusts the origin', async ({ page }) => {
  const config = await (await fetch(`http://localhost:${port.prod}/config.json`)).json();
  expect(config).toMatchObject({ production: true, trustedRemoteOrigins: [] });
  await page.goto(`http://localhost:${port.prod}${TARGET.page}${overrideQuery('1.1.0')}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
});

test('a remote with another contract major shows the fallback; rollback brings the previous version back', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  deploy('use', 'b', TARGET.name, '2.0.0');
  await page.goto(`http://localhost:${port.b}${TARGET.page}`);
  const slot = slotOf(page);
  await expect(slot.getByTestId('remote-fallback')).toBeVisible();
  await expect(slot.getByText('This section is temporarily unavailable')).toBeVisible();
  await expect(TARGET.rendered(slot)).toHaveCount(0);
  await expect(slot).toHaveAttribute('data-remote-version', '2.0.0');
  expect(errors.join('\n')).toContain('has contract major 2, the shell needs 1');
  // the rest of the page keeps working
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  await page.getByRole('link', { name: 'Bets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/royal\/bets$/);

  expect(deploy('rollback', 'b', TARGET.name)).toContain('rolled back 2.0.0 → 1.1.0');
  await page.goto(`http://localhost:${port.b}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe('1.1.0');
});

test('a remote built against another React major is reported in the console and still uses the shell singleton', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.1-react18')}`);
  // it renders with hooks, so it runs on the shell's React: a second copy would break it
  expect(await renderedVersion(page)).toBe('1.1.0');
  expect(errors.join('\n')).toMatch(
    new RegExp(`\\[remotes\\] ${TARGET.name} was built with react@18\\.3\\.1, the shell provides 19\\.\\d+\\.\\d+ \\(another major\\)`),
  );
  // the composition status page (linked from the badge) shows the same mismatch on the remote's card
  await page.getByTestId('override-status-link').click();
  const card = page.getByTestId(`composition-${TARGET.name}`);
  await expect(card).toContainText('test version');
  await expect(card.locator('tr[data-mismatch] th')).toHaveText(['react']);
  await expect(page.getByTestId('composition-summary')).toContainText('1 shared package of another major');
  await page.getByTestId('override-badge').getByRole('button', { name: 'Reset test versions and reload' }).click();
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
});

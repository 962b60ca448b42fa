/**
 * Interactive at once on a phone (docs/performance/history/2026-11-rounds.md "Interactive at once"): the header's
 * controls answer a player's first tap whatever the remotes do, and a tap made while the page is
 * still hydrating is not lost.
 */
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { apiBase, ports } from './fixtures';

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

/**
 * What /royal fetches up to 2 s after its load event: the scripts that hold axios (its
 * `AxiosHeaders` class) and the API calls (fetch and XHR requests to the API; images the API
 * serves, such as the pictures of articles other specs published, are not calls).
 */
async function watchRoyal(page: Page): Promise<{ axiosScripts: string[]; apiCalls: string[] }> {
  const axiosScripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    const call = req.resourceType() === 'fetch' || req.resourceType() === 'xhr';
    if (call && req.url().startsWith(`http://localhost:${ports.api}/`)) apiCalls.push(`${req.method()} ${req.url()}`);
  });
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const text = await res.text().catch(() => '');
    if (text.includes('AxiosHeaders')) axiosScripts.push(res.url());
  });
  await page.goto('/royal', { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  return { axiosScripts, apiCalls };
}

test('/royal loads no axios and calls no API, for a visitor and for a logged-in player (the API client loads axios on its first request)', async ({
  page,
  context,
}) => {
  const visitor = await watchRoyal(page);
  await expect(page.getByTestId('login-button')).toBeVisible();
  expect(visitor).toEqual({ axiosScripts: [], apiCalls: [] });

  // A logged-in player, as mf-auth's login leaves the browser: the server confirmed the session
  // when it rendered the page, so the browser does not ask GET /auth/me again.
  const api = await playwrightRequest.newContext();
  const csrf = await api.get(`${apiBase('royal')}/csrf`);
  const xsrf = csrf.headers()['set-cookie']?.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
  const res = await api.post(`${apiBase('royal')}/auth/login`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { login: 'demo', password: 'Demo-Goal-2026', fingerprint: 'demo-device' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await res.json()) as { token: string; uid: string; expiresAt: string };
  await api.dispose();
  const shell = `http://localhost:${ports.shell}`;
  await context.addCookies([
    { name: 'auth.royal._token.local', value: session.token, url: shell },
    { name: 'auth.royal._token.uid', value: session.uid, url: shell },
    { name: 'auth.royal._token.expiration', value: session.expiresAt, url: shell },
  ]);
  await page.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('uid', s.uid);
    localStorage.setItem('expiration', s.expiresAt);
  }, session);
  const player = await watchRoyal(page);
  await expect(page.getByTestId('play-now')).toBeVisible();
  expect(player).toEqual({ axiosScripts: [], apiCalls: [] });
});

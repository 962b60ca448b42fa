import { expect, test } from '@playwright/test';
import { apiBase, openPage, ports, storeState } from './fixtures';

test.describe('home page', () => {
  test('shows live stats and the leaderboard remote from the API', async ({ page, request }) => {
    const stats = await (await request.get(`${apiBase('royal')}/stats`)).json();
    const board = await (await request.get(`${apiBase('royal')}/leaderboard?limit=10`)).json();
    await openPage(page, '/royal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('stat-registeredUsers')).toHaveAttribute('data-value', String(stats.users));
    await expect(page.getByTestId('stat-numberOfTeams')).toHaveAttribute('data-value', String(stats.teams));
    await expect(page.getByTestId('stat-registeredUsers')).toHaveText(new Intl.NumberFormat('en-US').format(stats.users), {
      timeout: 8000,
    });
    const leaderboard = page.getByTestId('leaderboard');
    await expect(leaderboard.getByText(board.ranking[0].nickname, { exact: true })).toBeVisible();
    await leaderboard.getByRole('tab', { name: 'Teams' }).click();
    await expect(leaderboard.getByText(board.ranking_teams[0].name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('landing-header-code')).toBeVisible();
  });

  test('header: scrolled state past 20 px, bets sections highlighted, burger menu on mobile', async ({ page }) => {
    await openPage(page, '/royal');
    const header = page.getByTestId('header');
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveClass(/is-scrolled/);
    for (const path of ['/royal/bets-ranking', '/royal/bets-rules']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'Bets', exact: true })).toHaveClass(/is-active/);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await openPage(page, '/royal'); // interactive: the outside-click listener is attached at hydration
    const burger = page.getByTestId('burger');
    await burger.click();
    await expect(header).toHaveClass(/is-menu-open/);
    await page.getByRole('heading', { level: 1 }).click({ force: true }); // outside click closes
    await expect(header).not.toHaveClass(/is-menu-open/);
    await burger.click();
    await page.getByRole('link', { name: 'News', exact: true }).click();
    await expect(header).not.toHaveClass(/is-menu-open/);
    await expect(page).toHaveURL(/\/royal\/news$/);
  });
});

test.describe('route normalisation (spec §2)', () => {
  const cases: Array<[string, RegExp]> = [
    ['/us?partner=abc', /\/royal\?partner=abc$/],
    ['/s1/join/p/abc', /\/royal\/join\/p\/abc$/],
    ['/ru?ref_id=77', /\/royal\?ref_id=77$/],
    ['/ru/join/ref/77', /\/royal\/join\/ref\/77$/],
    ['/xyz', /\/royal$/],
  ];
  for (const [from, to] of cases) {
    test(`${from} redirects`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByTestId('header')).toBeVisible();
    });
  }

  test('an unknown server goes to the remembered server', async ({ page, context }) => {
    await context.addCookies([{ name: 'ft-lang-last-locale', value: 'pl', url: `http://localhost:${ports.shell}` }]);
    await page.goto('/nope');
    await expect(page).toHaveURL(/\/pl$/);
  });

  test('a known server becomes selectedServer, partner params are captured', async ({ page }) => {
    await openPage(page, '/classic?partner=p42&click_id=c9');
    expect(await storeState(page, 'selectedServer')).toBe('classic');
    expect(await storeState(page, 'availableRegisterParams')).toMatchObject({ partner: 'p42', click_id: 'c9' });
  });

  test('unmatched routes and invalid parameters give the 404 pages', async ({ page }) => {
    await page.goto('/royal/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found: /royal/this/does/not/exist' })).toBeVisible();
    await page.goto('/royal/news/list/abc');
    await expect(page.getByRole('heading', { name: 'Page Not Found: /royal/news/list/abc' })).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
  });

  test('choosing a server stores it and goes to its landing', async ({ page, context }) => {
    await openPage(page, '/royal');
    await page.getByTestId('switcher-toggle').click();
    await expect(page.getByText('Central Europe')).toBeVisible();
    await page.getByTestId('server-pl').click();
    await expect(page).toHaveURL(/\/pl$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'ft-lang-last-locale');
    expect(cookie?.value).toBe('pl');
    expect(await storeState(page, 'selectedServer')).toBe('pl');
  });
});

test.describe('language', () => {
  test('switching writes i18n_redirected for 365 days, X-Lang follows, remotes and API texts re-render', async ({
    page,
    context,
    request,
  }) => {
    const germanBanner = (await (await request.get(`${apiBase('royal')}/landing`, { headers: { 'X-Lang': 'de' } })).json())
      .landing_header_code as string;
    await openPage(page, '/royal');
    const leaderboardTitle = page.getByTestId('leaderboard').getByRole('heading', { level: 2 });
    await expect(leaderboardTitle).toHaveText('Leaderboard');
    const banner = page.getByTestId('landing-header-code');
    await expect(banner).not.toHaveText(germanBanner);
    await page.getByTestId('switcher-toggle').click();
    await page.getByTestId('lang-de').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(leaderboardTitle).not.toHaveText('Leaderboard');
    // what came from the API in the old language is fetched again (the landing banner)
    await expect(banner).toHaveText(germanBanner);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // The reload is server-rendered in German (the cookie), with no API call from the browser …
    const response = await page.reload();
    expect(await response!.text()).toMatch(/<html lang="de">/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(leaderboardTitle).toHaveText('Rangliste');
    // … and the browser's own calls say X-Lang: de.
    const apiRequest = page.waitForRequest((r) => r.url().startsWith(`${apiBase('royal')}/news`));
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    expect((await apiRequest).headers()['x-lang']).toBe('de');
  });
});

test.describe('module federation', () => {
  test('host and remotes share one store instance', async ({ page }) => {
    await openPage(page, '/royal/bets');
    const bets = page.getByTestId('bets-page');
    await expect(bets).toBeVisible();
    // remote → host → another remote: mf-bets asks for the login form through the store, the
    // shell sees the flag and renders mf-auth's modal
    await bets.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await storeState<{ authForm: boolean }>(page, 'modals')).toMatchObject({ authForm: true });
    await page.keyboard.press('Escape');
    // host → remote: a user set through the host's store is what the remote renders
    await page.evaluate(() => {
      const store = (window as unknown as { __LANDING_STORE__: { setState: (s: object) => void } }).__LANDING_STORE__;
      store.setState({ userData: { id: '999999', nickname: 'SingletonProbe', ovr: 50, server: 'royal' } });
    });
    await expect(page.getByTestId('my-summary')).toContainText('SingletonProbe');
  });

  test('a remote that is down leaves the rest of the site working', async ({ page }) => {
    await page.route(`http://localhost:${ports.leaderboard}/**`, (route) => route.abort('connectionrefused'));
    await openPage(page, '/royal');
    // The leaderboard is below the fold: its code loads when the reader gets there.
    await page.locator('.remote-slot[data-remote="mf_leaderboard"]').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('remote-fallback')).toContainText('This section is temporarily unavailable');
    await expect(page.getByTestId('stats')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await page.getByTestId('switcher-toggle').click();
    await page.getByTestId('lang-pl').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await page
      .getByRole('link', { name: /News|Aktualności|Wiadomości/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/royal\/news$/);
  });

  // A remote the browser cannot reach on the page it renders: the header's switch answers the
  // first click, made as soon as the page has loaded, while the slot's retries still run.
  const downCases = [
    // the steps of a tester's report: other pages first, then the remote's page again
    { remote: 'news', failure: 'refused', steps: ['/royal/news', '/royal', '/royal/bets', '/royal/join', '/royal/news'] },
    { remote: 'news', failure: 'HTTP 500', steps: ['/royal/news'] },
    { remote: 'auth', failure: 'refused', steps: ['/royal/join'] },
    { remote: 'bets', failure: 'refused', steps: ['/royal/bets'] },
  ] as const;
  for (const { remote, failure, steps } of downCases) {
    test(`mf-${remote} ${failure} on ${steps.at(-1)}: the language switch opens on the first click and changes the language`, async ({
      page,
    }) => {
      await page.route(`http://localhost:${ports[remote]}/**`, (route) =>
        failure === 'refused' ? route.abort('connectionrefused') : route.fulfill({ status: 500, body: 'down' }),
      );
      for (const path of steps) await page.goto(path);
      const toggle = page.getByTestId('switcher-toggle');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('lang-en')).toBeVisible();
      await page.getByTestId('lang-pl').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
      await expect(page.getByTestId('remote-fallback')).toContainText('Ta sekcja jest chwilowo niedostępna', { timeout: 20_000 });
      await expect(page.getByTestId('footer')).toBeVisible();
      await expect(page.locator('html[data-ready="true"]')).toBeAttached();
    });
  }

  test('a remote that never answers holds back neither the header nor the language switch', async ({ page }) => {
    // The manifest of mf-news never comes: the slot keeps its server HTML, the shell hydrates anyway.
    await page.route(`http://localhost:${ports.news}/**/mf-manifest.json`, () => undefined);
    await page.goto('/royal/news');
    await expect(page.getByTestId('news-card').first()).toBeVisible();
    const toggle = page.getByTestId('switcher-toggle');
    await expect(async () => {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId('lang-pl').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByTestId('header').getByRole('link', { name: 'Aktualności' })).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
  });
});

test.describe('API errors (spec §8)', () => {
  // The first page comes from the server with its data; the browser's own calls (here: the
  // news list after a click) go through the shared client and its §8 catalogue.
  test('an error answer is shown as a toast with its message', async ({ page }) => {
    await openPage(page, '/royal');
    await page.route(`${apiBase('royal')}/news?*`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal', message: 'News are resting' }),
      }),
    );
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'News are resting' })).toBeVisible();
    await expect(page.getByTestId('header')).toBeVisible();
  });

  test('503 shows the technical-break page', async ({ page }) => {
    await openPage(page, '/royal');
    await page.route(`${apiBase('royal')}/news?*`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'TECHNICAL_BREAK', message: 'Technical break is in progress' }),
      }),
    );
    await page.getByRole('link', { name: 'News', exact: true }).first().click();
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Technical break is in progress' })).toBeVisible();
  });
});

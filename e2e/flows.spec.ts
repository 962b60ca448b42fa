/**
 * Flows from `npm start`: the Terms and Privacy PDFs; the affiliate page and "Play on other
 * servers"; the locked server of the switcher; the weekly Top 3 dates in the server's time zone;
 * the registration's account rules; the mobile layout at 390 px. Accessibility and keyboard-only
 * runs have suites of their own; the social popup against the local provider is in auth-social.spec.ts.
 */
import { expect, test, type Locator } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';
import { keyboardLogIn, settle } from './flow-helpers';
import { SHELL, dismissNotices } from './shell-helpers';

test.describe('documents, links and servers', () => {
  test('the Terms and Privacy PDFs are served, in the interface language', async ({ page, context, request }) => {
    for (const path of [
      '/documents/terms-and-conditions.pdf',
      '/documents/privacy-policy.pdf',
      '/documents/pl/terms-and-conditions.pdf',
      '/documents/tr/privacy-policy.pdf',
    ]) {
      const res = await request.get(`${SHELL}${path}`);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('application/pdf');
      expect((await res.body()).subarray(0, 5).toString('latin1'), path).toBe('%PDF-');
    }
    await settle(context, 'pl');
    await openPage(page, '/royal');
    const footer = page.getByTestId('footer');
    await expect(footer.getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/documents/pl/terms-and-conditions.pdf');
    await expect(footer.getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/documents/pl/privacy-policy.pdf');
    const pdf = await request.get(`${SHELL}${await footer.getByRole('link', { name: 'Regulamin' }).getAttribute('href')}`);
    expect((await pdf.body()).toString('latin1')).toContain('/Lang (pl)');
  });

  test('Affiliate leads to the page that explains partner and referral links; "Play on other servers" to its server list', async ({
    page,
    context,
  }) => {
    await settle(context);
    await openPage(page, '/royal');
    await page.getByTestId('header').getByRole('link', { name: 'Affiliate' }).click();
    await expect(page).toHaveURL(/\/royal\/affiliate$/);
    await expect(page.getByTestId('affiliate-partner')).toContainText(`${SHELL}/royal/join/p/your-site`);
    await expect(page.getByTestId('affiliate-referral')).toContainText(`${SHELL}/royal/join/ref/12345`);
    await keyboardLogIn(page, 'demo');
    await openPage(page, '/royal/affiliate');
    // The server sends the field empty (every player shares its render); the page fills in the whole link once hydrated.
    const ownLink = page.getByTestId('own-referral-link');
    await expect(ownLink).toHaveValue(new RegExp(`^${SHELL}/royal/join/ref/[A-Za-z0-9_-]+$`));
    const own = await ownLink.inputValue();
    // The link works: the registration page says who invited.
    await page.getByTestId('logout-button').click();
    await page.goto(own);
    await expect(page.getByTestId('join-referral')).toBeVisible();

    await page.getByTestId('switcher-toggle').click();
    await page.getByTestId('other-servers').click();
    await expect(page).toHaveURL(/\/royal\/affiliate#servers$/);
    await expect(page.getByTestId('affiliate-servers')).toBeInViewport();
    await expect(page.getByTestId('affiliate-server-us')).toContainText('Locked: not open yet');
    await page.getByRole('link', { name: 'Play on Legacy' }).click();
    await expect(page).toHaveURL(/\/pl$/);
  });

  test('the switcher shows the locked server from the API dimmed with a lock; it cannot be chosen', async ({ page, context, request }) => {
    const { servers } = (await (await request.get(`${apiBase('royal')}/servers`)).json()) as {
      servers: Array<{ value: string; status: string }>;
    };
    expect(servers.find((s) => s.value === 'us')?.status).toBe('locked');
    await settle(context);
    await openPage(page, '/royal');
    await page.getByTestId('switcher-toggle').click();
    const locked = page.getByTestId('server-us');
    await expect(locked).toBeDisabled();
    await expect(locked).toHaveClass(/is-locked/);
    await expect(locked.getByTestId('lock-icon')).toBeVisible();
    expect(Number(await locked.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    await locked.click({ force: true });
    await expect(page).toHaveURL(/\/royal$/);
    await expect(page.getByTestId('server-pl')).toBeEnabled();
  });
});

// Scroll positions are kept per history entry (react-router); the first page of every document
// load shares the key `default`, which must not carry one page's scroll into another. A
// server-rendered first page is left where the browser scrolled it (shell/src/layout/scroll-restoration.ts).
test('a page opened after reading far down another starts at its top; Back returns to where the reader was', async ({ page, context }) => {
  await dismissNotices(context);
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  // What the reader sees: the first section below the sticky header, and how far down the
  // viewport it starts (px). Compared instead of scrollY: a web font that is cached on the second
  // load wraps the hero's title differently, and the browser restores the same content.
  const inView = () =>
    page.evaluate(() => {
      const sections = [...document.querySelectorAll('main section')];
      const index = sections.findIndex((s) => s.getBoundingClientRect().bottom > 100);
      return { index, top: Math.round(sections[index]!.getBoundingClientRect().top) };
    });
  await openPage(page, '/royal');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(scrollY).toBe(1500);
  const reading = await inView();
  await openPage(page, '/royal/affiliate'); // a new document in the same tab
  await expect.poll(scrollY).toBe(0);
  await page.reload();
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page.locator('html[data-ready="true"]')).toBeAttached();
  await expect.poll(inView).toEqual(reading);
  // Held there once the page is live and its slots have loaded: nothing scrolls it again.
  await page.waitForTimeout(1000);
  expect(await inView()).toEqual(reading);
  // A new visit of the page read earlier starts at its top.
  await openPage(page, '/royal/affiliate');
  await openPage(page, '/royal');
  await page.waitForTimeout(1000);
  expect(await scrollY()).toBe(0);
});

test.describe('weekly Top 3 dates', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("Monday to Sunday, day-month-year, in the server's time zone whatever the visitor's", async ({ page, context, request }) => {
    const { week } = (await (await request.get(`${apiBase('royal')}/leaderboard?limit=3`)).json()) as {
      week: { start: string; end: string; time_zone: string };
    };
    expect(week.time_zone).toBe('Europe/Istanbul');
    const day = (iso: string | number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' })
        .format(new Date(iso))
        .replaceAll('/', '-');
    const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', weekday: 'long' }).format(new Date(week.start));
    expect(weekday).toBe('Monday');
    await settle(context, 'de');
    await openPage(page, '/royal');
    // The leaderboard is below the fold: when the server could not render it in time, its code loads when the reader gets there.
    await page.locator('.remote-slot[data-remote="mf_leaderboard"]').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('leaderboard')).toContainText(`${day(week.start)} – ${day(new Date(week.end).getTime() - 1)}`);
  });
});

test('registration: an overlong player name is refused with a message, kept as typed; eight spaces are no password', async ({
  page,
  context,
}) => {
  await settle(context);
  await openPage(page, '/royal/join');
  const form = page.getByTestId('register-form');
  await form.getByTestId('register-nickname').fill('TheGreatestStrikerEver99');
  await form.getByTestId('register-email').fill('striker@example.org');
  await form.getByTestId('register-password').fill('        ');
  await form.getByTestId('register-terms').check();
  await form.getByTestId('register-submit').click();
  await expect(form.getByText('The player name can have at most 20 characters')).toBeVisible();
  await expect(form.getByText('The password cannot consist of spaces only')).toBeVisible();
  await expect(form.getByTestId('register-nickname')).toHaveValue('TheGreatestStrikerEver99');
});

test.describe('mobile, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lang of ['ru', 'pl', 'de', 'fr'] as const) {
    test(`bets (${lang}): team names break between words only, every match filter and every tab is on screen`, async ({
      page,
      context,
    }) => {
      await settle(context, lang);
      await openPage(page, '/royal/bets');
      await expect(page.getByRole('article').first()).toBeVisible();
      const brokenWords = await page.locator('.bt-team__name').evaluateAll((names) =>
        names.flatMap((el) => {
          const node = el.firstChild;
          if (!node || node.nodeType !== Node.TEXT_NODE) return [];
          const text = (node as Text).data;
          const out: string[] = [];
          let at = 0;
          for (const word of text.split(' ')) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`${text} (${word})`);
            at += word.length + 1;
          }
          if (el.scrollWidth > el.clientWidth + 1) out.push(`${text} overflows`);
          return out;
        }),
      );
      expect(brokenWords).toEqual([]);
      for (const filter of await page
        .getByRole('group')
        .filter({ has: page.locator('.bt-filter') })
        .locator('.bt-filter')
        .all()) {
        const box = (await filter.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // Bet matches, Ranking and Rules share one row: none is cut off or behind a sideways scroll.
      const tabs = page.locator('.bt-tabs');
      expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      for (const tab of await tabs.getByRole('link').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    });
  }

  for (const lang of ['ru', 'en'] as const) {
    test(`no page scrolls sideways (${lang}): the document is at most 390 px wide`, async ({ page, context }) => {
      test.setTimeout(150_000);
      await settle(context, lang);
      const pages: Array<[string, Locator]> = [
        ['/royal', page.getByTestId('founder-pack')],
        ['/royal/news', page.getByTestId('news-card').first()],
        ['/royal/news/poll-favourite-formation', page.getByTestId('news-poll')],
        ['/royal/bets', page.getByRole('article').first()],
        ['/royal/bets-ranking', page.getByTestId('ranking-table')],
        ['/royal/bets-rules', page.getByTestId('rules-points')],
        ['/royal/join', page.getByTestId('register-form')],
        ['/royal/affiliate', page.getByTestId('affiliate-page')],
        ['/royal/account-activation#token=unknown-token-0123456789', page.getByTestId('activation-account')],
        ['/royal/no-such-page', page.getByTestId('not-found')],
      ];
      for (const [path, ready] of pages) {
        await test.step(path, async () => {
          await openPage(page, path);
          await expect(ready).toBeVisible();
        });
        const overflow = await page.evaluate(() => ({
          width: document.scrollingElement!.scrollWidth,
          past: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest('[aria-hidden="true"], .hero__bg'))
            .slice(0, 5)
            .map((el) => `${el.localName}.${String(el.getAttribute('class') ?? '')}`),
        }));
        expect(overflow.width, `${lang} ${path}: past the edge: ${overflow.past.join(', ')}`).toBeLessThanOrEqual(390);
      }
    });
  }

  test('the open menu covers the page: opaque panel over a dimmed backdrop that closes it', async ({ page, context }) => {
    await settle(context, 'ru');
    await openPage(page, '/royal');
    await page.getByTestId('burger').click();
    const nav = page.locator('#main-nav');
    await expect(nav).toBeVisible();
    const bg = await nav.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toMatch(/^rgb\(/); // rgb(), not rgba(): nothing shows through
    const backdrop = page.getByTestId('menu-backdrop');
    await expect(backdrop).toBeVisible();
    await backdrop.click({ position: { x: 200, y: 600 } });
    await expect(nav).toBeHidden();
  });

  test('the open language and server switch lies on the screen, and a page-wide fallback keeps the side gutter', async ({
    page,
    context,
  }) => {
    await settle(context, 'ru');
    await page.route(`http://localhost:${ports.news}/**`, (route) => route.abort('connectionrefused'));
    await openPage(page, '/royal/news');
    const fallback = (await page.getByTestId('remote-fallback').boundingBox())!;
    expect(fallback.x).toBeGreaterThanOrEqual(16);
    expect(fallback.x + fallback.width).toBeLessThanOrEqual(390 - 16);
    await page.getByTestId('switcher-toggle').click();
    const panel = (await page.getByTestId('switcher-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('lang-pl')).toBeInViewport();
    await expect(page.getByTestId('lang-tr')).toBeInViewport();
  });

  test('a first visit shows one notice at a time, compactly', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'pl', url: SHELL }]);
    await openPage(page, '/royal');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('age-notice')).toHaveCount(0);
    expect((await banner.boundingBox())!.height).toBeLessThan(844 * 0.3);
    await page.getByTestId('cookie-accept').click();
    const age = page.getByTestId('age-notice');
    await expect(age).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect((await age.boundingBox())!.height).toBeLessThan(844 * 0.3);
  });
});

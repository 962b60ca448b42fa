/**
 * Every flow from `npm start`: accessibility (axe, WCAG 2.2 AA, every locale) and
 * keyboard-only runs of login, register, vote and bet; the Terms and Privacy PDFs; the affiliate
 * page and "Play on other servers"; the locked server of the switcher; the weekly Top 3 dates in
 * the server's time zone; the registration's account rules; the mobile layout at 390 px.
 * (The social popup against the local provider is in auth.spec.ts.)
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_SECRET, apiBase, openPage, ports } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;
const LOCALES = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'] as const;
const DEMO_PASSWORD = 'Demo-Goal-2026';
/** WCAG 2.0–2.2 A and AA rules of axe. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });

/** Language cookie; cookie banner and age notice answered; the demo accounts' trusted device. */
async function settle(context: BrowserContext, lang = 'en'): Promise<void> {
  await context.addCookies([
    { name: 'i18n_redirected', value: lang, url: SHELL },
    { name: 'cookie_consent', value: 'all', url: SHELL },
    { name: 'FT-fingerprint', value: 'demo-device', url: SHELL },
  ]);
  await context.addInitScript(() => window.localStorage.setItem('landing-age-notice', '1'));
}

/** Serious and critical axe violations of the page, as "rule: target" lines (empty = none). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** Presses Tab until `target` has the focus (keyboard-only: no clicks), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  const element = (await target.elementHandle())!;
  for (let i = 0; i < max; i++) {
    if (await element.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(`not reachable with Tab in ${max} presses: ${target} (focus is on ${focused})`);
}

/** Moves to a tab of a tab list with the keyboard (WAI-ARIA tabs: Tab reaches the selected one, arrows move). */
async function chooseTab(page: Page, scope: Locator, name: string): Promise<void> {
  await tabTo(page, scope.getByRole('tab', { selected: true }));
  for (let i = 0; i < 4 && !(await scope.getByRole('tab', { name, selected: true }).count()); i++) await page.keyboard.press('ArrowRight');
  await expect(scope.getByRole('tab', { name, selected: true })).toBeFocused();
}

/**
 * Opens the auth modal with `opener` (default: the header's Log in, after which the site goes to
 * the home page) and logs in with the keyboard only.
 */
async function keyboardLogIn(page: Page, nickname: string, opener: Locator = page.getByTestId('login-button')): Promise<void> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await chooseTab(page, modal, 'Log in');
  await tabTo(page, modal.getByTestId('login-name'));
  await page.keyboard.type(nickname);
  await page.keyboard.press('Tab');
  await expect(modal.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play-now')).toBeVisible();
}

test.describe('accessibility: axe, WCAG 2.2 AA', () => {
  for (const lang of LOCALES) {
    test(`no serious or critical violation on home, news, an article, bets and join — ${lang}`, async ({ page, context }) => {
      await settle(context, lang);
      const pages: Array<[string, Locator]> = [
        ['/royal', page.getByTestId('leaderboard')],
        ['/royal/news', page.getByTestId('news-card').first()],
        ['/royal/news/new-season-kicks-off', page.getByRole('heading', { level: 1 })],
        ['/royal/bets', page.getByRole('article').first()],
        ['/royal/join', page.getByTestId('register-form')],
      ];
      for (const [path, ready] of pages) {
        await openPage(page, path);
        await expect(ready).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'br' ? 'pt' : lang);
        expect(await seriousViolations(page), `${lang} ${path}`).toEqual([]);
      }
    });
  }

  for (const lang of ['en', 'ru'] as const) {
    test.describe(`more pages and the dialogs — ${lang}`, () => {
      test.describe.configure({ timeout: 120_000 });
      test.beforeEach(async ({ context }) => settle(context, lang));
      const token = 'unknown-token-0123456789';

      for (const kind of ['account', 'email', 'password'] as const) {
        test(`${kind} activation page (a link that does not work)`, async ({ page }) => {
          await openPage(page, `/royal/${kind}-activation/${token}`);
          await expect(page.locator(`[data-testid="activation-${kind}"][data-state="invalid"]`)).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
        });
      }

      test('the 404 pages (unknown page, malformed token, unknown article) and the affiliate page', async ({ page }) => {
        const pages: Array<[string, Locator]> = [
          ['/royal/no-such-page', page.getByTestId('not-found')],
          ['/royal/account-activation/short', page.getByTestId('not-found')],
          ['/royal/news/no-such-article', page.getByRole('heading', { level: 1 })],
          ['/royal/affiliate', page.getByTestId('affiliate-page')],
        ];
        for (const [path, ready] of pages) {
          await openPage(page, path);
          await expect(ready).toBeVisible();
          expect(await seriousViolations(page), path).toEqual([]);
        }
      });

      test('the error page (the code of the next page cannot load)', async ({ page }) => {
        await openPage(page, '/royal');
        await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort('connectionrefused'));
        await page
          .getByTestId('footer')
          .getByRole('link', { name: lang === 'en' ? 'Affiliate program' : 'Партнёрская программа' })
          .click();
        await expect(page.getByTestId('error-page')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the technical break (503 maintenance page)', async ({ page, request }) => {
        const admin = { 'X-Admin-Secret': ADMIN_SECRET };
        const url = `http://localhost:${ports.api}/admin/technical-break`;
        expect((await request.post(url, { headers: admin, data: { enabled: true, server: 'royal' } })).status()).toBe(200);
        try {
          await openPage(page, '/royal');
          await expect(page.getByTestId('maintenance-page')).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await request.post(url, { headers: admin, data: { enabled: false, server: 'royal' } });
        }
      });

      test('the auth dialog: register and login with their messages, recovery', async ({ page }) => {
        await openPage(page, '/royal');
        const modal = page.getByTestId('auth-modal');
        await page.getByTestId('login-button').click();
        await expect(modal).toBeVisible();
        await modal.locator('[role="tab"][id$="tab-register"]').click();
        await modal.getByTestId('register-submit').click(); // every field's message shows
        await expect(modal.locator('[aria-invalid="true"]').first()).toBeVisible();
        expect(await seriousViolations(page), 'register').toEqual([]);
        await modal.locator('[role="tab"][id$="tab-login"]').click();
        await modal.getByTestId('login-submit').click();
        await expect(modal.locator('[aria-invalid="true"]').first()).toBeVisible();
        expect(await seriousViolations(page), 'login').toEqual([]);
        await modal.getByTestId('forgot-link').click();
        await expect(modal.getByTestId('recovery-form')).toBeVisible();
        expect(await seriousViolations(page), 'recovery').toEqual([]);
      });

      test('the new-device dialog (two-factor code)', async ({ page, context }) => {
        // A device the demo account does not know: logging in asks for the e-mailed code.
        await context.addCookies([{ name: 'FT-fingerprint', value: `axe-${lang}-${Date.now().toString(36)}`, url: SHELL }]);
        await openPage(page, '/royal');
        const modal = page.getByTestId('auth-modal');
        await page.getByTestId('login-button').click();
        await modal.locator('[role="tab"][id$="tab-login"]').click();
        await modal.getByTestId('login-name').fill('demo');
        await modal.getByTestId('login-password').fill(DEMO_PASSWORD);
        await modal.getByTestId('login-submit').click();
        const device = page.getByTestId('two-factor-dialog');
        await expect(device).toBeVisible();
        await device.getByTestId('two-factor-have-code').click();
        await expect(device.getByTestId('two-factor-code')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the contact dialog with its messages', async ({ page }) => {
        await openPage(page, '/royal');
        await page.getByTestId('footer-contact').click();
        const contact = page.getByTestId('contact-modal');
        await expect(contact).toBeVisible();
        await contact.locator('button[type="submit"]').click();
        await expect(contact.locator('[aria-invalid="true"]').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the founder-pack sign-up: with its messages, then signed up', async ({ page }) => {
        await openPage(page, '/royal');
        const founder = page.getByTestId('founder-pack');
        await founder.getByTestId('founder-submit').click();
        await expect(founder.locator('[aria-invalid="true"]').first()).toBeVisible();
        expect(await seriousViolations(page), 'with messages').toEqual([]);
        await founder.locator('#founder-name').fill('Axe Check');
        await founder.locator('#founder-email').fill(`axe.${lang}.${Date.now().toString(36)}@example.org`);
        await founder.getByTestId('founder-submit').click();
        await expect(founder.getByTestId('founder-done')).toBeVisible();
        expect(await seriousViolations(page), 'signed up').toEqual([]);
      });
    });
  }

  test('the first visit (cookie banner) and the open menu, switcher and login dialog at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/royal');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('cookie-accept').click();
    await page.getByTestId('age-ok').click();
    await page.getByTestId('burger').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('burger').click();
    await page.getByTestId('switcher-toggle').click();
    await expect(page.getByTestId('server-us')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('login-button').click();
    await expect(page.getByTestId('auth-modal')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('keyboard only', () => {
  test('login, then logout', async ({ page, context }) => {
    await settle(context);
    await openPage(page, '/royal');
    await keyboardLogIn(page, 'demo');
    await tabTo(page, page.getByTestId('logout-button'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('register', async ({ page, context }) => {
    await settle(context);
    await openPage(page, '/royal');
    const nickname = `kb${Date.now().toString(36)}`.slice(0, 20);
    await tabTo(page, page.getByTestId('login-button'));
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('auth-modal');
    await chooseTab(page, modal, 'Register');
    await tabTo(page, modal.getByTestId('register-nickname'));
    await page.keyboard.type(nickname);
    await tabTo(page, modal.getByTestId('register-email'));
    await page.keyboard.type(`${nickname}@example.org`);
    await tabTo(page, modal.getByTestId('register-password'));
    await page.keyboard.type('Keyboard-Only-2026');
    await tabTo(page, modal.getByTestId('register-terms'));
    await page.keyboard.press('Space');
    await expect(modal.getByTestId('register-terms')).toBeChecked();
    await tabTo(page, modal.getByTestId('register-submit'));
    await page.keyboard.press('Enter');
    await expect(modal.getByTestId('register-sent')).toContainText(`${nickname}@example.org`);
  });

  test('vote in a poll', async ({ page, context }) => {
    await settle(context);
    await openPage(page, '/royal/news/poll-favourite-formation');
    const poll = page.getByTestId('news-poll');
    await expect(poll).toBeVisible();
    // The poll's own Log in keeps the player on the article.
    await keyboardLogIn(page, 'demo_legend', poll.getByRole('button', { name: 'Log in' }));
    await tabTo(page, poll.getByRole('radio').first());
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(poll.getByRole('radio').nth(1)).toBeChecked();
    await tabTo(page, poll.getByRole('button', { name: 'Vote' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Thank you! Your vote has been counted.')).toBeVisible();
    await expect(poll.getByTestId('poll-option').nth(1)).toContainText('Your choice');
  });

  test('predict a match', async ({ page, context, request }) => {
    await settle(context);
    const { stages } = (await (await request.get(`${apiBase('royal')}/bets/tournaments/world-cup/matches`)).json()) as {
      stages: Array<{ matches: Array<{ id: number; status: string }> }>;
    };
    const open = stages.flatMap((s) => s.matches).find((m) => m.status === 'open')!;
    await openPage(page, '/royal');
    await keyboardLogIn(page, 'demo');
    // To the bets page by its header link.
    await tabTo(page, page.getByTestId('header').getByRole('link', { name: 'Bets', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/royal\/bets$/);
    const card = page.getByTestId(`match-${open.id}`);
    await tabTo(page, card.getByRole('textbox').nth(0), 400);
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await expect(card.getByRole('textbox').nth(1)).toBeFocused();
    await page.keyboard.type('1');
    // "Save", or "Update" where the demo player already predicted (seeded predictions).
    await tabTo(page, card.getByRole('button', { name: /^(Save|Update)$/ }));
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('saved-prediction')).toHaveText('Your prediction: 3–1');
  });
});

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
    const own = await page.getByTestId('own-referral-link').inputValue();
    expect(own).toMatch(new RegExp(`^${SHELL}/royal/join/ref/[A-Za-z0-9_-]+$`));
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

  for (const lang of ['ru', 'pl', 'de'] as const) {
    test(`bets (${lang}): team names break between words only, and every match filter is on screen`, async ({ page, context }) => {
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

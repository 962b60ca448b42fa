/**
 * Accessibility (axe, WCAG 2.2 AA) of every screen, in every locale, at 1440 and 390 px, with
 * its dialogs and menus open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_SECRET, openPage, ports } from './fixtures';
import { DEMO_PASSWORD, settle } from './flow-helpers';
import { SHELL } from './shell-helpers';

const LOCALES = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'] as const;
/** WCAG 2.0–2.2 A and AA rules of axe. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious and critical axe violations of the page, as "rule: target" lines (empty = none).
 * Legacy mode runs `axe.run` in the page itself: the site has no iframes, so the default
 * (`runPartial` in every frame, then `finishRun` in a new blank page with axe injected again) would
 * only add a page per check. Only violations are read, so axe is asked to build no other result type.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

test.describe('accessibility: axe, WCAG 2.2 AA', () => {
  // Each test has its own browser context and restores what it changes on the server (the technical
  // break): they may run on any worker, in any order, each worker on its own stack (playwright.config.ts).
  // A locale's test opens five pages and runs axe on each: 120 s, as the dialogs' tests below have,
  // for a run where the other worker is busy too.
  test.describe.configure({ mode: 'parallel', timeout: 120_000 });
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
        // The leaderboard is below the fold: when the server could not render it in time, its code loads when the reader gets there.
        if (path === '/royal') await page.locator('.remote-slot[data-remote="mf_leaderboard"]').scrollIntoViewIfNeeded();
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
        // At the footer first, with the slots below the fold loaded: only the next page's code fails.
        const footer = page.getByTestId('footer');
        await footer.scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort('connectionrefused'));
        await footer.getByRole('link', { name: lang === 'en' ? 'Affiliate program' : 'Партнёрская программа' }).click();
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

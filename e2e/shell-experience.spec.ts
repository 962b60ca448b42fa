/**
 * Shell experience (spec §2, §4, §7, §8, §9): cookie banner and notices, contact and founder-pack
 * sign-up, the maintenance page, sounds. The offline worker, the installable app and what the
 * first paint defers have suites of their own.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_SECRET, apiBase, openPage, ports, storeState } from './fixtures';
import { SHELL, dismissNotices } from './shell-helpers';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

// Service workers are blocked by default (playwright.config.ts), so a worker never answers the
// mocked requests of a suite that keeps that default; this suite allows them.
test.use({ serviceWorkers: 'allow' });

test.describe('cookie banner and notices', () => {
  test('the cookie banner shows once and the choice is remembered', async ({ page, context }) => {
    await openPage(page, '/royal');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/documents/privacy-policy.pdf');
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toHaveCount(0);
    const cookie = (await context.cookies(SHELL)).find((c) => c.name === 'cookie_consent');
    expect(cookie?.value).toBe('all');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // then the age/language warning, once
    const age = page.getByTestId('age-notice');
    await expect(age).toContainText('mild profanity');
    await age.getByRole('button', { name: 'I understand' }).click();
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await expect(page.getByTestId('age-notice')).toHaveCount(0);
  });

  test('the footer links the Help/FAQ page of the current language', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await expect(page.getByTestId('footer').getByRole('link', { name: 'Help & FAQ' })).toHaveAttribute('href', /\/en\/faq$/);
    await page.getByTestId('switcher-toggle').click();
    await page.getByTestId('lang-de').click();
    await expect(page.getByTestId('footer').getByRole('link', { name: 'Hilfe & FAQ' })).toHaveAttribute('href', /\/de\/faq$/);
  });
});

test.describe('contact and founder-pack sign-up', () => {
  // The forms, not the worker: without one, a test can hold the shell's code to type before hydration.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(async ({ context }) => dismissNotices(context));

  test('contact: invalid input is refused and kept, a valid message is stored', async ({ page }) => {
    await openPage(page, '/royal');
    await page.getByTestId('footer-contact').click();
    const modal = page.getByTestId('contact-modal');
    await expect(modal.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await modal.getByLabel('Your name').fill('Ana');
    await modal.getByLabel('E-mail').fill('ana@');
    await modal.getByLabel('Message').fill('Too short');
    await modal.getByRole('button', { name: 'Send message' }).click();
    await expect(modal.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(modal.getByText('The message must be at least 10 characters long')).toBeVisible();
    await expect(modal.getByLabel('Message')).toHaveValue('Too short');

    await modal.getByLabel('E-mail').fill('ana@example.com');
    await modal.getByLabel('Message').fill('Is there a Portuguese server planned?');
    const answer = page.waitForResponse((r) => r.url() === `${apiBase('royal')}/contact` && r.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Send message' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Is there a Portuguese server planned?',
    });
    expect(((await res.json()) as { id: number }).id).toBeGreaterThan(0);
    await expect(modal.getByText('Thank you!')).toBeVisible();
  });

  test('founder pack: rewards from the API, invalid input, sign-up, duplicate e-mail', async ({ page, request }) => {
    const offer = (await (await request.get(`${apiBase('royal')}/newsletter`)).json()) as {
      rewards: { euro: number; energy: number; free_keys: number };
    };
    await openPage(page, '/royal');
    const section = page.getByTestId('founder-pack');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('reward-euro')).toHaveAttribute('data-value', String(offer.rewards.euro));
    await expect(section.getByTestId('reward-keys')).toHaveAttribute('data-value', String(offer.rewards.free_keys));
    await expect(section.getByTestId('early-access')).toContainText('Early access starts on');
    await expect(section.getByText('Invite friends, earn a bonus')).toBeVisible();

    await section.getByLabel('Your name').fill('M');
    await section.getByLabel('E-mail').fill('maria@');
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByText('Enter your name (2–50 characters)')).toBeVisible();
    await expect(section.getByText('Enter a valid e-mail address')).toBeVisible();

    const email = `maria.${Date.now()}@example.com`;
    await section.getByLabel('Your name').fill('Maria');
    await section.getByLabel('E-mail').fill(email);
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByTestId('founder-done')).toContainText(email);

    // After a reload, a player types at once, before the page has hydrated: the shell's code is
    // held until both fields are filled, then let through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/bootstrap\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await section.getByLabel('Your name').fill('Maria again');
    await section.getByLabel('E-mail').fill(email.toUpperCase());
    await expect(page.locator('#root')).not.toHaveAttribute('data-render'); // not hydrated yet
    release();
    await expect(page.locator('html[data-ready="true"]')).toBeAttached({ timeout: 20_000 });
    await expect(section.getByLabel('Your name')).toHaveValue('Maria again');
    await expect(section.getByLabel('E-mail')).toHaveValue(email.toUpperCase());
    await section.getByRole('button', { name: 'Sign me up' }).click();
    await expect(section.getByText('This e-mail address is already signed up')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This e-mail address is already signed up' })).toBeVisible();
    await expect(section.getByLabel('Your name')).toHaveValue('Maria again');
    await expect(section.getByLabel('E-mail')).toHaveValue(email.toUpperCase());
  });
});

test.describe('technical break (spec §4, §8)', () => {
  const admin = { 'X-Admin-Secret': ADMIN_SECRET };
  test('503 from the API shows the maintenance page', async ({ page, request, context }) => {
    await dismissNotices(context);
    const on = await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
      headers: admin,
      data: { enabled: true, server: 'royal' },
    });
    expect(on.status()).toBe(200);
    try {
      await openPage(page, '/royal');
      await expect(page.getByTestId('maintenance-page')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Technical break is in progress' })).toBeVisible();
      expect(await storeState(page, 'userData')).toBeNull();
      await page.goto('/classic'); // other servers keep working
      await expect(page.getByTestId('stats')).toBeVisible();
      await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
    } finally {
      await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
        headers: admin,
        data: { enabled: false, server: 'royal' },
      });
    }
  });
});

test.describe('sound (spec §7, §9)', () => {
  test('a click on a button requests FX_Click_Basic.ogg from the content host', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    const sound = page.waitForResponse((r) => /\/cdn\/sounds\/FX_Click_Basic\.(ogg|mp3)$/.test(r.url()));
    await page.getByTestId('switcher-toggle').click();
    const res = await sound;
    expect(res.url()).toBe(`${SHELL}/cdn/sounds/FX_Click_Basic.ogg`);
    expect(res.status()).toBe(200);
  });

  test('on an iPhone the click sound is the .mp3; a browser without Safari counts as installed', async ({ browser }) => {
    for (const [ua, standalone] of [
      [IPHONE_SAFARI, false],
      [IPHONE_APP, true],
    ] as const) {
      const context = await browser.newContext({ userAgent: ua, viewport: { width: 390, height: 844 }, baseURL: SHELL });
      await dismissNotices(context);
      const page = await context.newPage();
      await openPage(page, '/royal');
      const sound = page.waitForRequest((r) => /\/cdn\/sounds\/FX_Click_Basic\.(ogg|mp3)$/.test(r.url()));
      await page.getByTestId('burger').click();
      expect((await sound).url()).toBe(`${SHELL}/cdn/sounds/FX_Click_Basic.mp3`);
      // The install state is tracked once the page has loaded (bootstrap.tsx, afterLoad).
      await expect.poll(() => storeState<{ standalone: boolean }>(page, 'pwa')).toMatchObject({ standalone });
      await context.close();
    }
  });

  test('a missing sound file is reported and the page keeps working', async ({ page, context }) => {
    await dismissNotices(context);
    await context.route('**/cdn/sounds/FX_Click_Basic.ogg', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await openPage(page, '/royal');
    await page.getByTestId('switcher-toggle').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed loading audio file with status 404' })).toBeVisible();
    await page.getByTestId('lang-pl').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  });

  test('muting is persisted and stops the click sound', async ({ page, context }) => {
    await dismissNotices(context);
    await openPage(page, '/royal');
    await page.getByTestId('sound-toggle').click();
    await page.getByRole('switch', { name: 'Sound effects' }).click();
    await expect(page.getByRole('switch', { name: 'Sound effects' })).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.getByTestId('switcher-toggle').click();
    await page.waitForTimeout(500);
    expect(requests.filter((u) => u.includes('/cdn/sounds/'))).toEqual([]);
  });
});

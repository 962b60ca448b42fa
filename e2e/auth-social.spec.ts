/**
 * Social login end to end: the popup and the consent page of the local OAuth provider that
 * scripts/serve.mjs starts outside production (oauth2-mock-server on 4900 + offset, the API's
 * OAUTH_MOCK_URL), the callback page, and linking by the code mailed to the account.
 */
import { expect, test } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';
import { lastMailId, mailTo, openLogin, toast } from './auth-helpers';

/** The person logged in at the mock provider (mf-auth/scripts/oauth-mock.mjs MOCK_USER). */
const MOCK_USER = { name: 'Social Player', email: 'social.player@example.com' };

test.describe('auth (mf-auth + API)', () => {
  test.describe('social login', () => {
    test('Google: popup → consent page of the local provider → callback page → logged in; VK (same e-mail) returns through /auth_callback and is linked with the code mailed to the account', async ({
      page,
      context,
      request,
    }) => {
      // Two popup logins and a mailed code: three times the default time on a busy machine.
      test.slow();
      await openPage(page, '/royal');
      const modal = await openLogin(page);
      await expect(modal.getByTestId('social-google')).toBeEnabled();
      const popupOpened = page.waitForEvent('popup');
      await modal.getByTestId('social-google').click();
      const popup = await popupOpened;
      // The provider started by `npm start` (scripts/serve.mjs), not by this test.
      await expect(popup).toHaveURL(new RegExp(`^http://localhost:${ports.oauth}/authorize\\?`));
      await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
      await expect(popup.getByLabel('E-mail')).toHaveValue(MOCK_USER.email);
      await popup.getByRole('button', { name: 'Continue' }).click();
      await popup.waitForEvent('close');
      await expect(page.getByTestId('play-now')).toBeVisible();
      await expect(toast(page, 'Welcome, SocialPlayer!')).toBeVisible();
      const state = await page.evaluate(
        () =>
          (
            window as unknown as { __LANDING_STORE__: { getState: () => { userData: { nickname: string; email: string } } } }
          ).__LANDING_STORE__.getState().userData,
      );
      expect(state).toMatchObject({ nickname: 'SocialPlayer', email: MOCK_USER.email });

      // Log out, then the third provider: same person (verified e-mail), a new identity → the code
      // mailed to the account proves it is theirs and links VK to it → same account.
      await page.getByTestId('logout-button').click();
      await expect(page.getByTestId('login-button')).toBeVisible();
      const modal2 = await openLogin(page);
      const callbacks: string[] = [];
      context.on('request', (r) => r.url().includes('callback') && callbacks.push(new URL(r.url()).pathname));
      const vkOpened = page.waitForEvent('popup');
      await modal2.getByTestId('social-vk').click();
      const vk = await vkOpened;
      await expect(vk.getByRole('heading', { name: 'Sign in with VK ID' })).toBeVisible();
      const before = await lastMailId(request);
      await vk.getByRole('button', { name: 'Continue' }).click();
      await vk.waitForEvent('close');
      const dialog = page.getByTestId('two-factor-dialog');
      await expect(dialog).toContainText('To link your VK login to it');
      await dialog.getByTestId('two-factor-send').click();
      const codeMail = await mailTo(request, MOCK_USER.email, 'deviceCode', before);
      await dialog.getByTestId('two-factor-code').fill(codeMail.code!);
      await dialog.getByTestId('two-factor-confirm').click();
      await expect(page.getByTestId('play-now')).toBeVisible();
      expect(callbacks).toContain('/auth_callback');
      expect(
        await page.evaluate(
          () =>
            (
              window as unknown as { __LANDING_STORE__: { getState: () => { userData: { nickname: string } } } }
            ).__LANDING_STORE__.getState().userData.nickname,
        ),
      ).toBe('SocialPlayer');
    });

    test('another person on the consent page gets an account of their own; Cancel says the login was cancelled', async ({ page }) => {
      await openPage(page, '/royal');
      const modal = await openLogin(page);
      let popupOpened = page.waitForEvent('popup');
      await modal.getByTestId('social-facebook').click();
      let popup = await popupOpened;
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await expect(toast(page, 'The Facebook login was cancelled.')).toBeVisible();
      // Still logged out, the login form still open: try again as someone else.
      await expect(modal).toBeVisible();
      await expect(page.getByTestId('login-button')).toBeVisible();

      popupOpened = page.waitForEvent('popup');
      await modal.getByTestId('social-facebook').click();
      popup = await popupOpened;
      await popup.getByLabel('Name').fill('Ola Nowak');
      await popup.getByLabel('E-mail').fill(`ola.${Date.now()}@example.org`);
      await popup.getByRole('button', { name: 'Continue' }).click();
      await popup.waitForEvent('close');
      await expect(page.getByTestId('play-now')).toBeVisible();
      expect(
        await page.evaluate(
          () =>
            (
              window as unknown as { __LANDING_STORE__: { getState: () => { userData: { nickname: string } } } }
            ).__LANDING_STORE__.getState().userData.nickname,
        ),
      ).toMatch(/^OlaNowak\d*$/);
    });

    test('the callback page opened on its own says what it is; a forged state is not accepted', async ({ page, request }) => {
      await page.goto('/auth/google/callback?code=abc&state=forged');
      await expect(page.getByTestId('callback-layout')).toBeVisible();
      await expect(page.getByTestId('social-callback')).toContainText('finishes a login started in another window');
      await request.get(`${apiBase('royal')}/csrf`);
      const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const res = await request.post(`${apiBase('royal')}/auth/google`, {
        headers: { 'X-XSRF-TOKEN': xsrf },
        data: { code: 'abc', state: 'forged' },
      });
      expect(res.status()).toBe(400);
      expect((await res.json()).error).toBe('OAUTH_STATE_INVALID');
    });

    test("on the join page a provider pressed before the buttons' code is in opens its popup at once, and the login goes on once the code is in", async ({
      page,
    }) => {
      test.slow();
      // The join page's parts chunk (mf-auth join-parts: the register form, the only code with
      // the dev mailbox link, and the social buttons) is held until released.
      const PARTS_CODE = 'dev-mailbox-link';
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\.js$/, async (route) => {
        const res = await route.fetch().catch(() => null);
        if (res === null) return route.continue().catch(() => undefined);
        const body = await res.text().catch(() => null);
        if (body === null) return route.continue().catch(() => undefined);
        if (body.includes(PARTS_CODE)) {
          requested = true;
          await held;
        }
        await route.fulfill({ response: res, body });
      });
      await openPage(page, '/royal/join');
      await page.waitForTimeout(500);
      expect(requested).toBe(false);

      const popupOpened = page.waitForEvent('popup');
      await page.getByTestId('social-google').click();
      const popup = await popupOpened; // at the click: the code is held until release()
      await expect.poll(() => requested).toBe(true);
      expect(popup.url()).toBe('about:blank');

      release();
      await expect(popup).toHaveURL(new RegExp(`^http://localhost:${ports.oauth}/authorize\\?`));
      await popup.getByRole('button', { name: 'Continue' }).click();
      await popup.waitForEvent('close');
      await expect(page.getByTestId('play-now')).toBeVisible();
      await expect(toast(page, 'Welcome, SocialPlayer!')).toBeVisible();
    });
  });
});

/**
 * mf-auth end to end, in the browser against the served build and the real API:
 * registration with partner params → activation mail from the dev mailbox → activation → login
 * from a new device (403) → code from the mailbox → logged in → Play now → logout; password reset
 * by mail; social login through the popup and the consent page of the local OAuth provider that
 * scripts/serve.mjs starts outside production (oauth2-mock-server on 4960 + offset, the API's
 * OAUTH_MOCK_URL); every validation message;
 * rate limits on wrong passwords and wrong codes.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';

/** The person logged in at the mock provider (mf-auth/scripts/oauth-mock.mjs MOCK_USER). */
const MOCK_USER = { name: 'Social Player', email: 'social.player@example.com' };

const API = `http://localhost:${ports.api}`;
const PASSWORD = 'Stadium-Lights-2026';
let counter = 0;

function uniqueUser(prefix = 'e2e') {
  counter++;
  const nickname = `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 20);
  return { nickname, email: `${nickname.toLowerCase()}@example.org` };
}

interface Mail {
  subject: string;
  text: string;
  link: string | null;
  code: string | null;
  lang: string;
}

/** The newest mail of a kind to an address, from the API's dev mailbox (waits for it). */
async function mailTo(request: APIRequestContext, to: string, kind: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${API}/dev/mailbox.json`, { params: { to, kind } });
        const { messages } = (await res.json()) as { messages: Array<Mail & { id: number }> };
        found = messages.find((m) => m.id > after);
        return !!found;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Id of the newest mail in the mailbox (to wait for a newer one). */
async function lastMailId(request: APIRequestContext): Promise<number> {
  const { messages } = (await (await request.get(`${API}/dev/mailbox.json`, { params: { limit: 1 } })).json()) as {
    messages: Array<{ id: number }>;
  };
  return messages[0]?.id ?? 0;
}

/** An active account made through the API (activation trusts only the device `e2e-helper`). */
async function activeAccount(request: APIRequestContext) {
  const u = uniqueUser('acc');
  await request.get(`${apiBase('royal')}/csrf`);
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'X-XSRF-TOKEN': xsrf };
  expect(
    (await request.post(`${apiBase('royal')}/auth/register`, { headers, data: { ...u, password: PASSWORD, terms: true } })).status(),
  ).toBe(201);
  const mail = await mailTo(request, u.email, 'activation');
  const token = /account-activation#token=([\w-]+)/.exec(mail.link!)![1];
  expect((await request.post(`${apiBase('royal')}/auth/activate`, { headers, data: { token, fingerprint: 'e2e-helper' } })).status()).toBe(
    200,
  );
  return u;
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });

async function openLogin(page: Page) {
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'Log in' }).click();
  return modal;
}

async function logIn(page: Page, login: string, password = PASSWORD) {
  const modal = await openLogin(page);
  await modal.getByTestId('login-name').fill(login);
  await modal.getByTestId('login-password').fill(password);
  await modal.getByTestId('login-submit').click();
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

test.describe('auth (mf-auth + API)', () => {
  test('register with partner params → activation mail → activate → new device → 403 → code → logged in → Play now → logout', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const u = uniqueUser('reg');
    await openPage(page, '/royal/join/p/e2e-partner?click_id=clk-42&sub1=s-1');
    await expect(page.getByTestId('join-partner')).toContainText('e2e-partner');
    expect((await cookie(page.context(), 'click_id_track'))?.value).toBe('clk-42');

    await page.getByTestId('register-nickname').fill(u.nickname);
    await page.getByTestId('register-email').fill(u.email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    const sent = page.waitForRequest((r) => r.url().endsWith('/royal/auth/register') && r.method() === 'POST');
    await page.getByTestId('register-submit').click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({ nickname: u.nickname, email: u.email, terms: true, newsletter: false });
    expect(body.params).toEqual({ partner: 'e2e-partner', click_id: 'clk-42', sub1: 's-1', click_id_track: 'clk-42' });
    await expect(page.getByTestId('register-sent')).toContainText(`We have sent an activation link to ${u.email}`);
    // Register params are cleared after the registration (spec §4).
    expect(await cookie(page.context(), 'click_id_track')).toBeUndefined();

    const mail = await mailTo(request, u.email, 'activation');
    expect(mail.subject).toBe('Activate your Football Manager account');
    expect(mail.link).toMatch(new RegExp(`^${baseURL}/royal/account-activation#token=[\\w-]{43}$`));
    await page.goto(mail.link!);
    await expect(page.getByText('Your account is active')).toBeVisible();
    await expect(page.getByTestId('play-now')).toBeVisible();

    // Another browser = a new device.
    const other = await browser.newContext();
    const device = await other.newPage();
    await openPage(device, '/royal');
    await logIn(device, u.nickname);
    const dialog = device.getByTestId('two-factor-dialog');
    await expect(dialog).toBeVisible();
    await expect(device.getByTestId('auth-modal')).toBeHidden();
    await expect(dialog).toContainText('a device we do not know yet');
    const before = await lastMailId(request);
    await dialog.getByTestId('two-factor-send').click();
    await expect(dialog).toContainText('The code is on its way');
    const codeMail = await mailTo(request, u.email, 'deviceCode', before);
    expect(codeMail.code).toMatch(/^\d{6}$/);
    await dialog.getByTestId('two-factor-code').fill(codeMail.code!);
    await dialog.getByTestId('two-factor-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(device.getByTestId('play-now')).toBeVisible();
    await expect(toast(device, `Welcome, ${u.nickname}!`)).toBeVisible();

    // Session storage of spec §3 / §9.
    const token = await cookie(other, 'auth.royal._token.local');
    expect(token?.value).toMatch(/^[\w-]{43}$/);
    expect(token!.path).toBe('/');
    expect(token!.expires - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
    expect(token!.expires - Date.now() / 1000).toBeLessThan(86_400 + 120);
    expect(await cookie(other, 'auth.royal._token.uid')).toBeDefined();
    expect(await cookie(other, 'auth.royal._token_expiration.local')).toBeDefined();
    expect(
      await device.evaluate(() =>
        [localStorage.getItem('token'), localStorage.getItem('uid'), localStorage.getItem('expiration')].every(Boolean),
      ),
    ).toBe(true);
    const fingerprint = await cookie(other, 'FT-fingerprint');
    expect(fingerprint?.value).toMatch(/^[a-z0-9]{9}$/);
    // Set for 15768e4 s (≈ 5 years, spec §9); Chromium caps every cookie at 400 days.
    expect(fingerprint!.expires - Date.now() / 1000).toBeGreaterThan(Math.min(15768e4, 400 * 86_400) - 86_400);

    // Play now → the game; logout clears everything.
    await expect(device.getByTestId('play-now')).toHaveAttribute('href', /royal/);
    await device.getByTestId('logout-button').click();
    await expect(toast(device, 'You logged out')).toBeVisible();
    await expect(device.getByTestId('login-button')).toBeVisible();
    expect(await cookie(other, 'auth.royal._token.local')).toBeUndefined();
    expect(await device.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The device is trusted now: the next login needs no code.
    await logIn(device, u.email);
    await expect(device.getByTestId('play-now')).toBeVisible();
    await expect(device.getByTestId('two-factor-dialog')).toBeHidden();
    await other.close();
  });

  test('password reset by e-mail: recovery form → link → new password (must match) → log in with it', async ({ page, request }) => {
    const u = await activeAccount(request);
    await openPage(page, '/royal');
    const modal = await openLogin(page);
    await modal.getByTestId('forgot-link').click();
    await expect(modal.getByTestId('recovery-form')).toBeVisible();
    await modal.getByTestId('recovery-email').fill(u.email);
    await modal.getByTestId('recovery-submit').click();
    await expect(modal.getByTestId('recovery-sent')).toContainText(`If an account uses ${u.email}`);
    const mail = await mailTo(request, u.email, 'passwordReset');
    expect(mail.subject).toBe('Set a new password');

    await page.goto(mail.link!);
    const form = page.getByTestId('new-password-form');
    await expect(form).toBeVisible();
    await form.getByTestId('new-password-submit').click();
    await expect(form.getByText('Enter new password')).toHaveCount(2);
    await form.getByTestId('new-password').fill('Fresh-Boots-2026');
    await form.getByTestId('new-password-repeat').fill('Fresh-Boots-2027');
    await form.getByTestId('new-password-submit').click();
    await expect(form.getByText('The passwords do not match')).toBeVisible();
    await form.getByTestId('new-password-repeat').fill('Fresh-Boots-2026');
    await form.getByTestId('new-password-submit').click();
    await expect(page.getByText('Password changed')).toBeVisible();

    // The link works once. (Opening it from the mail loads the page anew: a change of the URL
    // fragment alone would not, and the token is in the fragment.)
    await page.goto('about:blank');
    await page.goto(mail.link!);
    await expect(page.getByText('This link does not work')).toBeVisible();

    // The old password is gone; the new one works (this browser opened the link: trusted device).
    await logIn(page, u.nickname, PASSWORD);
    await expect(toast(page, 'Wrong login or password')).toBeVisible();
    await page.getByTestId('login-password').fill('Fresh-Boots-2026');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('play-now')).toBeVisible();
  });

  test('account page: sessions list, password change (other sessions end, notice mail), log out everywhere', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const u = await activeAccount(request);
    // This browser is the device the activation trusted; a second session comes from a phone.
    await context.addCookies([{ name: 'FT-fingerprint', value: 'e2e-helper', url: baseURL! }]);
    const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const phone = await request.post(`${apiBase('royal')}/auth/login`, {
      headers: {
        'X-XSRF-TOKEN': xsrf,
        'User-Agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
      data: { login: u.nickname, password: PASSWORD, fingerprint: 'e2e-helper' },
    });
    expect(phone.status()).toBe(200);
    const other = (await phone.json()) as { token: string; uid: string };
    const otherMe = () => request.get(`${apiBase('royal')}/auth/me`, { headers: { 'X-Auth-Token': other.token, 'X-Auth-Id': other.uid } });
    expect((await otherMe()).status()).toBe(200);

    await openPage(page, '/royal');
    await logIn(page, u.nickname);
    await expect(page.getByTestId('play-now')).toBeVisible();
    await page.getByTestId('account-link').click();
    await expect(page).toHaveURL(/\/royal\/account$/);
    const sessions = page.getByTestId('session');
    await expect(sessions).toHaveCount(3); // activation (API), the phone, this browser
    await expect(sessions.first()).toContainText('This device');
    await expect(page.getByTestId('session-list')).toContainText('Safari · iOS');
    await expect(page.getByTestId('event-list')).toContainText('Logged in (password)');

    // Password change: the current password is checked, then every other session ends.
    const form = page.getByTestId('password-change-form');
    await form.getByTestId('current-password').fill('Not-The-Password-1');
    await form.getByTestId('new-password').fill('Night-Match-2027');
    await form.getByTestId('new-password-repeat').fill('Night-Match-2027');
    await form.getByTestId('password-change-submit').click();
    await expect(form.getByText('The current password is wrong')).toBeVisible();
    await form.getByTestId('current-password').fill(PASSWORD);
    await form.getByTestId('password-change-submit').click();
    await expect(page.getByTestId('password-changed')).toContainText('Your password has been changed');
    await expect(sessions).toHaveCount(1);
    expect((await otherMe()).status()).toBe(401);
    await expect(page.getByTestId('event-list')).toContainText('Password changed');
    await expect(page.getByTestId('event-list')).toContainText('Wrong password on the account page');
    const notice = await mailTo(request, u.email, 'passwordChanged');
    expect(notice.subject).toBe('Your password was changed');
    expect(notice.link).toBe(`${baseURL}/royal/account`);

    // Log out everywhere, confirmed with the new password: this browser is logged out too.
    await page.getByTestId('sessions-end-all').click();
    await page.getByTestId('sessions-password').fill('Night-Match-2027');
    await page.getByTestId('sessions-confirm-submit').click();
    await expect(toast(page, 'You have been logged out everywhere')).toBeVisible();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect(page.getByTestId('account-login')).toBeVisible();
  });

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
  });

  test('every validation message, in English and in Russian', async ({ page, context, baseURL }) => {
    await openPage(page, '/royal/join');
    const form = page.getByTestId('register-form');
    await form.getByTestId('register-submit').click();
    for (const m of [
      "Nickname hasn't been selected",
      "Email hasn't been stated",
      "Password hasn't been stated",
      'You have to agree to our Terms of Service',
    ]) {
      await expect(form.getByText(m)).toBeVisible();
    }
    await form.getByTestId('register-nickname').fill('ab');
    await form.getByTestId('register-email').fill('not-an-email');
    await form.getByTestId('register-password').fill('short');
    await form.getByTestId('register-submit').click();
    await expect(form.getByText('The player name must have 3–20 characters: letters, digits, _ . or -')).toBeVisible();
    await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(form.getByText('The password must be at least 8 characters long')).toBeVisible();
    await expect(form.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/documents/terms-and-conditions.pdf');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/documents/privacy-policy.pdf');

    // Server-side rules come back as translated toasts: common password, taken name.
    await form.getByTestId('register-nickname').fill(uniqueUser('val').nickname);
    await form.getByTestId('register-email').fill(uniqueUser('val').email);
    await form.getByTestId('register-password').fill('password1');
    await form.getByTestId('register-terms').check();
    await form.getByTestId('register-submit').click();
    await expect(toast(page, 'This password is too common and easy to guess. Choose another one')).toBeVisible();
    await form.getByTestId('register-nickname').fill('demo');
    await form.getByTestId('register-password').fill(PASSWORD);
    await form.getByTestId('register-submit').click();
    await expect(toast(page, 'This player name is already taken. Choose another one')).toBeVisible();
    await expect(form.getByTestId('register-nickname')).toHaveValue('demo');

    await openPage(page, '/royal');
    const modal = await openLogin(page);
    await modal.getByTestId('login-submit').click();
    await expect(modal.getByText('Enter your nickname or e-mail')).toBeVisible();
    await expect(modal.getByText("Password hasn't been stated")).toBeVisible();
    await modal.getByTestId('forgot-link').click();
    await modal.getByTestId('recovery-submit').click();
    await expect(modal.getByText("Email hasn't been stated")).toBeVisible();

    // Russian (a Slavic locale): the spec §8 messages translated.
    await context.addCookies([{ name: 'i18n_redirected', value: 'ru', url: baseURL! }]);
    await openPage(page, '/royal/join');
    await page.getByTestId('register-submit').click();
    for (const m of [
      'Никнейм не выбран',
      'Email не указан',
      'Пароль не указан',
      'Вы должны согласиться с нашими Условиями использования',
    ]) {
      await expect(page.getByTestId('register-form').getByText(m)).toBeVisible();
    }
  });

  test('wrong passwords are rate limited (5 per name and IP)', async ({ page, request }) => {
    const u = await activeAccount(request);
    await openPage(page, '/royal');
    await logIn(page, u.nickname, 'Not-the-password-1');
    await expect(toast(page, 'Wrong login or password')).toBeVisible();
    for (let i = 2; i <= 5; i++) {
      await page.getByTestId('login-password').fill(`Not-the-password-${i}`);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-submit')).toBeEnabled();
    }
    // Even the right password is refused now, from this IP, for this name.
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(toast(page, /^Too many attempts\. Try again in \d+ min$/)).toBeVisible();
    await expect(page.getByTestId('play-now')).toBeHidden();
  });

  test('wrong device codes are rate limited (5 per login attempt), then the dialog asks to log in again', async ({ page, request }) => {
    const u = await activeAccount(request);
    await openPage(page, '/royal');
    await logIn(page, u.nickname);
    const dialog = page.getByTestId('two-factor-dialog');
    await dialog.getByTestId('two-factor-have-code').click();
    await dialog.getByTestId('two-factor-code').fill('12');
    await dialog.getByTestId('two-factor-confirm').click();
    await expect(dialog.getByText('Enter the 6 digits from the e-mail')).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await dialog.getByTestId('two-factor-code').fill(`00000${i}`);
      await dialog.getByTestId('two-factor-confirm').click();
      await expect(toast(page, 'Wrong or expired code').first()).toBeVisible();
      await expect(dialog.getByTestId('two-factor-code')).toHaveValue('');
    }
    await dialog.getByTestId('two-factor-code').fill('000009');
    await dialog.getByTestId('two-factor-confirm').click();
    await expect(toast(page, 'Too many wrong codes. Please log in again to get a new one')).toBeVisible();
    await expect(dialog).toContainText('This verification has ended. Log in again to get a new code.');
    await dialog.getByTestId('two-factor-login-again').click();
    await expect(page.getByTestId('auth-modal')).toBeVisible();
  });
});

/**
 * mf-auth end to end, in the browser against the served build and the real API:
 * registration with partner params → activation mail from the dev mailbox → activation → login
 * from a new device (403) → code from the mailbox → logged in → Play now → logout; password reset
 * by mail; the account page (sessions, password change, log out everywhere). Social login and the
 * validation messages and rate limits have suites of their own.
 */
import { expect, test } from '@playwright/test';
import { apiBase, openPage } from './fixtures';
import { PASSWORD, activeAccount, cookie, lastMailId, logIn, mailTo, openLogin, toast, uniqueUser } from './auth-helpers';

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

  test('the join page loads no form code until the visitor acts; what is typed and ticked meanwhile is kept, and Create account is done then', async ({
    page,
  }) => {
    const u = uniqueUser('held');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    // The register form's chunk (mf-auth RegisterForm, the only code with the dev mailbox link)
    // is held until released, to act in the form before its code is in.
    const FORM_CODE = 'dev-mailbox-link';
    /** In react-hook-form's built code only. */
    const FORM_LIBRARY = 'shouldUnregister';
    const texts: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\.js$/, async (route) => {
      const res = await route.fetch().catch(() => null);
      if (res === null) return route.continue().catch(() => undefined);
      const body = await res.text().catch(() => null);
      if (body === null) return route.continue().catch(() => undefined);
      texts.push(body);
      if (body.includes(FORM_CODE)) {
        requested = true;
        await held;
      }
      await route.fulfill({ response: res, body });
    });
    await openPage(page, '/royal/join');
    await page.waitForTimeout(1000);
    expect(requested).toBe(false);
    expect(texts.some((t) => t.includes(FORM_LIBRARY))).toBe(false);

    await page.getByTestId('register-nickname').fill(u.nickname);
    await expect.poll(() => requested).toBe(true);
    await page.getByTestId('register-email').fill(u.email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-newsletter').check();
    await page.getByTestId('register-newsletter').uncheck();
    await page.getByTestId('register-newsletter').check();
    const sent = page.waitForRequest((r) => r.url().endsWith('/royal/auth/register') && r.method() === 'POST');
    await page.getByTestId('register-submit').click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/royal\/join$/); // not submitted by the browser
    await expect(page.getByTestId('register-terms')).toBeChecked();

    release();
    expect((await sent).postDataJSON()).toMatchObject({ nickname: u.nickname, email: u.email, terms: true, newsletter: true });
    await expect(page.getByTestId('register-sent')).toContainText(`We have sent an activation link to ${u.email}`);
    expect(texts.some((t) => t.includes(FORM_LIBRARY))).toBe(true);
    expect(problems).toEqual([]);
  });

  test('the newsletter choice this browser remembers is ticked once the join page is live', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('landing-store', JSON.stringify({ state: { newsletterAgreement: true }, version: 1 })),
    );
    await openPage(page, '/royal/join');
    await expect(page.getByTestId('register-newsletter')).toBeChecked();
    await expect(page.getByTestId('register-terms')).not.toBeChecked();
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
});

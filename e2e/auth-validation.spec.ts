/**
 * The auth forms' validation messages, in English and in Russian, and the rate limits on wrong
 * passwords (5 per name and IP) and wrong device codes (5 per login attempt).
 */
import { expect, test } from '@playwright/test';
import { openPage } from './fixtures';
import { PASSWORD, activeAccount, logIn, openLogin, toast, uniqueUser } from './auth-helpers';

test.describe('auth (mf-auth + API)', () => {
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

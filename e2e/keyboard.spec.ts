/**
 * Keyboard only (WCAG 2.1.1): log in and out, register, vote in a poll and predict a match with
 * no pointer.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiBase, openPage } from './fixtures';
import { chooseTab, keyboardLogIn, settle, tabTo } from './flow-helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });

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

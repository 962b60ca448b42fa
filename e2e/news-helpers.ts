/**
 * Shared helpers of the news end-to-end specs: seeded poll slugs, answer shapes, dates in a server
 * time zone, toasts, locked poll answers, the demo device cookies and logging in through the auth modal.
 */
import { expect, test, type Page } from '@playwright/test';
import { ports } from './fixtures';

const DEMO_PASSWORD = 'Demo-Goal-2026';
export const SHELL = `http://localhost:${ports.shell}`;
export const SINGLE = 'poll-favourite-formation';
export const MULTIPLE = 'poll-next-features';
export const ENDED = 'poll-results-summer-event-pack';

export type Card = { slug: string; title: string; published_at: string; comments_count: number };
export type Poll = {
  id: number;
  options: Array<{ id: number; answer: string; votes: number; votes_percent: number }>;
  total_votes: number;
};

/** `dd-MM-yyyy HH:mm:ss` in a time zone (spec §9 default format). */
export function serverDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

/**
 * Clicks a locked poll answer. Its input is `aria-disabled` (announced as unavailable, still
 * focusable and clickable, spec §4: the click plays the lock sound and shows the lock error), which
 * Playwright's actionability check refuses, hence `force`.
 */
export const clickLocked = (page: Page, index: number) =>
  page.getByTestId('news-poll').getByTestId('poll-option').nth(index).click({ force: true });

/**
 * Registers a `beforeEach` for the calling spec file: the demo accounts' trusted device cookie, and
 * the cookie banner and age notice already answered.
 */
export function trustDemoDevice(): void {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([
      { name: 'FT-fingerprint', value: 'demo-device', url: SHELL },
      { name: 'cookie_consent', value: 'necessary', url: SHELL },
    ]);
    await context.addInitScript(() => localStorage.setItem('landing-age-notice', '1'));
  });
}

/** Logs in through the auth modal that the news remote opens from its "Log in" button. */
export async function logIn(page: Page, nickname: string, from: 'comments' | 'poll' = 'comments'): Promise<void> {
  await page
    .getByTestId(from === 'comments' ? 'comments' : 'news-poll')
    .getByRole('button', { name: 'Log in' })
    .click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('login-name').fill(nickname);
  await modal.getByTestId('login-password').fill(DEMO_PASSWORD);
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}

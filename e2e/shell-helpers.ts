/**
 * What the shell's e2e suites share: its origin, waiting for the offline worker and putting the
 * first-visit notices away.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ports } from './fixtures';

/** Origin of the served shell. */
export const SHELL = `http://localhost:${ports.shell}`;

/** Waits until a service worker controls the page (at most 30 s). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    { timeout: 30_000 },
  );
}

/** Accepts the cookie banner and the age notice so they do not cover the page. */
export async function dismissNotices(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: SHELL }]);
  await context.addInitScript(() => window.localStorage.setItem('landing-age-notice', '1'));
}

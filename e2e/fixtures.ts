/** Shared helpers of the e2e suites. */
import { expect, type Page } from '@playwright/test';
import { ADMIN_SECRET, ports } from '../playwright.config';

export { ADMIN_SECRET, ports };
export const apiBase = (server: string) => `http://localhost:${ports.api}/${server}`;

/**
 * Opens a page and waits until it is interactive: the server-rendered header is there and the
 * shell has hydrated it (`<html data-ready>`).
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.locator('html[data-ready="true"]')).toBeAttached({ timeout: 20_000 });
}

/** The host's store (exposed outside production as `window.__LANDING_STORE__`). */
export async function storeState<T>(page: Page, pick: string): Promise<T> {
  return page.evaluate((p) => {
    const store = (window as unknown as { __LANDING_STORE__: { getState: () => Record<string, unknown> } }).__LANDING_STORE__;
    return store.getState()[p] as T;
  }, pick);
}

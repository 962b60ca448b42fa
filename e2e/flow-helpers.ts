/**
 * What the flow suites share: a settled visitor (language cookie, notices answered, the demo
 * accounts' trusted device) and keyboard-only moves (Tab to a control, WAI-ARIA tabs, log in).
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SHELL } from './shell-helpers';

/** Password of the demo players (demo, demo_rookie, demo_legend). */
export const DEMO_PASSWORD = 'Demo-Goal-2026';

/** Language cookie; cookie banner and age notice answered; the demo accounts' trusted device. */
export async function settle(context: BrowserContext, lang = 'en'): Promise<void> {
  await context.addCookies([
    { name: 'i18n_redirected', value: lang, url: SHELL },
    { name: 'cookie_consent', value: 'all', url: SHELL },
    { name: 'FT-fingerprint', value: 'demo-device', url: SHELL },
  ]);
  await context.addInitScript(() => window.localStorage.setItem('landing-age-notice', '1'));
}

/** Presses Tab until `target` has the focus (keyboard-only: no clicks), at most `max` times. */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  const element = (await target.elementHandle())!;
  for (let i = 0; i < max; i++) {
    if (await element.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(`not reachable with Tab in ${max} presses: ${target} (focus is on ${focused})`);
}

/** Moves to a tab of a tab list with the keyboard (WAI-ARIA tabs: Tab reaches the selected one, arrows move). */
export async function chooseTab(page: Page, scope: Locator, name: string): Promise<void> {
  await tabTo(page, scope.getByRole('tab', { selected: true }));
  for (let i = 0; i < 4 && !(await scope.getByRole('tab', { name, selected: true }).count()); i++) await page.keyboard.press('ArrowRight');
  await expect(scope.getByRole('tab', { name, selected: true })).toBeFocused();
}

/**
 * Opens the auth modal with `opener` (default: the header's Log in, after which the site goes to
 * the home page) and logs in with the keyboard only.
 */
export async function keyboardLogIn(page: Page, nickname: string, opener: Locator = page.getByTestId('login-button')): Promise<void> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await chooseTab(page, modal, 'Log in');
  await tabTo(page, modal.getByTestId('login-name'));
  await page.keyboard.type(nickname);
  await page.keyboard.press('Tab');
  await expect(modal.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play-now')).toBeVisible();
}

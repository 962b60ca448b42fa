/**
 * What the auth suites share: unique players, the API's dev mailbox, accounts made through the
 * API, and the login dialog.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiBase, ports } from './fixtures';

const API = `http://localhost:${ports.api}`;
/** Password of the accounts the auth suites make. */
export const PASSWORD = 'Stadium-Lights-2026';
let counter = 0;

/** A nickname (at most 20 characters) and e-mail no other test uses. */
export function uniqueUser(prefix = 'e2e') {
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
export async function mailTo(request: APIRequestContext, to: string, kind: string, after = 0): Promise<Mail> {
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
export async function lastMailId(request: APIRequestContext): Promise<number> {
  const { messages } = (await (await request.get(`${API}/dev/mailbox.json`, { params: { limit: 1 } })).json()) as {
    messages: Array<{ id: number }>;
  };
  return messages[0]?.id ?? 0;
}

/** An active account made through the API (activation trusts only the device `e2e-helper`). */
export async function activeAccount(request: APIRequestContext) {
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

export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });

/** Opens the auth dialog on its Log in tab; returns the dialog. */
export async function openLogin(page: Page) {
  await page.getByTestId('login-button').click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('tab', { name: 'Log in' }).click();
  return modal;
}

/** Logs in through the dialog (default password: PASSWORD). */
export async function logIn(page: Page, login: string, password = PASSWORD) {
  const modal = await openLogin(page);
  await modal.getByTestId('login-name').fill(login);
  await modal.getByTestId('login-password').fill(password);
  await modal.getByTestId('login-submit').click();
}

/** A cookie of the context by name, or undefined. */
export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

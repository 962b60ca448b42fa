/**
 * Security headers: the shell's pages and the API's answers carry a
 * Content-Security-Policy (script-src: the site and the environment's remote origins; no inline script, so no nonce),
 * frame-ancestors, nosniff, Referrer-Policy and Permissions-Policy; in a real browser no page of
 * the site trips its policy (0 `securitypolicyviolation` events), including the modals.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;

/** Collects the page's CSP violations (`securitypolicyviolation` events) from the first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('the shell answers with the security headers, the CSP naming the remote origins and no nonce (cached pages are shared)', async ({
  request,
}) => {
  const a = await request.get(`${SHELL}/royal`);
  const csp = a.headers()['content-security-policy']!;
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
  expect(scriptSrc).toContain("'self'");
  for (const port of [ports.auth, ports.news, ports.bets, ports.leaderboard]) expect(scriptSrc).toContain(`http://localhost:${port}`);
  expect(scriptSrc.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'" || s === '*')).toBe(false);
  // No element of a page carries a nonce, so the policy has none: one visitor's cached page never holds another's nonce.
  expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
  expect(await a.text()).not.toMatch(/<script(?![^>]*type="application\/json")(?![^>]*\ssrc=)[^>]*>/);
  expect(a.headers()['x-content-type-options']).toBe('nosniff');
  expect(a.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(a.headers()['permissions-policy']).toMatch(/camera=\(\)/);
  expect(a.headers()['x-frame-options']).toBe('DENY');
  // HSTS only in production: this environment is not
  expect(a.headers()['strict-transport-security']).toBeUndefined();
});

test('the API answers with its own security headers', async ({ request }) => {
  const res = await request.get(`${apiBase('royal')}/stats`);
  expect(res.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['permissions-policy']).toBeDefined();
});

test('no page trips the Content-Security-Policy in a real browser', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const slug = (await (await request.get(`${apiBase('royal')}/news?page=1&per_page=1`)).json()).items[0].slug as string;
  const paths = [
    '/royal',
    '/royal/news',
    '/royal/news/list/2',
    `/royal/news/${slug}`,
    '/royal/bets',
    '/royal/bets-ranking',
    '/royal/bets-rules',
    '/royal/join',
    '/royal/join/p/partner-1',
    '/royal/account-activation/aaaaaaaaaaaaaaaaaaaaaaaa',
    '/royal/account',
    '/royal/no-such-page',
    '/pl',
    '/auth_callback',
  ];
  for (const path of paths) {
    if (path === '/auth_callback') await page.goto(path);
    else await openPage(page, path);
    await page.waitForLoadState('networkidle');
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
  // the modals and the sound menu (remote code loaded on demand)
  await openPage(page, '/royal');
  await page.getByTestId('login-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('footer-contact').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('sound-toggle').click();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

/**
 * The JavaScript a first visit to a page downloads, measured in Chromium through Playwright with
 * a cold cache and service workers blocked: every script response until the page has settled
 * (./page-settled.mjs) and the network is idle, each body gzipped at level 6 (bytes do not vary
 * between runs). Used by scripts/size-report.mjs and by the byte budgets test
 * (e2e/byte-budgets.spec.ts, budgets in ./byte-budgets.mjs).
 */
import { gzipSync } from 'node:zlib';
import { pageSettled, slotLabels } from './page-settled.mjs';

/**
 * Loads `url` in a new context of `browser` and measures its first load.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<{ jsRequests: number, jsRaw: number, jsGzip: number, requests: number, slots: string[], scripts: Array<{ url: string, gzip: number }> }>}
 *   bytes of the scripts (raw and gzip -6), the number of requests of any kind, the page's remote slots (./page-settled.mjs `slotLabels`)
 * @throws Error when the page does not settle within 20 s
 */
export async function measureFirstLoad(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const requests = [];
  const pending = [];
  page.on('request', (req) => requests.push(req));
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(req.url())) return;
    pending.push(
      req
        .response()
        .then((res) => res?.body())
        .then((body) => ({ url: req.url(), raw: body?.length ?? 0, gzip: body ? gzipSync(body, { level: 6 }).length : 0 }))
        .catch(() => ({ url: req.url(), raw: 0, gzip: 0 })),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    // Settled as ./page-settled.mjs describes (a below-the-fold slot of a server-rendered page
    // loads on scroll only, so its spinner does not count).
    await page.waitForFunction(pageSettled, undefined, { timeout: 20_000 }).catch((e) => {
      throw new Error(`${url}: the page did not settle (${e.message.split('\n')[0]})`);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const scripts = await Promise.all(pending);
    const slots = await page.locator('.remote-slot').evaluateAll(slotLabels);
    return {
      jsRequests: scripts.length,
      jsRaw: scripts.reduce((a, s) => a + s.raw, 0),
      jsGzip: scripts.reduce((a, s) => a + s.gzip, 0),
      requests: requests.length,
      slots,
      scripts: scripts.map((x) => ({ url: x.url, gzip: x.gzip })),
    };
  } finally {
    await context.close();
  }
}

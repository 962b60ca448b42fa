#!/usr/bin/env node
/**
 * Takes screenshots of pages of a running site at desktop (1440 px) and mobile (390 px) widths in
 * Debian's headless Chromium, for a person to look at (README "Looking at the site").
 * Usage: node scripts/screenshots.mjs [baseUrl] [path ...]   (default http://localhost:3000, /royal)
 * Env: OUT (default screenshots/), LANG_CODE (sets the i18n_redirected cookie), FULL=1 full page.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = process.env.OUT ?? 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [label, width, height] of [
  ['desktop', 1440, 900],
  ['mobile', 390, 844],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  if (process.env.LANG_CODE) await context.addCookies([{ name: 'i18n_redirected', value: process.env.LANG_CODE, url: base }]);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[console] ${m.text()}`));
  for (const path of paths.length ? paths : ['/royal']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 3500));
    const file = `${out}/${path.replace(/\W+/g, '_') || 'root'}-${process.env.LANG_CODE ?? 'en'}-${label}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
  await context.close();
}
await browser.close();

#!/usr/bin/env node
/**
 * Renders the web-app icons of manifest.webmanifest (192, 512, maskable 512, Apple touch 180)
 * from the site's crest, with Debian's Chromium through Playwright, into shell/public/icons/.
 * Run: node shell/scripts/generate-icons.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });

const crest = `
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2fd07a"/><stop offset="1" stop-color="#1a8f52"/></linearGradient>
    <radialGradient id="bg" cx="0.3" cy="0.2" r="1"><stop offset="0" stop-color="#1c2c4a"/><stop offset="1" stop-color="#0b1220"/></radialGradient>
  </defs>`;
const shield = `
  <path d="M32 3 58 13v18c0 15-11 25-26 30C17 56 6 46 6 31V13z" fill="url(#g)"/>
  <circle cx="32" cy="31" r="14" fill="#fff"/>
  <path d="m32 22 7 5-2.7 8.3h-8.6L25 27zM32 17v5M44 27h-5M20 27h5M37 41l-1-5.7M27 41l1-5.7" stroke="#0b1220" stroke-width="2" fill="#0b1220" stroke-linejoin="round"/>`;

/** `scale`: share of the square the 64-unit crest fills; `radius`: corner radius (0 for maskable). */
function svg(size, { scale, radius }) {
  const s = (size * scale) / 64;
  const offset = (size - 64 * s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${crest}
    <rect width="${size}" height="${size}" rx="${radius}" fill="url(#bg)"/>
    <g transform="translate(${offset} ${offset + size * 0.01}) scale(${s})">${shield}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.78, radius: 40 },
  { file: 'icon-512.png', size: 512, scale: 0.78, radius: 108 },
  // Maskable: full-bleed background, crest inside the 80 % safe zone (W3C maskable icons).
  { file: 'maskable-512.png', size: 512, scale: 0.56, radius: 0 },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.7, radius: 0 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`);
  await page.locator('svg').screenshot({ path: join(out, icon.file), omitBackground: true });
  console.log(`${icon.file} ${icon.size}x${icon.size}`);
}
await browser.close();

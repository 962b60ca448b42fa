/**
 * One measured page load of scripts/bench-web.mjs: a Lighthouse run in a fresh headless Chromium
 * and the figures read from its result (with the gzip size of every script it loaded).
 */
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { labMetrics, networkSummary } from './bench-web.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Chromium as in the team's other browser scripts (README, playwright.config.ts). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** gzip -6 and raw size of each script body, by URL (fetched once: hashed chunks never change). */
const bodySizes = new Map();
async function gzipSize(url) {
  if (!bodySizes.has(url)) {
    const r = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!r.ok) throw new Error(`GET ${url} answered ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer()); // fetch decodes any Content-Encoding
    bodySizes.set(url, gzipSync(body, { level: 6 }).length);
  }
  return bodySizes.get(url);
}

/**
 * One Lighthouse run (mobile preset, simulated throttling, performance only) in a fresh headless
 * Chromium with a fresh profile (cold cache, no service worker).
 * @returns {Promise<object>} the Lighthouse result (lhr)
 * @throws Error on a Lighthouse runtime error (e.g. NO_FCP) or after `timeoutMs`
 */
export async function runLighthouse(url, timeoutMs) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let timer;
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      maxWaitForLoad: Math.round(timeoutMs * 0.6),
    });
    run.catch(() => undefined); // a run abandoned at the time limit rejects once Chromium is gone
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse run exceeded ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const result = await Promise.race([run, limit]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

/** Figures of one run (RunFigures of scripts/lib/bench-web.mjs) and its script list. */
export async function figuresOf(lhr) {
  const net = networkSummary(lhr);
  const scripts = await Promise.all(net.scripts.map(async (s) => ({ ...s, gzip: await gzipSize(s.url) })));
  const first = scripts.filter((s) => s.beforeLoad);
  const sum = (list, key) => list.reduce((a, s) => a + s[key], 0);
  return {
    figures: {
      ...labMetrics(lhr),
      firstLoadJsGzip: sum(first, 'gzip'),
      firstLoadJsWire: sum(first, 'transferSize'),
      firstLoadScripts: first.length,
      allJsGzip: sum(scripts, 'gzip'),
      allScripts: scripts.length,
      requests: net.requests,
    },
    loadMs: net.loadMs,
    scripts: scripts.map(({ url, gzip, transferSize, beforeLoad }) => ({ url, gzip, wire: transferSize, beforeLoad })),
  };
}

#!/usr/bin/env node
/**
 * Cost of the browser telemetry per page (docs/OPERATIONS.md "Figures"): loads a page of a running
 * site N times in Chromium, each time as a new visitor, leaves it (so the last beacon goes), and
 * prints the medians of
 *   - bytes the page sent to `/telemetry` (request bodies),
 *   - main-thread ms spent in the telemetry's own code: the V8 CPU profile's self time of the
 *     `telemetry` and `web-vitals` chunks (Chrome DevTools Protocol, 100 µs sampling).
 *
 *   node scripts/bench-telemetry.mjs [--url http://localhost:3000/royal/news] [--runs 9] [--consent all|necessary]
 * With `--consent all` the visitor has accepted all cookies (web vitals measured and sent).
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000/royal/news' },
    runs: { type: 'string', default: '9' },
    consent: { type: 'string', default: 'necessary' },
  },
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const bytes = [];
const cpu = [];
const beacons = [];
try {
  for (let i = 0; i < Number(values.runs); i++) {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'cookie_consent', value: values.consent, url: values.url }]);
    const page = await context.newPage();
    let sent = 0;
    let count = 0;
    page.on('request', (r) => {
      if (/\/telemetry$/.test(new URL(r.url()).pathname) && r.method() === 'POST') {
        sent += r.postDataBuffer()?.length ?? 0;
        count++;
      }
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const first = page.waitForRequest((r) => /\/telemetry$/.test(new URL(r.url()).pathname), { timeout: 30_000 });
    await page.goto(values.url);
    await first;
    await page.mouse.click(5, 5); // one interaction, so INP has something to measure
    await page.goto('about:blank'); // pagehide: the last beacon (vitals, the page's rest)
    await page.waitForTimeout(300);
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    const selfMs = new Map();
    const dt = profile.timeDeltas ?? [];
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    (profile.samples ?? []).forEach((id, k) => {
      const url = byId.get(id)?.callFrame.url ?? '';
      if (/\/(telemetry|web-vitals)\.[0-9a-f]+\.js/.test(url)) selfMs.set(url, (selfMs.get(url) ?? 0) + (dt[k] ?? 0) / 1000);
    });
    bytes.push(sent);
    beacons.push(count);
    cpu.push([...selfMs.values()].reduce((a, b) => a + b, 0));
  }
} finally {
  await browser.close();
}
console.log(
  `telemetry per page (${values.runs} loads of ${values.url}, consent ${values.consent}): ` +
    `median ${median(bytes)} bytes in ${median(beacons)} beacon(s), median ${median(cpu).toFixed(2)} ms main-thread ` +
    `(min ${Math.min(...cpu).toFixed(2)}, max ${Math.max(...cpu).toFixed(2)})`,
);

#!/usr/bin/env node
/**
 * Cost of the browser telemetry per page (docs/OPERATIONS.md "Measured"): loads a page of a running
 * site N times in Chromium, each time as a new visitor, and prints the medians of
 *   - bytes the page sent to `/telemetry`: the bodies of its beacons, read with the Chrome DevTools
 *     Protocol (`Network.requestWillBeSent`, then `Network.getRequestPostData`: Playwright's own
 *     request events carry no sendBeacon body);
 *   - main-thread CPU ms spent in the telemetry's code, from a Chrome trace of the page: V8's CPU
 *     profile (100 µs samples) says which part of each main-thread task ran telemetry code (a
 *     sample whose stack holds a frame from shell/src/telemetry/ or the web-vitals package, found
 *     with the build's source maps), and the task's thread time (`tdur`) says how much CPU that
 *     part took ({@link telemetryCpuMs}). So it counts what that code calls (JSON.stringify,
 *     sendBeacon, web-vitals' observers), report.ts in the start-up bundle as well as the lazy
 *     chunks, and not the time the thread waited for a CPU on a busy machine.
 * A page stays until its first beacon (3 s after the collector starts), gets one click (INP has
 * an interaction), then its `pagehide` handler runs in the page (the event the browser fires when
 * a visitor leaves: dispatched in the document, so the profile and the beacon stay observable).
 *
 *   node scripts/bench-telemetry.mjs [--url http://localhost:3000/royal/news] [--runs 15] [--consent necessary|all]
 * With `--consent all` the visitor has accepted all cookies (web vitals measured and sent).
 */
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000/royal/news' },
    runs: { type: 'string', default: '15' },
    consent: { type: 'string', default: 'necessary' },
  },
});
if (!['necessary', 'all'].includes(values.consent)) throw new Error('--consent is necessary or all');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Sources that are the telemetry's (paths as the source maps name them). */
const TELEMETRY_SOURCE =
  /(^|\/)shell\/src\/telemetry\/|(^|\/)src\/telemetry\/|\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?web-vitals\//;

/** Source maps of the site's scripts, by script URL (null: none). */
const maps = new Map();
async function mapOf(url) {
  if (!maps.has(url)) {
    maps.set(
      url,
      fetch(`${url}.map`)
        .then((r) => (r.ok ? r.text() : null))
        .then((t) => (t ? new TraceMap(t) : null))
        .catch(() => null),
    );
  }
  return maps.get(url);
}

/** Whether a profile frame's code comes from the telemetry's sources. */
async function isTelemetryFrame({ url, lineNumber, columnNumber }) {
  if (!url.startsWith(new URL(values.url).origin)) return false;
  const map = await mapOf(url.split(/[?#]/)[0]);
  if (!map || lineNumber < 0) return false;
  const { source } = originalPositionFor(map, { line: lineNumber + 1, column: Math.max(0, columnNumber) });
  return source !== null && TELEMETRY_SOURCE.test(source);
}

/** Trace categories: top-level tasks with their thread time, and V8's sampling profiler (100 µs). */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
];

/**
 * Main-thread CPU ms of the telemetry in a Chrome trace. Each task of the page's main thread
 * (`RunTask`, with `tdur`: the thread's CPU time, not wall time, so other processes on a busy
 * machine do not count) is shared among the CPU profile's samples taken during it; a sample
 * counts for the telemetry when a frame of its stack comes from the telemetry's sources.
 * @param {Array<Record<string, any>>} events  the trace's events
 * @returns {Promise<{ ms: number, samples: number }>} CPU ms and the telemetry samples they rest on
 */
async function telemetryCpuMs(events) {
  const profile = events.find((e) => e.name === 'Profile' && e.cat.includes('cpu_profiler'));
  if (!profile) throw new Error('the trace has no CPU profile');
  const thread = (e) => e.pid === profile.pid && e.tid === profile.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && thread(e) && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  const nodes = new Map();
  const samples = [];
  let t = profile.args.data.startTime;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id)) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const n of cpuProfile.nodes ?? []) nodes.set(n.id, n);
    (cpuProfile.samples ?? []).forEach((id, k) => {
      t += timeDeltas[k] ?? 0;
      samples.push({ id, t });
    });
  }
  const own = new Map();
  for (const n of nodes.values()) own.set(n.id, await isTelemetryFrame({ lineNumber: -1, columnNumber: 0, url: '', ...n.callFrame }));
  const memo = new Map();
  const telemetryStack = (id) => {
    if (!memo.has(id)) {
      const parent = nodes.get(id)?.parent;
      memo.set(id, Boolean(own.get(id)) || (parent !== undefined && telemetryStack(parent)));
    }
    return memo.get(id);
  };
  // The task of each sample (both sorted by time).
  const perTask = new Map();
  let i = 0;
  for (const s of samples) {
    while (i < tasks.length && tasks[i].ts + tasks[i].dur < s.t) i++;
    const task = tasks[i];
    if (!task || task.ts > s.t) continue;
    const c = perTask.get(task) ?? { all: 0, telemetry: 0 };
    c.all++;
    if (telemetryStack(s.id)) c.telemetry++;
    perTask.set(task, c);
  }
  let us = 0;
  let counted = 0;
  for (const [task, c] of perTask) {
    us += (task.tdur * c.telemetry) / c.all;
    counted += c.telemetry;
  }
  return { ms: us / 1000, samples: counted };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const bytes = [];
const cpu = [];
const beacons = [];
const samples = [];
try {
  for (let i = 0; i < Number(values.runs); i++) {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'cookie_consent', value: values.consent, url: values.url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const bodies = [];
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.method !== 'POST' || !new URL(e.request.url).pathname.endsWith('/telemetry')) return;
      bodies.push(
        e.request.postData !== undefined
          ? Promise.resolve(e.request.postData)
          : cdp.send('Network.getRequestPostData', { requestId: e.requestId }).then((r) => r.postData),
      );
    });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(values.url);
    await page.waitForFunction(() => performance.getEntriesByName('shell:telemetry').length > 0, undefined, { timeout: 30_000 });
    while (!bodies.length) await page.waitForTimeout(100); // the first beacon, 3 s after the collector starts
    await page.locator('h1').first().click(); // one interaction (on text, no link), so INP has something to measure
    await page.waitForTimeout(200);
    if (page.url() !== values.url) throw new Error(`the click left the page (${page.url()})`);
    const before = bodies.length;
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    for (let t = 0; t < 20 && bodies.length === before; t++) await page.waitForTimeout(50); // the last beacon, if anything was left to send
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    const sent = await Promise.all(bodies);
    await context.close();
    bytes.push(sent.reduce((n, b) => n + Buffer.byteLength(b ?? ''), 0));
    beacons.push(sent.length);
    const measured = await telemetryCpuMs(trace.traceEvents);
    cpu.push(measured.ms);
    samples.push(measured.samples);
  }
} finally {
  await browser.close();
}
console.log(
  `telemetry per page (${values.runs} loads of ${values.url}, consent ${values.consent}): ` +
    `median ${median(bytes)} bytes in ${median(beacons)} beacon(s) (min ${Math.min(...bytes)}, max ${Math.max(...bytes)}), ` +
    `median ${median(cpu).toFixed(2)} ms main-thread CPU (min ${Math.min(...cpu).toFixed(2)}, max ${Math.max(...cpu).toFixed(2)}; ` +
    `median ${median(samples)} profile samples in the telemetry)`,
);

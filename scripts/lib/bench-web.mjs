/**
 * Pure parts of scripts/bench-web.mjs: command line, what one
 * Lighthouse result says about a page (metrics, first-load JavaScript from the network records),
 * medians over runs, and the Markdown table. No I/O here, so tests/bench-web.test.ts can check it
 * against a recorded Lighthouse result (tests/fixtures/lighthouse-royal.json).
 */
import { MONOLITHIC } from './bench-web-args.mjs';

export { DEFAULT_PAGES, MONOLITHIC, USAGE, parseBenchArgs } from './bench-web-args.mjs';

/**
 * Median of finite numbers (mean of the two middle ones for an even count).
 * @param {number[]} values
 * @returns {number | null} null when there is no finite value
 */
export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/**
 * The order in which targets are measured in run `run` on page number `pageIndex`: rotated, so
 * no deployment is always measured first (warm server, quieter machine) — before/after figures
 * come from one interleaved run.
 * @template T
 * @param {T[]} targets
 * @param {number} run 0-based
 * @param {number} pageIndex 0-based
 * @returns {T[]}
 */
export function interleave(targets, run, pageIndex) {
  const k = targets.length ? (run + pageIndex) % targets.length : 0;
  return [...targets.slice(k), ...targets.slice(0, k)];
}

/**
 * @typedef {{ url: string, resourceType: string, rendererStartTime: number, transferSize: number,
 *   resourceSize: number, beforeLoad: boolean }} ScriptRecord
 *   one script request: start in ms after the first request of the page, sizes in bytes
 *   (`transferSize` as sent on the wire, `resourceSize` decoded)
 * @typedef {{ loadMs: number, scripts: ScriptRecord[], requests: number }} NetworkSummary
 *   `loadMs`: the page's load event in ms after the first request; `requests`: every request of
 *   the page except CORS preflights and data:/blob: URLs
 */

/**
 * Script requests of a Lighthouse result (audit `network-requests`, resource type `Script`:
 * `<script>`, module imports, modulepreload) with whether each was requested before the page's
 * load event (audit `metrics`: observedLoadTs). "First-load JS" is the scripts with
 * `beforeLoad`; the rest came later (remotes loaded by the federation runtime after load, code
 * loaded on use) but still during Lighthouse's page load (until network and CPU are quiet).
 * @param {{ audits: Record<string, { details?: { items?: Array<Record<string, unknown>>, debugData?: Record<string, unknown> } }> }} lhr
 *   a Lighthouse result (LH 12/13 shape)
 * @returns {NetworkSummary}
 * @throws Error when the result has no network records or no load event (a failed page load)
 */
export function networkSummary(lhr) {
  const network = lhr.audits['network-requests']?.details;
  const metrics = lhr.audits.metrics?.details?.items?.[0];
  const startTs = Number(network?.debugData?.networkStartTimeTs); // µs, trace clock
  const loadTs = Number(metrics?.observedLoadTs); // µs, trace clock
  if (!network?.items?.length || !Number.isFinite(startTs)) throw new Error('Lighthouse result has no network records');
  if (!Number.isFinite(loadTs)) throw new Error('Lighthouse result has no load event (observedLoadTs)');
  const loadMs = (loadTs - startTs) / 1000;
  const items = network.items.filter((r) => r.resourceType !== 'Preflight' && !/^(data|blob):/.test(String(r.url)));
  const scripts = items
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({
      url: String(r.url),
      resourceType: String(r.resourceType),
      rendererStartTime: Number(r.rendererStartTime),
      transferSize: Number(r.transferSize ?? 0),
      resourceSize: Number(r.resourceSize ?? 0),
      beforeLoad: Number(r.rendererStartTime) < loadMs,
    }));
  return { loadMs, scripts, requests: items.length };
}

/**
 * @typedef {{ score: number | null, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, speedIndexMs: number,
 *   benchmarkIndex: number, longTasks: number, longTasksMs: number }} LabMetrics
 */

/**
 * Lab metrics of a Lighthouse result: performance score 0–100 (null when Lighthouse could not
 * score), FCP/LCP/TBT/Speed Index in ms (simulated throttling), CLS unitless, and the
 * benchmarkIndex Lighthouse measured on the machine before the run (its CPU speed: simulated
 * throttling multiplies the main-thread time this CPU measures, so absolute TBT moves with it;
 * NaN when absent), and the long tasks (count and total ms, {@link longTasks}).
 * @param {{ categories: { performance?: { score: number | null } }, audits: Record<string, { numericValue?: number }>,
 *   environment?: { benchmarkIndex?: number } }} lhr
 * @returns {LabMetrics}
 */
export function labMetrics(lhr) {
  const score = lhr.categories.performance?.score;
  const n = (id) => Number(lhr.audits[id]?.numericValue);
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    fcpMs: n('first-contentful-paint'),
    lcpMs: n('largest-contentful-paint'),
    tbtMs: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    speedIndexMs: n('speed-index'),
    benchmarkIndex: Number(lhr.environment?.benchmarkIndex),
    ...longTasks(lhr.audits['long-tasks']),
  };
}

/**
 * The main-thread tasks of 50 ms or more (Lighthouse's `long-tasks` audit: durations in ms, under
 * the simulated phone CPU like TBT): how many and their total. NaN for both without the audit.
 * @param {{ details?: { items?: Array<{ duration?: number }> } } | undefined} audit
 * @returns {{ longTasks: number, longTasksMs: number }}
 */
function longTasks(audit) {
  const items = audit?.details?.items;
  if (!Array.isArray(items)) return { longTasks: NaN, longTasksMs: NaN };
  const durations = items.map((i) => Number(i.duration)).filter((d) => d >= 50);
  return { longTasks: durations.length, longTasksMs: durations.reduce((a, d) => a + d, 0) };
}

/**
 * @typedef {LabMetrics & { firstLoadJsGzip: number, firstLoadJsWire: number, firstLoadScripts: number,
 *   allJsGzip: number, allScripts: number, requests: number }} RunFigures
 *   one run of one page: JS sizes in bytes (gzip = gzip -6 of each body, like
 *   scripts/size-report.mjs; wire = transferSize)
 */

/**
 * Keys of {@link RunFigures} whose median is reported.
 * @type {Array<keyof RunFigures>}
 */
const FIGURES = [
  'score',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'speedIndexMs',
  'firstLoadJsGzip',
  'firstLoadJsWire',
  'firstLoadScripts',
  'allJsGzip',
  'allScripts',
  'requests',
  'benchmarkIndex',
  'longTasks',
  'longTasksMs',
];

/**
 * Median of every figure over the successful runs of one page and deployment.
 * @param {RunFigures[]} runs
 * @returns {Record<string, number | null> & { runs: number }} `runs`: how many runs were usable
 */
export function medians(runs) {
  /** @type {Record<string, number | null> & { runs: number }} */
  const out = { runs: runs.length };
  for (const k of FIGURES) out[k] = median(runs.map((r) => /** @type {number} */ (r[k])));
  return out;
}

const kib = (bytes) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(1)} KiB`);
const seconds = (ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms) => (ms === null ? '–' : `${Math.round(ms)} ms`);
const plain = (x, digits = 0) => (x === null ? '–' : x.toFixed(digits));
const ratio = (a, b) => (a === null || b === null || !b ? '–' : `${(a / b).toFixed(2)}×`);

/**
 * Markdown table of the medians, one row per page and deployment, then (with the monolithic
 * build measured) one ratio row per deployment: deployment / monolithic of the medians of LCP,
 * TBT, the JavaScript and the request columns (both measured in the same interleaved run, so the
 * ratio does not move with the machine's speed as the absolute figures do).
 * @param {Array<{ page: string, target: string, median: ReturnType<typeof medians> }>} rows
 * @param {{ runs: number }} o runs asked per page (a cell with fewer usable runs says so)
 * @returns {string} the table, no trailing newline
 */
export function markdownTable(rows, { runs }) {
  const header = [
    'page',
    'build',
    'performance',
    'LCP',
    'TBT',
    'CLS',
    'FCP',
    'first-load JS gzip',
    'first-load scripts',
    'first-load JS on the wire',
    'all JS gzip (scripts)',
    'requests',
    'long tasks (total)',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`];
  const pages = [...new Set(rows.map((r) => r.page))];
  for (const page of pages) {
    const own = rows.filter((r) => r.page === page);
    const mono = own.find((r) => r.target === MONOLITHIC)?.median;
    for (const { target, median: m } of own) {
      const short = m.runs < runs ? ` (${m.runs}/${runs} runs)` : '';
      lines.push(
        `| ${page} | ${target}${short} | ${plain(m.score)} | ${seconds(m.lcpMs)} | ${millis(m.tbtMs)} | ${plain(m.cls, 3)} | ${seconds(m.fcpMs)} | ` +
          `${kib(m.firstLoadJsGzip)} (${m.firstLoadJsGzip === null ? '–' : Math.round(m.firstLoadJsGzip)} B) | ${plain(m.firstLoadScripts)} | ${kib(m.firstLoadJsWire)} | ` +
          `${kib(m.allJsGzip)} (${plain(m.allScripts)}) | ${plain(m.requests)} | ${plain(m.longTasks ?? null)} (${millis(m.longTasksMs ?? null)}) |`,
      );
    }
    if (!mono) continue;
    for (const { target, median: m } of own.filter((r) => r.target !== MONOLITHIC)) {
      lines.push(
        `| ${page} | ${target} / ${MONOLITHIC} |  | ${ratio(m.lcpMs, mono.lcpMs)} | ${ratio(m.tbtMs, mono.tbtMs)} |  |  | ${ratio(m.firstLoadJsGzip, mono.firstLoadJsGzip)} | ${ratio(m.firstLoadScripts, mono.firstLoadScripts)} | ` +
          `${ratio(m.firstLoadJsWire, mono.firstLoadJsWire)} | ${ratio(m.allJsGzip, mono.allJsGzip)} (${ratio(m.allScripts, mono.allScripts)}) | ${ratio(m.requests, mono.requests)} | ` +
          `${ratio(m.longTasksMs ?? null, mono.longTasksMs ?? null)} |`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * @jest-environment node
 *
 * The pure parts of the phone benchmark (scripts/bench-web.mjs; figures in
 * docs/PERFORMANCE.md): its command line, medians, the run order that interleaves deployments,
 * and what it reads from a Lighthouse result — checked on a recorded Lighthouse 13.5 result of
 * /royal on main (tests/fixtures/lighthouse-royal.json), where the shell's scripts load before the
 * load event and the remotes' code (federation runtime, after load) does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_PAGES,
  interleave,
  labMetrics,
  markdownTable,
  median,
  medians,
  networkSummary,
  parseBenchArgs,
} from '../scripts/lib/bench-web.mjs';

const lhr = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'lighthouse-royal.json'), 'utf8'));
const defaults = { defaultServeDir: '/repo' };

describe('parseBenchArgs', () => {
  test('measures two deployments in one run: running targets first, then served checkouts on their own port offsets', () => {
    const o = parseBenchArgs(
      [
        '--target',
        'after=http://localhost:3000/',
        '--serve',
        'before=/work/wt/web-base',
        '--serve',
        'other=../x',
        '--runs',
        '5',
        '--json',
        'out.json',
      ],
      defaults,
    );
    expect(o.targets).toEqual([
      { name: 'after', url: 'http://localhost:3000' },
      { name: 'before', dir: '/work/wt/web-base', portOffset: 600 },
      { name: 'other', dir: '../x', portOffset: 610 },
    ]);
    expect(o).toMatchObject({
      runs: 5,
      json: 'out.json',
      monolith: true,
      monolithPort: 3690,
      timeoutMs: 120_000,
      pages: DEFAULT_PAGES,
      server: 'royal',
    });
  });

  test('without a target it serves this checkout; --no-monolith, --pages and --api are honoured', () => {
    const o = parseBenchArgs(
      ['--no-monolith', '--pages', '/royal, /royal/news/{article}', '--api', 'current=http://localhost:4600/', '--port-offset', '650'],
      defaults,
    );
    expect(o.targets).toEqual([{ name: 'current', dir: '/repo', portOffset: 650 }]);
    expect(o.apis).toEqual({ current: 'http://localhost:4600' });
    expect(o.pages).toEqual(['/royal', '/royal/news/{article}']);
    expect(o.monolith).toBe(false);
  });

  test.each([
    [['--target', 'http://localhost:3000'], /NAME=VALUE/],
    [['--target', 'a=not a url'], /not a URL/],
    [['--target', 'a=http://x', '--serve', 'a=/y'], /used twice/],
    [['--target', 'monolithic=http://x'], /reserved/],
    [['--target', 'a=http://x', '--api', 'b=http://y'], /no --target or --serve is called "b"/],
    [['--runs', '0'], /--runs expects an integer/],
    [['--timeout', 'soon'], /--timeout expects an integer/],
    [['--pages', 'royal'], /not a path/],
    [['--frobnicate'], /Unknown option/],
  ])('rejects %j with a message naming the problem', (argv, message) => {
    expect(() => parseBenchArgs(argv, defaults)).toThrow(message);
  });
});

describe('median', () => {
  test('middle value, mean of the two middle ones for an even count, unusable values ignored', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([5, Number.NaN, 7, Number.POSITIVE_INFINITY, 9])).toBe(7);
    expect(median([])).toBeNull();
  });

  test('medians take each figure over the usable runs on its own', () => {
    const run = (score: number, lcpMs: number) => ({
      score,
      fcpMs: 1,
      lcpMs,
      tbtMs: 0,
      cls: 0,
      speedIndexMs: 1,
      firstLoadJsGzip: 100,
      firstLoadJsWire: 300,
      firstLoadScripts: 2,
      allJsGzip: 150,
      allScripts: 3,
      requests: 9,
    });
    expect(medians([run(40, 9000), run(60, 7000), run(50, 8000)])).toMatchObject({ runs: 3, score: 50, lcpMs: 8000, firstLoadJsGzip: 100 });
  });
});

test('interleave rotates the order so every deployment is measured first equally often', () => {
  const firsts = [0, 1, 2].flatMap((run) => [0, 1, 2].map((page) => interleave(['a', 'b', 'c'], run, page)[0]));
  expect(firsts.filter((t) => t === 'a')).toHaveLength(3);
  expect(firsts.filter((t) => t === 'b')).toHaveLength(3);
  expect(interleave(['a', 'b'], 1, 0)).toEqual(['b', 'a']);
});

describe('reading a recorded Lighthouse result (/royal on main)', () => {
  test('first-load JS is the scripts requested before the load event: the shell, not the remotes loaded after it', () => {
    const net = networkSummary(lhr);
    expect(net.loadMs).toBeCloseTo(237.5, 1);
    expect(net.scripts).toHaveLength(21);
    const first = net.scripts.filter((s) => s.beforeLoad);
    expect(first).toHaveLength(15);
    expect(first.every((s) => s.url.startsWith('http://localhost:3600/assets/'))).toBe(true);
    const later = net.scripts.filter((s) => !s.beforeLoad).map((s) => s.url);
    expect(later).toContain('http://localhost:3602/1.0.0/remoteEntry.js');
    expect(later).toContain('http://localhost:3604/1.0.0/remoteEntry.js');
    expect(first.reduce((a, s) => a + s.transferSize, 0)).toBe(1_040_936);
  });

  test('requests count every request of the page except CORS preflights', () => {
    const items = lhr.audits['network-requests'].details.items as Array<{ resourceType: string }>;
    expect(items.some((r) => r.resourceType === 'Preflight')).toBe(true);
    expect(networkSummary(lhr).requests).toBe(items.filter((r) => r.resourceType !== 'Preflight').length);
  });

  test('a result without network records (failed load) is an error, not zero bytes', () => {
    expect(() => networkSummary({ audits: { 'network-requests': { details: { items: [] } }, metrics: lhr.audits.metrics } })).toThrow(
      /no network records/,
    );
  });

  test('lab metrics: score 0–100 and LCP/TBT in ms as Lighthouse computed them', () => {
    expect(labMetrics(lhr)).toMatchObject({ score: 42, tbtMs: 2206.5 });
    expect(labMetrics(lhr).lcpMs).toBeCloseTo(8287.2, 1);
    expect(labMetrics(lhr).cls).toBeCloseTo(0.101, 3);
  });
});

test('the Markdown table gives each deployment a row and its ratio to the monolithic build', () => {
  const m = (firstLoadJsGzip: number, runs = 3) => ({
    runs,
    score: 50,
    fcpMs: 1200,
    lcpMs: 8000,
    tbtMs: 1500,
    cls: 0.1,
    speedIndexMs: 4000,
    firstLoadJsGzip,
    firstLoadJsWire: 3 * firstLoadJsGzip,
    firstLoadScripts: 10,
    allJsGzip: firstLoadJsGzip,
    allScripts: 12,
    requests: 30,
  });
  const table = markdownTable(
    [
      { page: '/royal', target: 'base', median: m(300 * 1024) },
      { page: '/royal', target: 'monolithic', median: m(200 * 1024, 2) },
    ],
    { runs: 3 },
  ).split('\n');
  expect(table).toHaveLength(5);
  expect(table[2]).toContain('| /royal | base | 50 | 8.0 s | 1500 ms | 0.100 | 1.2 s | 300.0 KiB (307200 B) |');
  expect(table[3]).toContain('monolithic (2/3 runs)');
  expect(table[4]).toMatch(/^\| \/royal \| base \/ monolithic \|.*\| 1\.50× \|/);
});

test('the ratio row gives LCP and TBT of the deployment over the monolithic build of the same run', () => {
  const m = (lcpMs: number, tbtMs: number) => ({
    runs: 3,
    score: 50,
    fcpMs: 1200,
    lcpMs,
    tbtMs,
    cls: 0,
    speedIndexMs: 4000,
    firstLoadJsGzip: 100 * 1024,
    firstLoadJsWire: 300 * 1024,
    firstLoadScripts: 10,
    allJsGzip: 100 * 1024,
    allScripts: 12,
    requests: 30,
    benchmarkIndex: 1400,
  });
  const table = markdownTable(
    [
      { page: '/royal', target: 'base', median: m(2000, 300) },
      { page: '/royal', target: 'monolithic', median: m(4000, 1200) },
    ],
    { runs: 3 },
  ).split('\n');
  // columns: page, build, performance, LCP, TBT, CLS, FCP, first-load JS …
  const cells = table[4]!.split('|').map((c) => c.trim());
  expect(cells.slice(1, 9)).toEqual(['/royal', 'base / monolithic', '', '0.50×', '0.25×', '', '', '1.00×']);
});

test('lab metrics count the long tasks of 50 ms or more and their total time', () => {
  const audit = { details: { items: [{ duration: 180 }, { duration: 52.5 }, { duration: 40 }] } };
  expect(labMetrics({ categories: {}, audits: { 'long-tasks': audit } })).toMatchObject({ longTasks: 2, longTasksMs: 232.5 });
  expect(labMetrics({ categories: {}, audits: {} }).longTasks).toBeNaN();
});

test('lab metrics carry the benchmarkIndex Lighthouse measured on the machine', () => {
  expect(labMetrics({ categories: {}, audits: {}, environment: { benchmarkIndex: 1425.5 } }).benchmarkIndex).toBe(1425.5);
  expect(medians([{ benchmarkIndex: 1400 }, { benchmarkIndex: 1500 }, { benchmarkIndex: 1450 }] as never).benchmarkIndex).toBe(1450);
});

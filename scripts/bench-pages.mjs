#!/usr/bin/env node
/**
 * Load test of the page server as `npm start` serves it, several checkouts side by side in ONE
 * run (before/after figures share the machine's state; medians over rounds, targets interleaved).
 *
 *   node scripts/bench-pages.mjs --serve before=/work/wt/base --serve after=.
 *   node scripts/bench-pages.mjs --serve after=. --duration 5 --rounds 1
 *
 * Each target is its own `node <dir>/scripts/serve.mjs` (shell, remotes, API on a fresh PGlite
 * database; ports moved by PORT_OFFSET, `--offset-base` 2600 + 100 per target), built beforehand.
 * Per round and target, autocannon on the loopback address only, bounded by `--duration`:
 *   - anonymous visitors, `--connections` (50), spread over four languages by the
 *     `i18n_redirected` cookie (en, de, ru, pl), `Accept-Encoding: br, gzip`, on /royal,
 *     /royal/news, the newest article and /royal/bets;
 *   - logged-in visitors (the three demo players' session cookies, each in the four languages),
 *     `--logged-in-connections` (20), on the same pages.
 * Printed (and `--json <file>`): per scenario req/s, p50, p99 (ms), errors (socket errors,
 * timeouts, non-2xx) and, where the server says `X-Cache`, the share of HIT answers. Medians over
 * `--rounds` (3). The run stops by itself: rounds × targets × 8 scenarios × (warm-up + duration).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    serve: { type: 'string', multiple: true, default: ['after=.'] },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'logged-in-connections': { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    'offset-base': { type: 'string', default: '2600' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('node scripts/bench-pages.mjs [--serve name=dir]… [--duration s] [--rounds n] [--connections n] [--json file]');
  process.exit(0);
}

const LANGUAGES = ['en', 'de', 'ru', 'pl'];
/** The seeded demo players (api/src/domains/auth/seed.ts): logged-in visitors are spread over them. */
const DEMO_PLAYERS = ['demo', 'demo_rookie', 'demo_legend'];
const DEMO = { password: 'Demo-Goal-2026', fingerprint: 'demo-device' };
const targets = values.serve.map((spec, i) => {
  const [name, dir] = spec.includes('=') ? spec.split('=') : [`t${i}`, spec];
  const offset = Number(values['offset-base']) + 100 * i;
  return { name, dir: resolve(dir), offset, shell: `http://127.0.0.1:${3000 + offset}`, api: `http://127.0.0.1:${4000 + offset}` };
});
const children = new Set();
const dataDirs = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** Starts `npm start`'s server script of a checkout and waits until its home page answers. */
async function start(target) {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-pages-${target.name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: target.dir,
    env: { ...process.env, PORT_OFFSET: String(target.offset), DATA_DIR: dataDir, HOST: '127.0.0.1', DEV_FEATURES: '1', OAUTH_MOCK: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout.resume(); // the servers' logs go somewhere, as in a terminal
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${target.name}: serve.mjs exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${target.shell}/royal`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  throw new Error(`${target.name}: ${target.shell}/royal did not answer within 300 s`);
}

/** A demo player's session cookies on royal (the XSRF pair first, as the browser does). */
async function sessionCookie(target, login) {
  const csrf = await fetch(`${target.api}/royal/csrf`);
  const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = jar.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  const res = await fetch(`${target.api}/royal/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.join('; '), 'x-xsrf-token': decodeURIComponent(token ?? '') },
    body: JSON.stringify({ ...DEMO, login }),
  });
  if (!res.ok) throw new Error(`${target.name}: demo login answered ${res.status} ${await res.text()}`);
  const session = await res.json();
  return `auth.royal._token.local=${session.token}; auth.royal._token.uid=${session.uid}`;
}

/** Busy and total jiffies per core from /proc/stat (Linux), or null elsewhere. */
function cpuTimes() {
  if (!existsSync('/proc/stat')) return null;
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l))
    .map((l) => {
      const f = l.trim().split(/\s+/).slice(1).map(Number);
      const idle = f[3] + f[4];
      const total = f.reduce((a, b) => a + b, 0);
      return { busy: total - idle, total };
    });
}

/** Busy share of each core between two {@link cpuTimes} snapshots (the whole machine: servers and load generator). */
const coresBusy = (a, b) => (a && b ? b.map((c, i) => (c.busy - a[i].busy) / Math.max(1, c.total - a[i].total)) : []);

/** One autocannon run; counts `X-Cache` values of the answers. */
function run(url, connections, duration, cookies) {
  const cache = { HIT: 0, total: 0, seen: false };
  return new Promise((done, fail) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests: cookies.map((cookie) => ({ headers: { cookie, 'accept-encoding': 'br, gzip' } })),
        setupClient(client) {
          client.on('headers', ({ headers }) => {
            cache.total++;
            for (let i = 0; i < headers.length; i += 2) {
              if (String(headers[i]).toLowerCase() === 'x-cache') {
                cache.seen = true;
                if (String(headers[i + 1]) === 'HIT') cache.HIT++;
              }
            }
          });
        },
      },
      (err, r) =>
        err
          ? fail(err)
          : done({
              rps: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              errors: r.errors + r.timeouts + r.non2xx,
              hitRatio: cache.seen && cache.total ? cache.HIT / cache.total : null,
            }),
    );
  });
}

for (const t of targets) {
  console.log(`› starting ${t.name} (${t.dir}) on ${t.shell}`);
  await start(t);
}
const article = (await (await fetch(`${targets[0].api}/royal/news?per_page=1`)).json()).items[0].slug;
const sessions = new Map();
for (const t of targets) sessions.set(t.name, await Promise.all(DEMO_PLAYERS.map((login) => sessionCookie(t, login))));
const pages = ['/royal', '/royal/news', `/royal/news/${article}`, '/royal/bets'];
const label = (path) => (path === pages[2] ? '/royal/news/<article>' : path);
const scenarios = [
  ...pages.map((path) => ({ name: `anonymous ${label(path)}`, path, kind: 'anonymous' })),
  ...pages.map((path) => ({ name: `logged-in ${label(path)}`, path, kind: 'logged-in' })),
];
const results = {};
const duration = Number(values.duration);
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const scenario of scenarios) {
    for (const t of targets) {
      const anonymous = scenario.kind === 'anonymous';
      const cookies = anonymous
        ? LANGUAGES.map((l) => `i18n_redirected=${l}`)
        : LANGUAGES.flatMap((l) => sessions.get(t.name).map((session) => `i18n_redirected=${l}; ${session}`));
      const connections = Number(anonymous ? values.connections : values['logged-in-connections']);
      await run(t.shell + scenario.path, connections, Number(values.warmup), cookies);
      const before = cpuTimes();
      const r = await run(t.shell + scenario.path, connections, duration, cookies);
      r.cores = coresBusy(before, cpuTimes());
      ((results[scenario.name] ??= {})[t.name] ??= []).push(r);
      console.log(
        `  round ${round} ${scenario.name.padEnd(32)} ${t.name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}` +
          (r.hitRatio === null ? '' : `  HIT ${(100 * r.hitRatio).toFixed(1)} %`) +
          `  cores busy ${r.cores.map((c) => `${Math.round(100 * c)} %`).join(' / ')}`,
      );
    }
  }
}

const summary = {};
console.log(
  `\nMedians of ${values.rounds} rounds, ${duration} s each (connections: anonymous ${values.connections}, logged-in ${values['logged-in-connections']}):`,
);
console.log('| scenario | target | req/s | p50 ms | p99 ms | errors | X-Cache HIT |');
console.log('|---|---|---|---|---|---|---|');
for (const [scenario, byTarget] of Object.entries(results)) {
  for (const [name, rs] of Object.entries(byTarget)) {
    const hits = rs.map((r) => r.hitRatio).filter((h) => h !== null);
    const m = {
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      errors: median(rs.map((r) => r.errors)),
      hitRatio: hits.length ? median(hits) : null,
    };
    (summary[scenario] ??= {})[name] = m;
    console.log(
      `| ${scenario} | ${name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} | ${m.hitRatio === null ? '–' : `${(100 * m.hitRatio).toFixed(1)} %`} |`,
    );
  }
}
if (values.json) writeFileSync(values.json, JSON.stringify({ targets, summary, results }, null, 2));
process.exit(0);

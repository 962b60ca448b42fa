#!/usr/bin/env node
/**
 * Throughput through the edge beside `npm start`'s, in one run (docs/performance/docker.md):
 *
 *   node scripts/docker/bench.mjs [--duration 10] [--connections 50] [--logged-in-connections 20] [--json file]
 *
 * - `docker`: docker-compose.yml as project `football-landing-bench` at PORT_OFFSET 600 (images
 *   as `npm run start:docker` builds them), through the edge (shell-lb) and api-lb; removed after.
 * - `npm start`: scripts/serve.mjs at PORT_OFFSET 680 on a fresh PGlite database (one page
 *   server process per core, no edge), stopped after.
 * Per target, autocannon on 127.0.0.1 only, bounded by --duration: anonymous visitors on /royal,
 * /royal/news and the newest article, spread over four languages (`i18n_redirected`),
 * `Accept-Encoding: br, gzip`; then logged-in visitors (three players each: registered through the
 * mail catcher on docker, the demo players on `npm start`) on the same pages. Printed: req/s, p50
 * and p99 (ms), errors, the share of HIT answers (`X-Edge-Cache` at the edge, `X-Cache` of the page
 * server), and the cost: CPU and memory of the containers (`docker stats`) and of `npm start`'s
 * processes, idle and under the anonymous load. The targets run one after the other, so the
 * machine is shared by one of them at a time.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ensureEngine } from './engine.mjs';
import { baseImages } from './local-images.mjs';
import { buildProjectImages, environmentsAt, root, stackOf, up, waitFor } from './stack.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'logged-in-connections': { type: 'string', default: '20' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('node scripts/docker/bench.mjs [--duration s] [--connections n] [--logged-in-connections n] [--json file]');
  process.exit(0);
}
const DURATION = Number(values.duration);
const LANGUAGES = ['en', 'de', 'ru', 'pl'];

/** One autocannon run on `path` with the given cookies in turn; counts the cache header's HITs. */
function run(base, path, connections, cookies, cacheHeader) {
  const cache = { hit: 0, total: 0 };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + path,
        connections,
        duration: DURATION,
        requests: cookies.map((cookie) => ({ headers: { cookie, 'accept-encoding': 'br, gzip' } })),
        setupClient(client) {
          client.on('headers', ({ headers }) => {
            cache.total++;
            for (let i = 0; i < headers.length; i += 2) {
              if (String(headers[i]).toLowerCase() === cacheHeader && String(headers[i + 1]) === 'HIT') cache.hit++;
            }
          });
        },
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: Math.round(r.requests.average),
              p50: r.latency.p50,
              p99: r.latency.p99,
              errors: r.errors + r.timeouts + r.non2xx,
              hit: cache.total ? cache.hit / cache.total : 0,
            }),
    );
  });
}

/** CPU time (ns) of a container from its cgroup (v1 `cpuacct.usage`, v2 `cpu.stat`), or 0. */
function containerCpuNs(id) {
  for (const [file, read] of [
    [`/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`, (t) => Number(t)],
    [`/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`, (t) => Number(/usage_usec (\d+)/.exec(t)?.[1] ?? 0) * 1000],
  ]) {
    try {
      return read(readFileSync(file, 'utf8'));
    } catch {
      // another cgroup layout
    }
  }
  return 0;
}

/**
 * CPU % (over 2 s from the containers' cgroups; 100 % = one core) and memory (MiB, `docker
 * stats`) of the composition's containers, by service. (`docker stats --no-stream` gives 0 % CPU
 * on its first sample on this engine.)
 */
async function containerCost(project) {
  const ids = spawnSync('docker', ['ps', '-q', '--no-trunc', '--filter', `label=com.docker.compose.project=${project}`], {
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean);
  const before = new Map(ids.map((id) => [id, containerCpuNs(id)]));
  await sleep(2000);
  const out = spawnSync('docker', ['stats', '--no-stream', '--no-trunc', '--format', '{{.ID}}\t{{.Name}}\t{{.MemUsage}}', ...ids], {
    encoding: 'utf8',
  }).stdout;
  const byService = {};
  let cpu = 0;
  let mem = 0;
  for (const line of out.split('\n').filter(Boolean)) {
    const [id, name, memText] = line.split('\t');
    const service = name.replace(`${project}_`, '').replace(/_\d+$/, '');
    const [, amount, unit] = /^([\d.]+)(\w+)/.exec(memText) ?? [];
    const mib = Number(amount) * ({ KiB: 1 / 1024, MiB: 1, GiB: 1024 }[unit] ?? 1);
    const c = ((containerCpuNs(id) - (before.get(id) ?? 0)) / 2e9) * 100;
    const prev = byService[service] ?? { cpu: 0, mib: 0, count: 0 };
    byService[service] = { cpu: Math.round(prev.cpu + c), mib: Math.round(prev.mib + mib), count: prev.count + 1 };
    cpu += c;
    mem += mib;
  }
  return { cpu: Math.round(cpu), mib: Math.round(mem), byService };
}

/** Pids of a process and its descendants (ps). */
function treePids(rootPid) {
  const rows = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = new Set([String(rootPid)]);
  for (const pid of tree) for (const c of children.get(pid) ?? []) tree.add(c);
  return [...tree];
}

/** CPU time (clock ticks, user + system) and resident memory (MiB) of pids, from /proc. */
function procTimes(pids) {
  let ticks = 0;
  let mib = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      mib += (Number(fields[21]) * 4096) / 1024 / 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return { ticks, mib };
}

/** CPU % (over 2 s; 100 % = one core) and resident memory (MiB) of a process tree, as docker stats gives them for containers. */
async function treeCost(rootPid) {
  const pids = treePids(rootPid);
  const a = procTimes(pids);
  await sleep(2000);
  const b = procTimes(pids);
  return { cpu: Math.round(b.ticks - a.ticks) / 2, mib: Math.round(b.mib), processes: pids.length };
}

/** Runs the scenarios on one target; `cost()` measures it under the anonymous load. */
async function scenarios(target) {
  const rows = [];
  const article = (await (await fetch(`${target.api}/royal/news?limit=1`)).json()).items[0].slug;
  const pages = ['/royal', '/royal/news', `/royal/news/${article}`];
  const anonymous = LANGUAGES.map((l) => `i18n_redirected=${l}`);
  const idle = await target.cost();
  for (const path of pages) {
    await run(target.edge, path, 10, anonymous, target.cacheHeader); // warm-up
    // The cost is read halfway through the run on /royal.
    const during = path === '/royal' ? sleep((DURATION * 1000) / 2 - 1000).then(() => target.cost()) : null;
    const r = await run(target.edge, path, Number(values.connections), anonymous, target.cacheHeader);
    rows.push({ target: target.name, scenario: `anonymous ${path.replace(article, '<article>')}`, ...r });
    if (during) rows.at(-1).costUnderLoad = await during;
  }
  const sessions = await target.sessions();
  const loggedIn = sessions.flatMap((s) => LANGUAGES.map((l) => `${s}; i18n_redirected=${l}`));
  for (const path of pages) {
    const r = await run(target.edge, path, Number(values['logged-in-connections']), loggedIn, target.cacheHeader);
    rows.push({ target: target.name, scenario: `logged-in ${path.replace(article, '<article>')}`, ...r });
  }
  return { rows, idle };
}

const results = [];
const t0 = Date.now();

// ---- docker --------------------------------------------------------------------------------------
await ensureEngine();
const images = await baseImages();
buildProjectImages({ images, frontEnd: 'if-missing' });
const offset = 600;
const stack = stackOf({ offset, project: 'football-landing-bench', images, envsDir: environmentsAt(offset, { fresh: true }) });
try {
  await up(stack);
  process.env.DOCKER_TEST_STACK = JSON.stringify({ project: stack.project, offset, ports: stack.ports, envsDir: stack.envsDir });
  const lib = await import('../../e2e-docker/lib.mjs');
  const docker = {
    name: 'docker (edge)',
    edge: `http://127.0.0.1:${stack.ports.SHELL_PORT}`,
    api: `http://127.0.0.1:${stack.ports.API_PORT}`,
    cacheHeader: 'x-edge-cache',
    cost: () => containerCost(stack.project),
    sessions: async () => Promise.all(['bencha', 'benchb', 'benchc'].map(async (tag) => (await lib.newPlayer(tag)).cookie)),
  };
  // The page server's own counters show through the edge on /health (page cache HITs behind the edge).
  results.push(await scenarios(docker));
  console.log(JSON.stringify(results.at(-1)));
} finally {
  stack.run(['down', '--volumes', '--remove-orphans']);
}

// ---- npm start -----------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'bench-docker-npm-start-'));
const child = spawn(process.execPath, ['scripts/serve.mjs'], {
  cwd: root,
  env: { ...process.env, PORT_OFFSET: '680', DATA_DIR: dataDir, HOST: '127.0.0.1', DEV_FEATURES: '1', OAUTH_MOCK: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serveLog = '';
for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (serveLog = (serveLog + d).slice(-3000)));
try {
  const shell = 'http://127.0.0.1:3680';
  await waitFor(`${shell}/royal`, 300_000).catch((e) => {
    throw new Error(`${e.message}\n${serveLog}`);
  });
  const npmStart = {
    name: 'npm start',
    edge: shell,
    api: 'http://127.0.0.1:4680',
    cacheHeader: 'x-cache',
    cost: () => treeCost(/** @type {number} */ (child.pid)),
    sessions: async () => {
      const cookies = [];
      for (const login of ['demo', 'demo_rookie', 'demo_legend']) {
        const csrf = await fetch('http://127.0.0.1:4680/royal/csrf');
        const jar = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
        const token = jar.map((c) => /^(?:__Host-)?XSRF-TOKEN=(.*)$/.exec(c)?.[1]).find(Boolean);
        const res = await fetch('http://127.0.0.1:4680/royal/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: jar.join('; '), 'x-xsrf-token': decodeURIComponent(token ?? '') },
          body: JSON.stringify({ login, password: 'Demo-Goal-2026', fingerprint: 'demo-device' }),
        });
        const s = await res.json();
        cookies.push(`auth.royal._token.local=${s.token}; auth.royal._token.uid=${s.uid}`);
      }
      return cookies;
    },
  };
  results.push(await scenarios(npmStart));
} finally {
  child.kill('SIGTERM');
  await sleep(1000);
  rmSync(dataDir, { recursive: true, force: true });
}

// ---- report --------------------------------------------------------------------------------------
const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ');
console.log(
  `\n${DURATION} s per scenario, ${values.connections} anonymous / ${values['logged-in-connections']} logged-in connections; load average ${load}; ${((Date.now() - t0) / 1000).toFixed(0)} s in all\n`,
);
console.log('| scenario | target | req/s | p50 ms | p99 ms | errors | HIT |');
console.log('|---|---|---:|---:|---:|---:|---:|');
const rows = results.flatMap((r) => r.rows).sort((a, b) => a.scenario.localeCompare(b.scenario));
for (const r of rows)
  console.log(`| ${r.scenario} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${(100 * r.hit).toFixed(1)} % |`);
console.log('\ncost:');
for (const r of results)
  console.log(`  ${r.rows[0].target}: idle ${JSON.stringify(r.idle)}; under anonymous load ${JSON.stringify(r.rows[0].costUnderLoad)}`);
if (values.json) writeFileSync(values.json, JSON.stringify({ duration: DURATION, load, results }, null, 2));
process.exit(0);

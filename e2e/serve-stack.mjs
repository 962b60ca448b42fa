#!/usr/bin/env node
/**
 * One e2e stack (playwright.config.ts starts one per worker): scripts/serve.mjs on DATA_DIR, whose
 * API database starts as a copy of the run's seeded database instead of being migrated and seeded
 * by each stack's API (10–30 s of CPU each). The first stack to get here runs the API's seed CLI
 * (api/src/cli/seed.ts: migrations, then the seed, with the stack's environment) into
 * `<E2E_DATA_ROOT>/api-seeded/` under a lock (proper-lockfile); every stack copies that folder into
 * its DATA_DIR, then serves. Exits with serve.mjs's code; SIGINT/SIGTERM are passed on.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.DATA_DIR;
const dataRoot = process.env.E2E_DATA_ROOT;
if (!dataDir || !dataRoot) {
  console.error('✖ e2e/serve-stack.mjs needs DATA_DIR and E2E_DATA_ROOT (playwright.config.ts sets them)');
  process.exit(2);
}
const seeded = join(dataRoot, 'api-seeded');

/** Runs `node <args>` in `cwd` with `env`; resolves with its exit code. */
function node(args, { cwd, env, stdio = 'inherit' }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// A PGlite folder holds PG_VERSION once initdb is done; the seed CLI leaves it migrated and seeded.
if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  // The lock's heartbeat runs on this event loop: the seed runs in a child process, asynchronously.
  const release = await lockfile.lock(dataRoot, {
    lockfilePath: `${seeded}-seeding.lock`, // `${seeded}.lock` is the PGlite folder's own lock
    stale: 30_000,
    retries: { retries: 1_200, minTimeout: 250, maxTimeout: 250 },
  });
  try {
    if (!existsSync(join(seeded, 'PG_VERSION'))) {
      const code = await node(['--import', 'tsx', 'src/cli/seed.ts'], {
        cwd: join(root, 'api'),
        env: { ...process.env, DATA_DIR: seeded, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (code !== 0) {
        console.error(`✖ the API's seed CLI failed (exit ${code}) in ${seeded}`);
        process.exit(code);
      }
    }
  } finally {
    await release();
  }
  // DATA_DIR also holds the local environment (`local/`); the database's files go beside it.
  for (const entry of readdirSync(seeded)) cpSync(join(seeded, entry), join(dataDir, entry), { recursive: true });
}

process.exit(await node([join(root, 'scripts', 'serve.mjs')], { cwd: root, env: process.env }));

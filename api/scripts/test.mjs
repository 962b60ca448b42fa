/**
 * The API suite's runner (`pnpm --filter ./api run test`; api/README.md "Tests").
 *
 * node:test's default runs each test file in a process of its own: on this project that costs
 * ~4 s of tsx start-up and module loading per file, and with ~60 files it was most of the suite's
 * time. Here the files are split into shards, one per core (at most `--shards`), and each shard
 * runs its files one after the other in ONE process (`--test-isolation=none`): the modules load
 * once per shard. Every file still gets its own databases (copies of the templates) and its own
 * apps, so a file's data never meets another's.
 *
 * The template databases (test/templates.ts) are built once here, before the shards start, with
 * test/global-setup.mjs's functions, and removed after the last shard; the shards find them in the
 * variable that global setup sets. Each shard's spec output is printed in one block when it ends,
 * with its time. Exit code: 0 when every shard passed, else the first failing shard's.
 *
 * Usage: node scripts/test.mjs [--shards N] [test files…]   (default: every test/*.test.ts)
 *
 * Hand-rolled because node:test has no option for "one process per shard" with a shared global
 * setup: `--test-shard` splits the files but each invocation would build its own templates.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { globalSetup, globalTeardown } from '../test/global-setup.mjs';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Files that start whole API processes or seed a database from scratch: each takes as long as
 * many ordinary files together (test/persistence.test.ts, test/build.test.ts,
 * test/start-guards.test.ts). They go first, each to another shard, so that no shard ends long
 * after the others with one of them.
 */
const SLOW_FILES = ['test/persistence.test.ts', 'test/build.test.ts', 'test/start-guards.test.ts'];

const { values, positionals } = parseArgs({
  options: { shards: { type: 'string' } },
  allowPositionals: true,
});
const files = positionals.length
  ? positionals
  : readdirSync(join(apiRoot, 'test'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `test/${f}`);
const shardCount = Math.max(1, Math.min(files.length, Number(values.shards ?? availableParallelism())));

/**
 * Splits `all` into `count` shards: the slow files first, then the others by size (bytes, the
 * longest first), each to the shard with the least so far (a slow file counts 8 times its size: about its share of the suite's time).
 * @returns one list of files per shard, none empty
 */
function split(all, count) {
  const weight = (f) => statSync(join(apiRoot, f)).size * (SLOW_FILES.includes(f) ? 8 : 1);
  const ordered = [...all].sort((a, b) => weight(b) - weight(a));
  const shards = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  for (const f of ordered) {
    const lightest = shards.reduce((min, s) => (s.weight < min.weight ? s : min));
    lightest.files.push(f);
    lightest.weight += weight(f);
  }
  return shards.map((s) => s.files).filter((s) => s.length > 0);
}

/** Runs one shard's files in one node:test process; resolves to its exit code. */
function runShard(shardFiles, index, total) {
  return new Promise((resolve) => {
    const started = performance.now();
    const args = ['--import', 'tsx', '--test', '--test-isolation=none', '--test-reporter=spec', ...shardFiles];
    const child = spawn(process.execPath, args, { cwd: apiRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const done = (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const mark = code === 0 ? '✔' : '✖';
      console.log(
        `\n${mark} shard ${index + 1}/${total} (${shardFiles.length} files, ${seconds} s): ${shardFiles.map((f) => relative('test', f)).join(' ')}`,
      );
      console.log(Buffer.concat(out).toString('utf8').trimEnd());
      resolve(code);
    };
    child.on('error', (err) => {
      out.push(Buffer.from(String(err.message)));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const shards = split(files, shardCount);
await globalSetup();
let codes;
try {
  console.log(`› ${files.length} files in ${shards.length} shard(s), each one process`);
  codes = await Promise.all(shards.map((s, i) => runShard(s, i, shards.length)));
} finally {
  await globalTeardown();
}
const failed = codes.findIndex((c) => c !== 0);
if (failed >= 0) {
  console.error(`\n✖ shard ${failed + 1} failed`);
  process.exitCode = codes[failed];
}

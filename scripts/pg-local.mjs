#!/usr/bin/env node
/**
 * A local PostgreSQL server from Debian's packages (`apt-get install postgresql`), for the API's
 * tests on PostgreSQL, multi-process runs and benchmarks. No Docker needed.
 *
 *   node scripts/pg-local.mjs start            # initdb on first use, start, create database "landing"
 *   node scripts/pg-local.mjs url              # prints the DATABASE_URL
 *   node scripts/pg-local.mjs status | stop | destroy
 *   node scripts/pg-local.mjs run -- <cmd …>   # start, run <cmd> with DATABASE_URL set, stop (exit code of <cmd>)
 *
 * Options: --dir <path> (default <repo>/.data/pg, or PG_LOCAL_DIR; as root, /var/tmp/landing-pg-…
 * when the postgres user cannot reach the repository), --port <n> (default PG_PORT,
 * else 5440 + PORT_OFFSET), --bin <dir> (default: newest /usr/lib/postgresql/<ver>/bin).
 *
 * The server listens on 127.0.0.1 only, with `trust` authentication (a throw-away local server:
 * never expose it). PostgreSQL refuses to run as root: when this script runs as root it runs the
 * server as the `postgres` system user (created by Debian's package; created here with `useradd`
 * when missing) through `runuser`, and gives that user the data directory.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
    bin: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const command = positionals[0] ?? 'start';
if (values.help || !['start', 'stop', 'status', 'url', 'run', 'destroy'].includes(command)) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('*/')[0]
      .replace(/^#!.*\n\/\*\*\n/, '')
      .replace(/^ \* ?/gm, ''),
  );
  process.exit(values.help ? 0 : 2);
}

const port = Number(values.port ?? process.env.PG_PORT ?? 5440 + Number(process.env.PORT_OFFSET ?? 0));
const DB_NAME = 'landing';
const url = `postgres://postgres@127.0.0.1:${port}/${DB_NAME}`;

/** Newest installed /usr/lib/postgresql/<ver>/bin, or the --bin option. */
function findBin() {
  if (values.bin) return values.bin;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) {
    console.error('✖ PostgreSQL binaries not found in /usr/lib/postgresql/<version>/bin: `apt-get install postgresql` (Debian)');
    process.exit(1);
  }
  return join(base, versions[0], 'bin');
}

const bin = findBin();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const RUN_AS = 'postgres';

/**
 * `<repo>/.data/pg`, unless we are root and the `postgres` user cannot reach the repository
 * (e.g. a clone under /root): then `/var/tmp/landing-pg-<hash of the repo path>`.
 */
function defaultDir() {
  const inRepo = join(root, '.data', 'pg');
  if (!isRoot) return inRepo;
  ensureUser();
  mkdirSync(dirname(inRepo), { recursive: true });
  if (spawnSync('runuser', ['-u', RUN_AS, '--', 'test', '-x', dirname(inRepo)]).status === 0) return inRepo;
  return join('/var/tmp', `landing-pg-${createHash('sha1').update(root).digest('hex').slice(0, 10)}`);
}

const dataDir = resolve(values.dir ?? process.env.PG_LOCAL_DIR ?? defaultDir());

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function pg(tool, args, opts = {}) {
  const exe = join(bin, tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', RUN_AS, '--', exe, ...args]] : [exe, args];
  return spawnSync(cmd, argv, { encoding: 'utf8', ...opts });
}

function must(result, what) {
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`✖ ${what} failed (exit ${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.exit(result.status ?? 1);
  }
  return result;
}

function ensureUser() {
  if (!isRoot) return;
  if (spawnSync('id', ['-u', RUN_AS]).status === 0) return;
  must(
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', RUN_AS], { encoding: 'utf8' }),
    `useradd ${RUN_AS}`,
  );
}

function ownerIds() {
  const r = spawnSync('id', ['-u', RUN_AS], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', RUN_AS], { encoding: 'utf8' });
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

function running() {
  return existsSync(join(dataDir, 'PG_VERSION')) && pg('pg_ctl', ['-D', dataDir, 'status']).status === 0;
}

function init() {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  ensureUser();
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) {
    const { uid, gid } = ownerIds();
    chownSync(dataDir, uid, gid);
  }
  console.log(`› initdb ${dataDir}`);
  must(
    pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions']),
    'initdb',
  );
  // Loopback only, sockets in the data directory (no /var/run/postgresql needed), room for
  // several API processes with a pool of 10 each plus tests.
  const conf = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataDir}'`,
    'max_connections = 200',
    'shared_buffers = 128MB',
    'fsync = on',
    "log_min_messages = 'warning'",
  ].join('\n');
  const confPath = join(dataDir, 'postgresql.auto.conf');
  const current = readFileSync(confPath, 'utf8');
  writeFileSync(confPath, `${current}\n${conf}\n`);
  if (isRoot) {
    const { uid, gid } = ownerIds();
    chownSync(confPath, uid, gid);
  }
}

function start() {
  init();
  if (!running()) {
    console.log(`› starting PostgreSQL (${bin}) on 127.0.0.1:${port}`);
    must(pg('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', `-p ${port}`, '-w', '-t', '60', 'start']), 'pg_ctl start');
  }
  const exists = pg('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-tAc',
    `SELECT 1 FROM pg_database WHERE datname = '${DB_NAME}'`,
  ]);
  must(exists, 'psql');
  if (exists.stdout.trim() !== '1') must(pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DB_NAME]), 'createdb');
}

function stop() {
  if (running()) {
    console.log('› stopping PostgreSQL');
    must(pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop');
  }
}

switch (command) {
  case 'start':
    start();
    console.log(`DATABASE_URL=${url}`);
    break;
  case 'url':
    console.log(url);
    break;
  case 'status':
    console.log(running() ? `running: ${url} (data in ${dataDir})` : `stopped (data in ${dataDir})`);
    process.exit(running() ? 0 : 3);
    break;
  case 'stop':
    stop();
    break;
  case 'destroy':
    stop();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`› removed ${dataDir}`);
    break;
  case 'run': {
    const dash = process.argv.indexOf('--');
    const cmd = dash >= 0 ? process.argv.slice(dash + 1) : positionals.slice(1);
    if (!cmd.length) {
      console.error('✖ usage: node scripts/pg-local.mjs run -- <command …>');
      process.exit(2);
    }
    const wasRunning = running();
    start();
    let r;
    try {
      r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', cwd: process.cwd(), env: { ...process.env, DATABASE_URL: url } });
      if (r.error) throw r.error;
    } finally {
      if (!wasRunning) stop();
    }
    process.exit(r.status ?? 1);
  }
}

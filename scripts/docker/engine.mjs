/**
 * The Docker engine and compose for scripts/docker/cli.mjs (docs/DOCKER.md):
 * - installs Debian's `docker.io` and `docker-compose` with apt-get when `docker` or a compose is
 *   missing (as root; otherwise it prints the command);
 * - starts `dockerd` in the background when no engine answers (machines without systemd), its log
 *   in /var/log/dockerd.log, and waits for it;
 * - finds compose: Compose v2 (`docker compose`) when the CLI has it, else docker-compose 1.29
 *   with `--compatibility` (v1 reads `deploy.replicas` only then);
 * - finds a builder with BuildKit, which the Dockerfile's cache mounts need: `docker buildx`, or
 *   a CLI of Docker 18–22 (Debian 12's docker.io is 20.10) with DOCKER_BUILDKIT=1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs a command to its end, its output shown; throws on a non-zero exit.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [opts]
 */
export function must(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}`);
}

/**
 * Runs a command to its end without blocking (several at once), its error output shown.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [opts]
 * @returns {Promise<void>} rejected on a non-zero exit
 */
export function mustAsync(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed with exit code ${code}`))));
  });
}

/**
 * Runs a command and returns its trimmed output, or null when it fails or does not exist.
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [opts]
 * @returns {string | null}
 */
export function output(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  return r.status === 0 ? String(r.stdout).trim() : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Installs Debian packages with apt-get (root only).
 * @param {string[]} packages
 * @throws Error when not root (the message says what to run)
 */
export function aptInstall(packages) {
  if (!isRoot()) {
    throw new Error(`missing ${packages.join(', ')}: run \`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\``);
  }
  console.log(`› installing ${packages.join(', ')} (apt-get)`);
  must('apt-get', ['update', '-qq']);
  must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Whether an engine answers the CLI. */
const engineAnswers = () => output('docker', ['info', '--format', '{{.ServerVersion}}']) !== null;

/**
 * The engine, installed and started when needed (see the module comment).
 * @param {{ timeoutMs?: number }} [o] how long to wait for a started dockerd (ms, default 60 000)
 * @returns {Promise<{ server: string, startedPid: number | null }>} the engine's version, and the
 *   pid of the dockerd this call started (null when one was running)
 * @throws Error when the engine cannot be installed or does not answer in time
 */
export async function ensureEngine({ timeoutMs = 60_000 } = {}) {
  const missing = [];
  if (!output('docker', ['--version'])) missing.push('docker.io');
  if (!output('docker', ['compose', 'version']) && !output('docker-compose', ['version', '--short'])) missing.push('docker-compose');
  if (!existsSync('/usr/sbin/dockerd') && !output('dockerd', ['--version']) && !missing.includes('docker.io')) missing.push('docker.io');
  if (missing.length) aptInstall([...new Set(missing)]);
  let startedPid = null;
  if (!engineAnswers()) {
    if (!isRoot()) throw new Error('the Docker engine is not running: start it (`sudo dockerd &` or `sudo service docker start`)');
    console.log('› starting dockerd (log: /var/log/dockerd.log)');
    const log = openSync('/var/log/dockerd.log', 'a');
    const child = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
    child.unref();
    startedPid = child.pid ?? null;
    const until = Date.now() + timeoutMs;
    while (!engineAnswers()) {
      if (Date.now() > until) throw new Error('dockerd did not answer within 60 s: see /var/log/dockerd.log');
      await sleep(500);
    }
  }
  return { server: output('docker', ['info', '--format', '{{.ServerVersion}}']) ?? '?', startedPid };
}

/**
 * Stops a dockerd that {@link ensureEngine} started (SIGTERM: it stops its containers first).
 * @param {number} pid
 * @param {number} [timeoutMs] how long to wait for it (ms, default 30 000)
 */
export async function stopEngine(pid, timeoutMs = 30_000) {
  console.log(`› stopping the dockerd this run started (pid ${pid})`);
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(500);
  }
  console.warn(`  dockerd ${pid} still runs after ${timeoutMs / 1000} s`);
}

/**
 * How to run compose here: `docker compose` (v2) or `docker-compose --compatibility` (v1.29).
 * @returns {{ cmd: string, args: string[], version: string }}
 */
export function composeCommand() {
  const v2 = output('docker', ['compose', 'version', '--short']);
  if (v2) return { cmd: 'docker', args: ['compose'], version: v2 };
  const v1 = output('docker-compose', ['version', '--short']);
  if (v1) return { cmd: 'docker-compose', args: ['--compatibility'], version: v1 };
  throw new Error('no compose: install Compose v2 (docker compose) or Debian docker-compose');
}

/**
 * A `docker build` with BuildKit: `{ cmd, env }` to run `cmd build …` with.
 * @returns {{ cmd: string, env: NodeJS.ProcessEnv }}
 * @throws Error when no CLI here builds with BuildKit
 */
export function buildKitCli() {
  if (output('docker', ['buildx', 'version'])) return { cmd: 'docker', env: { ...process.env } };
  // Docker 20.10–22 CLIs build with BuildKit themselves; 23+ need the buildx plugin.
  for (const cmd of ['docker', '/usr/bin/docker']) {
    const version = output(cmd, ['version', '--format', '{{.Client.Version}}']);
    const major = Number(/^(\d+)\./.exec(version ?? '')?.[1]);
    if (major >= 18 && major < 23) return { cmd, env: { ...process.env, DOCKER_BUILDKIT: '1' } };
  }
  throw new Error('no BuildKit builder: install the buildx plugin (docker-buildx), or Debian docker.io (its CLI has BuildKit)');
}

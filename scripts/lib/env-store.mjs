/**
 * The files of one deployment environment (`deploy/environments/<env>/`) and safe updates of
 * them. Several teams may deploy at the same moment: every read-modify-write of `remotes.json`
 * and `history.json` runs under an exclusive lock (`.lock`, proper-lockfile) and each
 * file is replaced by an atomic rename of a fully written temporary file, so no update is lost
 * and a reader never sees a half-written file.
 *
 * Files of an environment:
 *   environment.json  { name, production, manifestUrl }   manifestUrl: template with {remote}
 *                     (folder, e.g. mf-news), {name} (mf_news) and {version}, or an object
 *                     MF name → template
 *   remotes.json      what the shell of that environment loads: MF name → manifest URL, and
 *                     `integrity`: MF name → SHA-256 pins of its server files (./remotes.mjs
 *                     serverIntegrity; checked by shell/src/server/federation/remote-trust.ts)
 *   history.json      every change, oldest first: { at, action, remote, from, to, url, by }
 *   config.json       the shell's runtime config of that environment (optional here)
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock whose holder stopped refreshing it this long ago (ms) is taken over (crashed deploy). */
const LOCK_STALE_MS = 10_000;
const LOCK_TIMEOUT_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Reads a JSON file, or `fallback` when it does not exist. */
export function readJson(file, fallback) {
  if (!existsSync(file)) return fallback;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Writes `data` as JSON atomically: a temporary file in the same folder is written and fsynced,
 * then renamed over `file` (rename is atomic on POSIX file systems).
 */
function writeJsonAtomic(file, data) {
  const tmp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * Runs `fn` while holding the exclusive lock `lockFile` (proper-lockfile: an atomic mkdir, whose
 * mtime the holder refreshes every LOCK_STALE_MS / 2; released in all cases). Waits with jitter
 * (15–30 ms between tries: retry's randomize at most doubles the 15 ms) while another process
 * holds it; takes over a lock left by a crashed deploy once its mtime is older than LOCK_STALE_MS.
 * @param {string} lockFile  path of the lock (a folder, e.g. `<env>/.lock`)
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 * @template T
 * @throws Error when the lock is not obtained within about 30 s, or is lost while held
 */
async function withLock(lockFile, fn) {
  let release;
  try {
    release = await lockfile.lock(dirname(lockFile), {
      lockfilePath: lockFile,
      realpath: false,
      stale: LOCK_STALE_MS,
      retries: { retries: Math.ceil(LOCK_TIMEOUT_MS / 30), factor: 1, minTimeout: 15, maxTimeout: 50, randomize: true },
    });
  } catch (e) {
    if (e.code !== 'ELOCKED') throw e;
    throw new Error(`could not lock ${lockFile} within ${LOCK_TIMEOUT_MS / 1000} s (another deploy holds it)`, { cause: e });
  }
  try {
    return await fn();
  } finally {
    await release();
  }
}

/** Names of the environments under `envsDir` (folders with an environment.json). */
export function listEnvironments(envsDir) {
  if (!existsSync(envsDir)) return [];
  return readdirSync(envsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(envsDir, d.name, 'environment.json')))
    .map((d) => d.name)
    .sort();
}

/**
 * One environment's files.
 * @param {string} envsDir  folder holding one folder per environment
 * @param {string} env      environment name (`production`, `staging`, …)
 */
export function environment(envsDir, env) {
  if (!/^[a-z][a-z0-9-]*$/.test(env)) throw new Error(`invalid environment name "${env}"`);
  const dir = join(envsDir, env);
  const files = {
    dir,
    environment: join(dir, 'environment.json'),
    remotes: join(dir, 'remotes.json'),
    history: join(dir, 'history.json'),
    lock: join(dir, '.lock'),
  };
  return {
    files,
    /** environment.json; throws when the environment does not exist. */
    settings() {
      if (!existsSync(files.environment)) {
        throw new Error(
          `environment "${env}" does not exist (no ${files.environment}); known: ${listEnvironments(envsDir).join(', ') || 'none'}`,
        );
      }
      return readJson(files.environment, {});
    },
    remotes: () => readJson(files.remotes, {}),
    history: () => readJson(files.history, []),
    /**
     * Read-modify-write of remotes.json + history.json under the environment's lock.
     * `change(remotes, history)` returns `{ remotes, entry }` (the new map and the history entry).
     * `holdMs` keeps the lock longer between reading and writing (DEPLOY_HOLD_LOCK_MS: tests
     * widen the race window with it to prove two deploys at once lose nothing).
     */
    async update(change, holdMs = Number(process.env.DEPLOY_HOLD_LOCK_MS ?? 0)) {
      mkdirSync(dir, { recursive: true });
      return withLock(files.lock, async () => {
        const remotes = readJson(files.remotes, {});
        const history = readJson(files.history, []);
        const { remotes: next, entry } = await change(remotes, history);
        if (holdMs > 0) await sleep(holdMs);
        writeJsonAtomic(files.history, [...history, entry]);
        writeJsonAtomic(files.remotes, next);
        return { remotes: next, entry };
      });
    },
  };
}

/** Manifest URL of `remote@version` in an environment (see environment.json `manifestUrl`). */
export function manifestUrlFor(settings, remote, version) {
  const template = typeof settings.manifestUrl === 'object' ? settings.manifestUrl?.[remote.name] : settings.manifestUrl;
  if (typeof template !== 'string' || !template.includes('{version}')) {
    throw new Error(`environment "${settings.name}" has no manifestUrl template with {version} for ${remote.name}`);
  }
  return template.replaceAll('{remote}', remote.folder).replaceAll('{name}', remote.name).replaceAll('{version}', version);
}

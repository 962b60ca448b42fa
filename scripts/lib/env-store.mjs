/**
 * The files of one deployment environment (`deploy/environments/<env>/`) and safe updates of
 * them. Several teams may deploy at the same moment: every read-modify-write of `remotes.json`
 * and `history.json` runs under an exclusive lock file (`.lock`, created with O_EXCL) and each
 * file is replaced by an atomic rename of a fully written temporary file, so no update is lost
 * and a reader never sees a half-written file.
 *
 * Files of an environment:
 *   environment.json  { name, production, manifestUrl }   manifestUrl: template with {remote}
 *                     (folder, e.g. mf-news), {name} (mf_news) and {version}, or an object
 *                     MF name → template
 *   remotes.json      what the shell of that environment loads: MF name → manifest URL
 *   history.json      every change, oldest first: { at, action, remote, from, to, url, by }
 *   config.json       the shell's runtime config of that environment (optional here)
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

const LOCK_STALE_MS = 60_000;
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
export function writeJsonAtomic(file, data) {
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

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** True when a lock's owner is gone (same host, dead pid) or the lock is older than a minute. */
function lockIsStale(lockFile) {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8'));
    if (Date.now() - owner.at > LOCK_STALE_MS) return true;
    return owner.host === hostname() && !processAlive(owner.pid);
  } catch {
    // Unreadable: the owner may be between create and write. Only stale when old.
    try {
      return Date.now() - statSync(lockFile).mtimeMs > LOCK_STALE_MS;
    } catch {
      return false;
    }
  }
}

/**
 * Runs `fn` while holding the exclusive lock `lockFile` (created with O_EXCL; released in all
 * cases). Waits with jitter while another process holds it; takes over a stale lock.
 * @throws Error when the lock is not obtained within 30 s
 */
export async function withLock(lockFile, fn) {
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  let fd;
  for (;;) {
    try {
      fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() }));
      closeSync(fd);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (lockIsStale(lockFile)) {
        try {
          unlinkSync(lockFile);
        } catch {
          /* another waiter removed it first */
        }
        continue;
      }
      if (Date.now() > deadline) {
        let owner = '';
        try {
          owner = readFileSync(lockFile, 'utf8');
        } catch {
          /* released meanwhile */
        }
        throw new Error(`could not lock ${lockFile} within ${LOCK_TIMEOUT_MS / 1000} s (held by ${owner || 'unknown'})`, { cause: e });
      }
      await sleep(15 + Math.random() * 35);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
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
        throw new Error(`environment "${env}" does not exist (no ${files.environment}); known: ${listEnvironments(envsDir).join(', ') || 'none'}`);
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

/**
 * The lock of a PGlite data directory (proper-lockfile): two processes opening one directory would
 * corrupt it, so src/db/client.ts `openDatabase` takes this lock first; CLI tools read who holds it.
 */
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** Thrown when another live process already has the PGlite data directory open. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `PGlite data directory ${dataDir} is in use by process ${holder.pid}` +
        (holder.url ? ` (API at ${holder.url})` : '') +
        '. PGlite allows one process at a time: stop that process, or use its HTTP admin routes. ' +
        `(A process that died without releasing it stops holding it ${Math.round(DATA_DIR_LOCK_STALE_MS / 1000)} s after its last heartbeat.)`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** What the holder of a data directory wrote in `<dataDir>.lock.json` (for CLI tools and messages). */
export interface LockInfo {
  pid: number;
  startedAt: string;
  url?: string;
  [key: string]: unknown;
}

/**
 * The lock of a PGlite data directory (proper-lockfile): the directory `<dataDir>.lock`, created
 * atomically with mkdir and touched every {@link DATA_DIR_LOCK_STALE_MS}/4 by its holder. A lock
 * not touched for {@link DATA_DIR_LOCK_STALE_MS} is stale, whoever's pid is written anywhere: a
 * SIGKILLed holder frees the directory after that time even when its pid now belongs to another
 * process (a pid-file lock could be fooled that way).
 */
export function lockPathFor(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`;
}

/** Path of the holder's {@link LockInfo} (pid, start, the API's URL), next to the lock. */
export function lockInfoPathFor(dataDir: string): string {
  return `${lockPathFor(dataDir)}.json`;
}

/**
 * A lock whose heartbeat is older than this (ms) belongs to a dead process and is taken over.
 * Longer than PGlite's initdb on a first start (~5–10 s) blocks the event loop, and so the
 * heartbeat; also how long a start right after a SIGKILL waits for the dead holder's lock.
 */
const DATA_DIR_LOCK_STALE_MS = 30_000;

/** Options of the data-directory lock (tests shorten the stale time). */
export interface DataDirLockOptions {
  /** Heartbeat age (ms) after which a lock is stale; at least 2000 (proper-lockfile). Default {@link DATA_DIR_LOCK_STALE_MS}. */
  staleMs?: number;
}

function readInfo(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockInfoPathFor(dataDir), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The holder of a PGlite data directory's lock when the lock is live (its heartbeat is
 * fresher than the stale time), otherwise undefined.
 */
export function readLiveLock(dataDir: string, options: DataDirLockOptions = {}): LockInfo | undefined {
  const stale = options.staleMs ?? DATA_DIR_LOCK_STALE_MS;
  try {
    if (!lockfile.checkSync(dataDir, { lockfilePath: lockPathFor(dataDir), realpath: false, stale })) return undefined;
  } catch {
    return undefined;
  }
  return readInfo(dataDir) ?? { pid: 0, startedAt: '' };
}

/**
 * Takes the lock of a data directory. When it is held, watches its heartbeat: a live holder
 * touches it within `staleMs / 4` (then this fails), a dead one never again (then this waits until
 * the lock is stale, at most `staleMs`, and takes it over).
 * @returns `update(info)` stores extra info for CLI tools; `release()` frees the directory
 * @throws DataDirBusyError when a live process holds it
 */
export async function acquireLock(
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<{ update(info: Record<string, unknown>): void; release(): Promise<void> }> {
  const lockPath = lockPathFor(dataDir);
  const stale = Math.max(2000, options.staleMs ?? DATA_DIR_LOCK_STALE_MS);
  const update = Math.max(1000, Math.floor(stale / 4));
  mkdirSync(dirname(lockPath), { recursive: true });
  // A lock *file* is the pid lock of earlier versions: it proves nothing (pids are reused).
  if (existsSync(lockPath) && statSync(lockPath).isFile()) unlinkSync(lockPath);
  const lockOptions = {
    lockfilePath: lockPath,
    realpath: false,
    stale,
    update,
    onCompromised: (err: Error) => {
      // Not thrown (that would crash the API mid-write): the heartbeat stopped for longer than
      // the stale time (a blocked event loop) or the lock was removed by hand.
      console.error(`✖ the lock of ${dataDir} was lost (${err.message}); another process may open it now`);
    },
  };
  // Held: a live holder touches the lock every `update` ms, a dead one never again. Watch it:
  // a new heartbeat → busy; none until it is stale → proper-lockfile removes it and we take it.
  let release: (() => Promise<void>) | undefined;
  let seen: number | undefined;
  while (!release) {
    try {
      release = await lockfile.lock(dataDir, lockOptions);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      let mtime: number;
      try {
        mtime = statSync(lockPath).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (seen !== undefined && mtime !== seen) throw new DataDirBusyError(dataDir, readInfo(dataDir) ?? { pid: 0, startedAt: '' });
      seen = mtime;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const base: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  writeFileSync(lockInfoPathFor(dataDir), JSON.stringify(base));
  return {
    update(info) {
      writeFileSync(lockInfoPathFor(dataDir), JSON.stringify({ ...base, ...info }));
    },
    async release() {
      try {
        unlinkSync(lockInfoPathFor(dataDir));
      } catch {
        /* already gone */
      }
      await release().catch(() => {
        /* already released, or lost (logged by onCompromised) */
      });
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';

/**
 * The drizzle database used everywhere in the API. Both drivers (PGlite and node-postgres)
 * produce a `PgDatabase`, so domain code is written once. No relational schema is attached:
 * each domain imports its own tables from `src/db/schema/<domain>.ts`.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A single connection for raw, multi-statement SQL (migrations, advisory locks). */
export interface SqlSession {
  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An open database, whichever driver is behind it. */
export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Human-readable location without credentials, e.g. `PGlite at /repo/.data/pglite`. */
  description: string;
  /** Runs `fn` on one dedicated connection (pool client for PostgreSQL; the instance for PGlite). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Stores extra facts (e.g. the URL the API listens on) in the PGlite lock file so CLI tools
   * can find the running API. No-op for PostgreSQL.
   */
  updateLockInfo(info: Record<string, unknown>): void;
  /** Closes the pool / PGlite instance and releases the data-directory lock. */
  close(): Promise<void>;
}

/** Where to connect. `databaseUrl` wins over `dataDir`. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string (node-postgres). */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string | undefined;
  /** PostgreSQL only: extra startup options, e.g. `-c search_path=test_1` (used by tests). */
  pgOptions?: string | undefined;
}

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
        `(If no such process exists, delete ${lockPathFor(dataDir)}.)`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Contents of `<dataDir>.lock`. */
export interface LockInfo {
  pid: number;
  startedAt: string;
  url?: string;
  [key: string]: unknown;
}

/** Path of the lock file guarding a PGlite data directory. */
export function lockPathFor(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`;
}

/** Lock files held by this process. */
const heldLocks = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Reads the lock of a PGlite data directory.
 * @returns the holder when a live process holds it, otherwise undefined (stale locks are ignored).
 */
export function readLiveLock(dataDir: string): LockInfo | undefined {
  try {
    const path = lockPathFor(dataDir);
    const info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    if (typeof info.pid !== 'number') return undefined;
    // Our own pid without holding the lock = left over by an earlier process that had our pid
    // (typical after a container restart).
    if (info.pid === process.pid) return heldLocks.has(path) ? info : undefined;
    return isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

let exitHookInstalled = false;

function acquireLock(dataDir: string): (info?: Record<string, unknown>) => void {
  const path = lockPathFor(dataDir);
  const holder = readLiveLock(dataDir);
  if (holder) throw new DataDirBusyError(dataDir, holder);
  mkdirSync(dirname(path), { recursive: true });
  const base: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  writeFileSync(path, JSON.stringify(base));
  heldLocks.add(path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const p of heldLocks) {
        try {
          unlinkSync(p);
        } catch {
          /* already gone */
        }
      }
    });
  }
  return (info) => {
    if (info === undefined) {
      heldLocks.delete(path);
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    } else {
      writeFileSync(path, JSON.stringify({ ...base, ...info }));
    }
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Opens the database: node-postgres when `databaseUrl` is given, otherwise PGlite with an
 * on-disk data directory (created when missing; the first open runs initdb and takes a few
 * seconds). A PGlite directory is guarded by a `<dataDir>.lock` file because two processes
 * opening the same directory would corrupt it.
 *
 * @throws DataDirBusyError when another live process holds the PGlite directory.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgOptions ? { options: options.pgOptions } : {}),
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool }) as unknown as Db;
    await pool.query('select 1');
    return {
      kind: 'postgres',
      db,
      description: `PostgreSQL at ${redact(options.databaseUrl)}`,
      async withSession(fn) {
        const client = await pool.connect();
        try {
          return await fn({
            exec: async (sql) => {
              await client.query(sql);
            },
            query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          });
        } finally {
          client.release();
        }
      },
      updateLockInfo() {},
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? undefined : acquireLock(dataDir);
  let client: PGlite;
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir);
    await client.waitReady;
  } catch (err) {
    lock?.();
    throw err;
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    description: inMemory ? 'PGlite in memory' : `PGlite at ${dataDir}`,
    async withSession(fn) {
      return fn({
        exec: async (sql) => {
          await client.exec(sql);
        },
        query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
      });
    },
    updateLockInfo(info) {
      lock?.(info);
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.();
      }
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { acquireLock, type DataDirLockOptions } from './data-dir-lock.js';

/**
 * The drizzle database used everywhere in the API. Both drivers (PGlite and node-postgres)
 * produce a `PgDatabase`, so domain code is written once. No relational schema is attached:
 * each domain imports its own tables from `src/domains/<name>/tables.ts`.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A single connection for raw, multi-statement SQL (migrations, advisory locks). */
interface SqlSession {
  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A connection of its own, outside the pool (PostgreSQL only): LISTEN for the read cache's
 * invalidations, session-level advisory locks for tickers that run once across processes.
 */
export interface DedicatedConnection {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Called for every NOTIFY this connection receives. */
  onNotification(listener: (channel: string, payload: string) => void): void;
  /** Called once when the connection breaks or is closed (locks and LISTENs are gone then). */
  onEnd(listener: (err?: Error) => void): void;
  close(): Promise<void>;
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
   * Stores extra facts (e.g. the URL the API listens on) next to the PGlite lock so CLI tools
   * can find the running API. No-op for PostgreSQL.
   */
  updateLockInfo(info: Record<string, unknown>): void;
  /** Closes the pool / PGlite instance and releases the data-directory lock. */
  close(): Promise<void>;
  /**
   * Calls `listener` with the SQL text of every statement drizzle runs (parameters not
   * included) until the returned function is called: tests compare code paths by it.
   */
  onQuery(listener: (sql: string) => void): () => void;
  /** PostgreSQL: opens a {@link DedicatedConnection} with the pool's settings. Undefined for PGlite. */
  openConnection?: () => Promise<DedicatedConnection>;
  /**
   * PGlite: LISTEN on `channel` inside this process. PGlite delivers a statement's notifications
   * before that statement's promise resolves (a transaction's: at commit), so a listener has
   * seen every write of this process by the time the writer goes on. Resolves to unlisten.
   * Undefined for PostgreSQL (use {@link openConnection}).
   */
  listenInProcess?: (channel: string, listener: (payload: string) => void) => Promise<() => Promise<void>>;
}

/** The drizzle logger of a handle: forwards statements to the handle's listeners. */
function queryListeners(): { logger: { logQuery(query: string): void }; onQuery(listener: (sql: string) => void): () => void } {
  const listeners = new Set<(sql: string) => void>();
  return {
    logger: {
      logQuery(query) {
        for (const l of listeners) l(query);
      },
    },
    onQuery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Where to connect. `databaseUrl` wins over `dataDir`. */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string (node-postgres). */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string | undefined;
  /** PostgreSQL only: extra startup options, e.g. `-c search_path=test_1` (used by tests). */
  pgOptions?: string | undefined;
  /** PGlite only: options of the data-directory lock (tests shorten its stale time). */
  lock?: DataDirLockOptions;
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
 * seconds). A PGlite directory is guarded by the lock `<dataDir>.lock` (proper-lockfile,
 * src/db/data-dir-lock.ts) because two processes opening the same directory would corrupt it.
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
    const queries = queryListeners();
    const db = drizzlePg({ client: pool, logger: queries.logger }) as unknown as Db;
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
      onQuery: queries.onQuery,
      async openConnection() {
        const client = new pg.Client({
          connectionString: options.databaseUrl,
          ...(options.pgOptions ? { options: options.pgOptions } : {}),
        });
        const endListeners: Array<(err?: Error) => void> = [];
        let ended = false;
        const end = (err?: Error) => {
          if (ended) return;
          ended = true;
          for (const l of endListeners) l(err);
        };
        client.on('error', (err) => end(err));
        client.on('end', () => end());
        await client.connect();
        return {
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          onNotification(listener) {
            client.on('notification', (n) => listener(n.channel, n.payload ?? ''));
          },
          onEnd(listener) {
            if (ended) listener();
            else endListeners.push(listener);
          },
          async close() {
            await client.end().catch(() => undefined);
            end();
          },
        };
      },
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? undefined : await acquireLock(dataDir, options.lock);
  let client: PGlite;
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir);
    await client.waitReady;
  } catch (err) {
    await lock?.release();
    throw err;
  }
  const queries = queryListeners();
  const db = drizzlePglite({ client, logger: queries.logger }) as unknown as Db;
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
      lock?.update(info);
    },
    onQuery: queries.onQuery,
    async listenInProcess(channel, listener) {
      return client.listen(channel, listener);
    },
    async close() {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/**
 * Test helpers: every test runs against a REAL database — PGlite in a temporary directory, or,
 * when DATABASE_URL is set, a fresh schema on that PostgreSQL server (dropped afterwards).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { API_ROOT, type ApiConfig } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/client.js';

// The tests use the development features (src/lib/start-guards.ts): the dev mailbox (mails are read
// from it), the demo accounts of the seed and the local social-login provider. Set here, before any
// test builds its configuration; a test of the switch itself passes its own environment.
process.env.DEV_FEATURES ??= '1';

export const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
export const usingPostgres = DATABASE_URL !== undefined;

/** A database that exists for one test file. */
export interface TestDatabase {
  /** `PGlite <dir>` or `PostgreSQL schema <name>`. */
  label: string;
  /** PGlite data directory (undefined with PostgreSQL). */
  dataDir: string | undefined;
  /** Environment that points a child process (CLI) at this database. */
  env: NodeJS.ProcessEnv;
  /** Opens a new handle on it (the caller closes it). */
  open(): Promise<DbHandle>;
  /** Deletes it. */
  destroy(): Promise<void>;
}

/** Creates an empty database: a temp PGlite directory, or a new schema on DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (DATABASE_URL) {
    const schema = `landing_test_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const pgOptions = `-c search_path=${schema}`;
    return {
      label: `PostgreSQL schema ${schema}`,
      dataDir: undefined,
      env: { DATABASE_URL, PGOPTIONS: pgOptions },
      open: () => openDatabase({ databaseUrl: DATABASE_URL, pgOptions }),
      async destroy() {
        const c = new pg.Client({ connectionString: DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      },
    };
  }
  const root = mkdtempSync(join(tmpdir(), 'landing-api-test-'));
  const dataDir = join(root, 'pglite');
  return {
    label: `PGlite ${dataDir}`,
    dataDir,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    async destroy() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Configuration used by tests unless overridden: quiet, no demo ticker, test environment. */
export const TEST_CONFIG: Partial<ApiConfig> = {
  nodeEnv: 'test',
  logLevel: 'warn',
  demoActivity: false,
  servers: ['pl', 'classic', 'royal', 'en'],
  // No timer: tests send queued mail with app.mailOutbox.drain() (auth-helpers does after each call).
  mailOutboxPollMs: 0,
};

/** A running (not listening) app on a test database. */
export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  /** Closes the app and its database handle. */
  close(): Promise<void>;
}

/** Options of `startApp`: those of `buildApp` except the database; `config` is merged over `TEST_CONFIG`. */
export type StartAppOptions = Omit<BuildAppOptions, 'db' | 'config'> & { config?: Partial<ApiConfig> };

/** Opens `database` and builds the app on it (migrations + seed run as on a real start). */
export async function startApp(database: TestDatabase, options: StartAppOptions = {}): Promise<TestApp> {
  const handle = await database.open();
  try {
    const app = await buildApp({ ...options, db: handle, config: { ...TEST_CONFIG, ...options.config } });
    return {
      app,
      handle,
      async close() {
        await app.close();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** The app of a test suite set up by `setupTestApp`. */
export interface SuiteApp {
  /** The built app (routes may still be added in a later `before` hook: it is not `ready()` yet). */
  readonly app: FastifyInstance;
  /** The app's database handle (for `sqlRows`, or a second `buildApp` on the same database). */
  readonly handle: DbHandle;
  /** The suite's test database. */
  readonly database: TestDatabase;
}

/**
 * Gives the current `describe` block its own database and app: registers a node:test `before` hook
 * that creates a test database and starts the app on it, and an `after` hook that closes the app
 * and deletes the database. Call it synchronously in the `describe` callback; hooks registered
 * after it run after it (so a later `before` can add routes or rows).
 * Not named `use…`: the react-hooks lint rule would take it for a React hook.
 * @param options `startApp` options, or a function returning them that is called inside the
 *   `before` hook (after the database is created), for options that need earlier hooks' results.
 * @returns getters for the app, its handle and the database; they throw when read before the
 *   `before` hook has run (e.g. at describe time).
 */
export function setupTestApp(options: StartAppOptions | (() => StartAppOptions | Promise<StartAppOptions>) = {}): SuiteApp {
  let database: TestDatabase | undefined;
  let started: TestApp | undefined;
  before(async () => {
    database = await createTestDatabase();
    started = await startApp(database, typeof options === 'function' ? await options() : options);
  });
  after(async () => {
    await started?.close();
    await database?.destroy();
  });
  const notYet = (what: string) => new Error(`setupTestApp: ${what} is not ready yet (read it inside a test or a later hook)`);
  return {
    get app() {
      if (!started) throw notYet('the app');
      return started.app;
    },
    get handle() {
      if (!started) throw notYet('the database handle');
      return started.handle;
    },
    get database() {
      if (!database) throw notYet('the test database');
      return database;
    },
  };
}

/** Runs a raw SQL query on the app's database and returns the rows. */
export async function sqlRows<T = Record<string, unknown>>(handle: DbHandle, text: string, params: unknown[] = []): Promise<T[]> {
  return handle.withSession((s) => s.query<T>(text, params));
}

/** Parses a JSON body and checks the `{ statusCode, error, message }` error shape (spec §8). */
export function assertErrorBody(
  res: LightMyRequestResponse,
  status: number,
  error?: string,
): { statusCode: number; error: string; message: string } {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /application\/json/);
  const body = res.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['error', 'message', 'statusCode']);
  assert.equal(body.statusCode, status);
  assert.equal(typeof body.error, 'string');
  assert.equal(typeof body.message, 'string');
  if (error) assert.equal(body.error, error);
  assert.doesNotMatch(res.body, /\bat .*\.(ts|js):\d+|node_modules|stack/i, 'error body must not leak a stack trace');
  return body as { statusCode: number; error: string; message: string };
}

/** `Set-Cookie` header values of a response, always as an array. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const v = res.headers['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? v : [String(v)];
}

/** Runs an api CLI script (`src/cli/<name>.ts`) with tsx and returns its output. */
export function runCli(name: string, args: string[], env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src', 'cli', `${name}.ts`), ...args], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Cookies and header of a valid XSRF pair, as a browser would hold them. */
export interface XsrfPair {
  /** Cookies the API set (token and secret), to send back. */
  cookies: Record<string, string>;
  /** Headers with `x-xsrf-token`. */
  headers: Record<string, string>;
  /** A `Cookie:` header value with the same cookies. */
  cookieHeader: string;
}

const xsrfPairs = new WeakMap<FastifyInstance, Promise<XsrfPair>>();

/**
 * A valid XSRF pair for `app` (fetched once per app from `GET /royal/csrf`): send `cookies` and
 * `headers` with every POST/PUT/PATCH/DELETE.
 */
export function xsrfPair(app: FastifyInstance): Promise<XsrfPair> {
  const known = xsrfPairs.get(app);
  if (known) return known;
  const pair: Promise<XsrfPair> = app.inject({ method: 'GET', url: '/royal/csrf' }).then((res) => {
    const cookies: Record<string, string> = {};
    for (const c of res.cookies) cookies[c.name] = c.value;
    const tokenName = Object.keys(cookies).find((n) => /XSRF-TOKEN$/.test(n));
    assert.ok(tokenName, `GET /royal/csrf sets an XSRF token cookie (got ${Object.keys(cookies).join(', ') || 'none'})`);
    return {
      cookies,
      headers: { 'x-xsrf-token': cookies[tokenName]! },
      cookieHeader: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    };
  });
  xsrfPairs.set(app, pair);
  return pair;
}

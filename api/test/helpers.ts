/**
 * Test helpers: every test runs against a REAL database — PGlite in a temporary directory, or,
 * when DATABASE_URL is set, a database of its own on that PostgreSQL server (dropped afterwards).
 * Test databases start as copies of the run's templates (test/templates.ts) when the global setup
 * (test/global-setup.mjs) made them, so a file boots no database from scratch.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { API_ROOT, type ApiConfig } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/client.js';
import {
  adminQuery,
  bringToPresent,
  copyDataDir,
  currentTemplates,
  databaseUrlOf,
  TEMPLATE_SERVERS,
  testTmpRoot,
  type Templates,
} from './templates.js';

const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
export const usingPostgres = DATABASE_URL !== undefined;

/** A database that exists for one test file. */
export interface TestDatabase {
  /** `PGlite <dir>` or `PostgreSQL database <name>`. */
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

/** Options of {@link createTestDatabase}. */
export interface TestDatabaseOptions {
  /**
   * Start migrated and seeded for TEST_CONFIG's servers, as the first `startApp` on an empty
   * database would leave it now (a copy of the run's seeded template, its times brought to the
   * present, when there is one; otherwise empty, and `startApp` migrates and seeds it). Default
   * false: an empty database.
   */
  seeded?: boolean;
}

/**
 * Creates a test database: a temp PGlite directory, or a new database on DATABASE_URL's server.
 * Empty by default; with `seeded`, see {@link TestDatabaseOptions}.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const database = await newTestDatabase(options.seeded === true);
  if (database.fromTemplate) {
    try {
      const handle = await database.open();
      try {
        await bringToPresent(handle, database.fromTemplate);
      } finally {
        await handle.close();
      }
    } catch (err) {
      await database.destroy();
      throw err;
    }
  }
  return database;
}

/** A new test database, a copy of the seeded template when `seeded` and there is one (`fromTemplate`). */
async function newTestDatabase(seeded: boolean): Promise<TestDatabase & { fromTemplate?: Templates }> {
  if (DATABASE_URL) {
    const name = `landing_test_${randomBytes(5).toString('hex')}`;
    const templates = seeded ? currentTemplates('postgres') : undefined;
    await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}${templates ? ` TEMPLATE ${templates.seeded}` : ''}`);
    const databaseUrl = databaseUrlOf(DATABASE_URL, name);
    return {
      label: `PostgreSQL database ${name}`,
      dataDir: undefined,
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl }),
      // FORCE: connections a failed test left open do not keep the database.
      destroy: () => adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ...(templates ? { fromTemplate: templates } : {}),
    };
  }
  const root = mkdtempSync(join(testTmpRoot(), 'landing-api-test-'));
  const dataDir = join(root, 'pglite');
  const templates = currentTemplates('pglite');
  if (templates) copyDataDir(seeded ? templates.seeded : templates.empty, dataDir);
  return {
    label: `PGlite ${dataDir}`,
    dataDir,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    async destroy() {
      rmSync(root, { recursive: true, force: true });
    },
    ...(templates && seeded ? { fromTemplate: templates } : {}),
  };
}

/** Configuration used by tests unless overridden: quiet, no demo ticker, test environment. */
export const TEST_CONFIG: Partial<ApiConfig> = {
  nodeEnv: 'test',
  logLevel: 'warn',
  demoActivity: false,
  servers: [...TEMPLATE_SERVERS],
  // No timer: tests send queued mail with app.mailOutbox.drain() (auth-helpers does after each call).
  mailOutboxPollMs: 0,
  // No background job, so a test app never takes the tickers' lock from the apps a test starts
  // with demoActivity on.
  telemetryPruneMs: 0,
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
 * Whether an app started with `options` on an empty database would end up as the seeded template:
 * it migrates, seeds, and serves exactly the template's servers.
 */
function startsLikeTemplate(options: StartAppOptions): boolean {
  const servers = options.config?.servers;
  const sameServers = servers === undefined || [...servers].sort().join() === [...TEMPLATE_SERVERS].sort().join();
  return options.migrate !== false && options.seed !== false && sameServers;
}

/**
 * Gives the current `describe` block its own database and app: registers a node:test `before` hook
 * that creates a test database and starts the app on it, and an `after` hook that closes the app
 * and deletes the database. Call it synchronously in the `describe` callback; hooks registered
 * after it run after it (so a later `before` can add routes or rows).
 * The database is a seeded one (`createTestDatabase({ seeded: true })`) when the app would migrate
 * and seed it anyway on the template's servers; otherwise an empty one.
 * Not named `use…`: the react-hooks lint rule would take it for a React hook.
 * @param options `startApp` options, or a function returning them that is called inside the
 *   `before` hook (before the database is created), for options that need earlier hooks' results.
 * @returns getters for the app, its handle and the database; they throw when read before the
 *   `before` hook has run (e.g. at describe time).
 */
export function setupTestApp(options: StartAppOptions | (() => StartAppOptions | Promise<StartAppOptions>) = {}): SuiteApp {
  let database: TestDatabase | undefined;
  let started: TestApp | undefined;
  before(async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    database = await createTestDatabase({ seeded: startsLikeTemplate(resolved) });
    started = await startApp(database, resolved);
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

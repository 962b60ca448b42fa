/**
 * Template databases of the API suite (api/README.md): the schema is migrated and the demo
 * data seeded once per run, and every test database starts as a copy of a template instead of
 * running initdb, the migrations and the seed again (10–20 s a file on PGlite, ~12 s on PostgreSQL).
 *
 * - PGlite: closed data directories (`empty`: initdb only; `seeded`: migrated and seeded) that a test
 *   database copies with `fs.cpSync` (64 MB in ~1,200 files: ~0.1 s on a tmpfs, 1–2 s on a busy
 *   disk, hence {@link testTmpRoot}; opening the copy takes ~1 s).
 * - PostgreSQL: a seeded database that each test database names in `CREATE DATABASE … TEMPLATE`
 *   (~0.2 s); an empty test database is a plain `CREATE DATABASE`. Every test database is a database
 *   of its own, so advisory locks and LISTEN/NOTIFY (both per database) never cross between files
 *   that run at the same time.
 *
 * The seed writes times relative to its `now` (players seen in the last 14 minutes count as online,
 * matches kick off hours from now, …), and a test file may start minutes after the template was
 * seeded: {@link bringToPresent} moves every timestamp of a copy forward by the template's age, so
 * the copy holds what a seed run at the copy's creation would have written.
 *
 * The node:test global setup (test/global-setup.mjs) builds the templates once and hands their place
 * to the test files in the {@link TEMPLATE_ENV} variable; a test file run without it creates its
 * databases from scratch, as before.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerCode } from '@landing/domain';
import { MIGRATIONS_DIR } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { runSeeds } from '../src/db/seed.js';

// The tests use the development features (src/lib/start-guards.ts): the dev mailbox (mails are read
// from it), the demo accounts of the seed and the local social-login provider. Set here, before any
// test builds its configuration or a template is seeded (the auth seed reads it); a test of the
// switch itself passes its own environment.
process.env.DEV_FEATURES ??= '1';
// The tests expect the default ports (the site's origin http://localhost:3000 in the CORS list and in
// mailed links); a test of PORT_OFFSET passes its own environment. PORT_OFFSET in the shell is for
// the servers around the tests (scripts/pg-local.mjs reads it before they start).
delete process.env.PORT_OFFSET;

/** Environment variable naming the run's templates (JSON of {@link Templates}). */
export const TEMPLATE_ENV = 'LANDING_TEST_TEMPLATES';

/** The servers a test app serves by default (helpers.ts TEST_CONFIG) and the seeded template holds. */
export const TEMPLATE_SERVERS: ServerCode[] = ['pl', 'classic', 'royal', 'en'];

/** Where the run's templates are, and what {@link bringToPresent} needs to know of the seeded one. */
export type Templates = (
  | { engine: 'pglite'; /** initdb only */ empty: string; /** migrated and seeded */ seeded: string }
  | { engine: 'postgres'; /** name of the migrated and seeded database */ seeded: string }
) & {
  /** The seed's reference time (epoch ms). */
  seededAt: number;
  /** Table → its `timestamp`/`timestamptz` columns, in the seeded template. */
  timestampColumns: Record<string, string[]>;
};

/** A seeded template without its place: what {@link migrateAndSeed} learns. */
type SeedFacts = Pick<Templates, 'seededAt' | 'timestampColumns'>;

/**
 * Parent folder of the suite's PGlite directories: LANDING_TEST_TMPDIR when set, else `/dev/shm`
 * when it is a writable folder (a tmpfs on Linux: copying and deleting a data directory there
 * costs a tenth of a disk's time), else the system's temporary folder.
 */
export function testTmpRoot(): string {
  if (process.env.LANDING_TEST_TMPDIR) return process.env.LANDING_TEST_TMPDIR;
  try {
    if (statSync('/dev/shm').isDirectory()) {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    }
  } catch {
    // no /dev/shm (macOS, Windows) or not writable
  }
  return tmpdir();
}

/** `url` with its database name replaced by `database`. */
export function databaseUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Runs `sql` on a connection of its own to the database of `url` (CREATE/DROP DATABASE cannot run
 * inside a pool's transaction and need no pool).
 */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Applies the migrations and seeds {@link TEMPLATE_SERVERS}, as an app's `database` plugin does on
 * its first start (src/plugins/database.ts), then closes the database.
 * @returns the seed's reference time and the timestamp columns of the schema
 */
async function migrateAndSeed(options: { dataDir: string } | { databaseUrl: string }): Promise<SeedFacts> {
  const handle = await openDatabase(options);
  try {
    await runMigrations(handle, MIGRATIONS_DIR);
    const seededAt = Date.now();
    await runSeeds(handle.db, TEMPLATE_SERVERS, { now: new Date(seededAt) });
    const columns = await sqlRows<{ table_name: string; column_name: string }>(
      handle,
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone')
        ORDER BY c.table_name, c.ordinal_position`,
    );
    const timestampColumns: Record<string, string[]> = {};
    for (const { table_name, column_name } of columns) (timestampColumns[table_name] ??= []).push(column_name);
    return { seededAt, timestampColumns };
  } finally {
    await handle.close();
  }
}

/** Rows of one raw SQL query on `handle`. */
function sqlRows<T>(handle: DbHandle, text: string): Promise<T[]> {
  return handle.withSession((s) => s.query<T>(text));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves every timestamp of a fresh copy of the seeded template forward by the template's age (now −
 * `seededAt`), in one transaction, with triggers off where the role may turn them off (the
 * read-cache and team-sync triggers have nothing to do: only times change). Dates (`week_start`)
 * stay: a copy made in the week after the seed's would still hold the seed's weeks.
 */
export async function bringToPresent(handle: DbHandle, templates: SeedFacts): Promise<void> {
  const ageMs = Math.max(0, Date.now() - templates.seededAt);
  if (ageMs < 1000) return;
  const shift = `interval '${ageMs} milliseconds'`;
  await handle.withSession(async (s) => {
    await s.exec('BEGIN');
    try {
      // A superuser only (PGlite's user is one; so is scripts/pg-local.mjs's): otherwise the triggers run.
      await s.exec('SAVEPOINT replica');
      await s.exec('SET LOCAL session_replication_role = replica').then(
        () => s.exec('RELEASE SAVEPOINT replica'),
        () => s.exec('ROLLBACK TO SAVEPOINT replica'),
      );
      for (const [table, columns] of Object.entries(templates.timestampColumns)) {
        const set = columns.map((c) => `${quoteIdent(c)} = ${quoteIdent(c)} + ${shift}`).join(', ');
        await s.exec(`UPDATE ${quoteIdent(table)} SET ${set}`);
      }
      await s.exec('COMMIT');
    } catch (err) {
      await s.exec('ROLLBACK');
      throw err;
    }
  });
}

/**
 * Builds the run's templates: on the PostgreSQL server of `databaseUrl` when given, else PGlite
 * directories in a new temporary folder.
 * @returns where they are, and `remove()` that deletes them (after the last test file).
 * @throws what opening, migrating or seeding throws
 */
export async function createTemplates(databaseUrl: string | undefined): Promise<{ templates: Templates; remove(): Promise<void> }> {
  if (databaseUrl) {
    const name = `landing_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
    const remove = () => adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    try {
      const facts = await migrateAndSeed({ databaseUrl: databaseUrlOf(databaseUrl, name) });
      return { templates: { engine: 'postgres', seeded: name, ...facts }, remove };
    } catch (err) {
      await remove();
      throw err;
    }
  }
  const root = mkdtempSync(join(testTmpRoot(), 'landing-api-templates-'));
  const remove = async () => rmSync(root, { recursive: true, force: true });
  try {
    const empty = join(root, 'empty');
    await (await openDatabase({ dataDir: empty })).close(); // initdb
    const seeded = join(root, 'seeded');
    copyDataDir(empty, seeded);
    const facts = await migrateAndSeed({ dataDir: seeded });
    return { templates: { engine: 'pglite', empty, seeded, ...facts }, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

/** Copies a closed PGlite data directory (a plain PostgreSQL data folder) to `to`, which must not exist. */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
}

/** The run's templates from {@link TEMPLATE_ENV}, when the global setup made them for this engine. */
export function currentTemplates<E extends Templates['engine']>(engine: E): Extract<Templates, { engine: E }> | undefined {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) return undefined;
  const templates = JSON.parse(raw) as Templates;
  return templates.engine === engine ? (templates as Extract<Templates, { engine: E }>) : undefined;
}

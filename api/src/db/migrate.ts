import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DbHandle, type OpenDatabaseOptions } from './client.js';

/** A migration file: `NNNN_<domain>_<what>.sql`, e.g. `0002_leaderboard_players_teams.sql`. */
export interface MigrationFile {
  /** File name, also the key stored in `_migrations`. */
  name: string;
  /** The NNNN prefix. */
  number: number;
  sql: string;
  /** sha256 of the file contents, to notice edits of already applied migrations. */
  checksum: string;
}

/**
 * Numbering ranges per domain so engineers working in parallel never pick the same number
 * (see api/README.md). Informational: the runner only enforces unique numbers and file names.
 */
export const MIGRATION_RANGES: ReadonlyArray<{ from: number; to: number; owner: string }> = [
  { from: 1, to: 99, owner: 'core / leaderboard / stats' },
  { from: 100, to: 199, owner: 'auth' },
  { from: 200, to: 299, owner: 'news, comments, polls' },
  { from: 300, to: 399, owner: 'bets' },
  { from: 400, to: 499, owner: 'shell extras (newsletter, contact)' },
  { from: 500, to: 9999, owner: 'reserved, ask before using' },
];

const NAME = /^(\d{4})_[a-z0-9][a-z0-9_-]*\.sql$/;

/**
 * Lists the migration files of `dir`, sorted by number.
 *
 * @throws Error on a badly named `.sql` file or on two files sharing a number.
 */
export function readMigrations(dir: string): MigrationFile[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const out: MigrationFile[] = [];
  const seen = new Map<number, string>();
  for (const name of files) {
    const m = NAME.exec(name);
    if (!m) throw new Error(`Migration file "${name}" must be named NNNN_<domain>_<what>.sql (lower case)`);
    const number = Number(m[1]);
    if (number < 1) throw new Error(`Migration "${name}": numbers start at 0001`);
    const clash = seen.get(number);
    if (clash) throw new Error(`Migrations "${clash}" and "${name}" share the number ${m[1]}; pick a free number in your domain's range`);
    seen.set(number, name);
    const sql = readFileSync(join(dir, name), 'utf8');
    out.push({ name, number, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return out.sort((a, b) => a.number - b.number);
}

/** Result of {@link runMigrations}. */
export interface MigrationReport {
  applied: string[];
  /** Already applied files whose contents changed since (they are NOT re-run). */
  changed: string[];
}

const LOCK_KEY = 727_401_001; // arbitrary constant for pg_advisory_lock

/**
 * Applies every not-yet-applied migration of `dir` in number order, each in its own
 * transaction, and records it in the `_migrations` table (name, checksum, applied_at).
 * Numbers may be applied out of order (a lower number added later still runs), so a migration
 * must only depend on migrations of the core range (0001-0099) or its own range.
 * Concurrent starts against one PostgreSQL server are serialised with an advisory lock.
 *
 * @throws the database error of the first failing migration (that migration is rolled back).
 */
export async function runMigrations(handle: DbHandle, dir: string): Promise<MigrationReport> {
  const files = readMigrations(dir);
  return handle.withSession(async (s) => {
    await s.exec(`CREATE TABLE IF NOT EXISTS _migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await s.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const rows = await s.query<{ name: string; checksum: string }>('SELECT name, checksum FROM _migrations');
      const done = new Map(rows.map((r) => [r.name, r.checksum]));
      const report: MigrationReport = { applied: [], changed: [] };
      for (const file of files) {
        const prev = done.get(file.name);
        if (prev !== undefined) {
          if (prev !== file.checksum) report.changed.push(file.name);
          continue;
        }
        await s.exec('BEGIN');
        try {
          await s.exec(file.sql);
          await s.query('INSERT INTO _migrations (name, checksum) VALUES ($1, $2)', [file.name, file.checksum]);
          await s.exec('COMMIT');
        } catch (err) {
          await s.exec('ROLLBACK');
          const e = err instanceof Error ? err : new Error(String(err));
          e.message = `Migration ${file.name} failed: ${e.message}`;
          throw e;
        }
        report.applied.push(file.name);
      }
      return report;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}

/**
 * For the command-line tools (src/cli/): opens the database (PostgreSQL at `databaseUrl`, else
 * PGlite in `dataDir`), applies the pending migrations of `dir`, runs `work` with the handle and the
 * migration report, and closes the database whether `work` succeeds or throws.
 *
 * @throws what opening, migrating or `work` throws
 */
export async function withMigratedDatabase<T>(
  options: Pick<OpenDatabaseOptions, 'databaseUrl' | 'dataDir'>,
  dir: string,
  work: (handle: DbHandle, migrations: MigrationReport) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    return await work(handle, await runMigrations(handle, dir));
  } finally {
    await handle.close();
  }
}

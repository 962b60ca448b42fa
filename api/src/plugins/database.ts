/**
 * The database (plugin `database`): decorates the app with `db` (drizzle) and `dbHandle` (raw
 * SQL, sessions), applies the pending migrations (src/db/migrate.ts) and seeds the missing demo
 * data (src/db/seed.ts). The handle is opened by buildApp; it is closed with the app when the app
 * opened it (`ownsDb`), after every plugin registered later has closed (onClose runs in reverse).
 */
import fp from 'fastify-plugin';
import type { ServerCode } from '@landing/domain';
import { MIGRATIONS_DIR } from '../config.js';
import type { DbHandle } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { runSeeds } from '../db/seed.js';

/** Options of the `database` plugin. */
interface DatabaseOptions {
  handle: DbHandle;
  /** Close the handle with the app. */
  ownsDb: boolean;
  /** Apply pending migrations (buildApp option `migrate`). */
  migrate: boolean;
  /** Seed missing (domain, server) pairs (buildApp option `seed`). */
  seed: boolean;
  servers: readonly ServerCode[];
}

export default fp<DatabaseOptions>(
  async (app, { handle, ownsDb, migrate, seed, servers }) => {
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    if (ownsDb) {
      app.addHook('onClose', async () => {
        await handle.close();
      });
    }
    if (migrate) {
      const report = await runMigrations(handle, MIGRATIONS_DIR);
      if (report.applied.length) app.log.info({ applied: report.applied }, 'migrations applied');
      if (report.changed.length)
        app.log.warn({ changed: report.changed }, 'applied migrations were edited since; add a new migration instead');
    }
    if (seed) {
      const report = await runSeeds(handle.db, [...servers]);
      for (const r of report) if (r.status === 'seeded') app.log.info(r, 'seeded');
    }
  },
  { name: 'database' },
);

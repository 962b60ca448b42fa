/**
 * `pnpm --filter ./api run seed [--reseed]` — applies migrations and seeds every domain for
 * every served server that is not seeded yet (idempotent). `--reseed` deletes each domain's
 * seed data and seeds it again. With PGlite the API must not be running (one process per
 * data directory).
 */
import { loadConfig, MIGRATIONS_DIR } from '../config.js';
import { withMigratedDatabase } from '../db/migrate.js';
import { runSeeds } from '../db/seed.js';

const reseed = process.argv.includes('--reseed');
const config = loadConfig();

try {
  await withMigratedDatabase(config, MIGRATIONS_DIR, async (handle, migrations) => {
    for (const m of migrations.applied) console.log(`migrated  ${m}`);
    const report = await runSeeds(handle.db, config.servers, { reseed });
    for (const r of report) {
      console.log(`${r.status.padEnd(8)}  ${r.domain}/${r.server}${r.summary ? `: ${r.summary}` : ''}`);
    }
    console.log(`done (${handle.description})`);
  });
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

/** `pnpm --filter ./api run migrate` — applies pending migrations of api/migrations/ and exits. */
import { loadConfig, MIGRATIONS_DIR } from '../config.js';
import { withMigratedDatabase } from '../db/migrate.js';

const config = loadConfig();
try {
  await withMigratedDatabase(config, MIGRATIONS_DIR, async (handle, report) => {
    for (const m of report.applied) console.log(`applied  ${m}`);
    for (const m of report.changed) console.warn(`warning: ${m} was edited after being applied (not re-run)`);
    console.log(report.applied.length ? `done (${handle.description})` : `up to date (${handle.description})`);
  });
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

/** `pnpm --filter ./api run migrate` — applies pending migrations of api/migrations/ and exits. */
import { loadConfig, MIGRATIONS_DIR } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

const config = loadConfig();
try {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await runMigrations(handle, MIGRATIONS_DIR);
    for (const m of report.applied) console.log(`applied  ${m}`);
    for (const m of report.changed) console.warn(`warning: ${m} was edited after being applied (not re-run)`);
    console.log(report.applied.length ? `done (${handle.description})` : `up to date (${handle.description})`);
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

/**
 * Fuzzes every route of the API's OpenAPI document with generated bad inputs (src/lib/validation.ts)
 * and prints figures: routes, inputs, status histogram, 5xx count, leak count, answers without
 * the security headers, duration. Same generators as `test/fuzz.test.ts` (test/fuzz/).
 *
 *   pnpm --filter ./api run fuzz                      # 1,000 inputs per route
 *   pnpm --filter ./api run fuzz -- --runs 200 --seed 7 --route news
 *
 * Runs in process (`app.inject`) on a fresh PGlite database in a temp directory (or a temp
 * schema of DATABASE_URL). Exit code 1 when any answer was a 5xx, leaked, or lacked a header.
 */
import { parseArgs } from 'node:util';
import { createTestDatabase, startApp } from '../test/helpers.js';
import { fuzzContext } from '../test/fuzz/context.js';
import { fuzzAll } from '../test/fuzz/run.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '20260522' },
    route: { type: 'string' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');

const database = await createTestDatabase();
const t = await startApp(database, { config: { adminSecret: 'fuzz-admin-secret-0123456789abcdef', logLevel: 'fatal' } });
try {
  await t.app.ready();
  const ctx = await fuzzContext(t.app);
  console.log(`fuzzing ${database.label}: ${runs} inputs per route, seed ${seed}`);
  const report = await fuzzAll(t.app, ctx, {
    runs,
    seed,
    filter: values.route ? (r) => r.path.includes(values.route!) : undefined,
    onRoute: (route, c) =>
      console.log(
        `${route.method.padEnd(6)} ${route.path.padEnd(46)} ${String(c.inputs).padStart(5)} inputs  5xx ${c.serverErrors}  leaks ${c.leaks}  ${(c.ms / 1000).toFixed(1)} s`,
      ),
  });
  const histogram = Object.entries(report.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log('');
  console.log(`routes            ${report.routes}`);
  console.log(`inputs            ${report.inputs}`);
  console.log(`statuses          ${histogram}`);
  console.log(`5xx               ${report.serverErrors}`);
  console.log(`leaks             ${report.leaks}`);
  console.log(`missing headers   ${report.missingHeaders}`);
  console.log(
    `duration          ${(report.durationMs / 1000).toFixed(1)} s (${(report.inputs / (report.durationMs / 1000)).toFixed(0)} inputs/s)`,
  );
  for (const f of report.failures) console.log(`  ✖ ${f.method} ${f.url} → ${f.status} (${f.problem}): ${f.body.slice(0, 160)}`);
  process.exitCode = report.serverErrors || report.leaks || report.missingHeaders ? 1 : 0;
} finally {
  await t.close();
  await database.destroy();
}

/**
 * Global setup of the API suite: builds the run's template databases once, before any test file
 * starts, and removes them after the last (test/templates.ts). The suite's runner (api/scripts/test.mjs)
 * calls these two functions around its shards; `node --test --test-global-setup=test/global-setup.mjs`
 * uses them the same way. Test processes inherit the variable that names the templates.
 *
 * A `.mjs` file that registers tsx itself: the runner loads its global setup before `--import tsx`
 * applies, so a TypeScript setup could not import the API's sources.
 */
import { register } from 'tsx/esm/api';

register();
const { createTemplates, TEMPLATE_ENV } = await import('./templates.ts');

/** @type {(() => Promise<void>) | undefined} */
let remove;

/** Builds the templates on DATABASE_URL's server, or as PGlite directories, and publishes where they are. */
export async function globalSetup() {
  const started = performance.now();
  const made = await createTemplates(process.env.DATABASE_URL?.trim() || undefined);
  remove = made.remove;
  process.env[TEMPLATE_ENV] = JSON.stringify(made.templates);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`› API test templates (${made.templates.engine}) migrated and seeded in ${seconds} s`);
}

/** Deletes the templates. */
export async function globalTeardown() {
  await remove?.();
}

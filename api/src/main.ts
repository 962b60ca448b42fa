/**
 * Starts the landing API: `pnpm --filter ./api start` (or `tsx src/main.ts`).
 * Environment: see src/config.ts / api/README.md. Prints one line with the URL and /docs.
 * Refuses to start (exit 1) with the problems of src/lib/start-guards.ts.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { assertStartable, UnsafeConfigError } from './lib/start-guards.js';
import { serializeError } from './lib/log-redaction.js';

const config = loadConfig();

async function main(): Promise<void> {
  // Before the database is opened: dev features on a public address, a short admin secret.
  assertStartable(config);
  const app = await buildApp({ config });
  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}`;
  app.dbHandle.updateLockInfo({ url });
  const docs = config.apiDocs ? ` — OpenAPI docs: ${url}/docs` : '';
  const dev = config.devFeatures ? ' — development features on (DEV_FEATURES=1)' : '';
  console.log(`Landing API on ${url} (${app.dbHandle.description})${docs}${dev}`);

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirBusyError || err instanceof UnsafeConfigError) console.error(`✖ ${err.message}`);
  // A database error without its parameters (src/lib/log-redaction.ts).
  else console.error('✖ Landing API failed to start:', serializeError(err));
  process.exit(1);
});

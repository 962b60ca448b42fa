/**
 * Command line of the shell's page server (shell/dist/server/index.cjs, the production build), as
 * scripts/env-server.mjs and scripts/lib/local-stack.mjs start it.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// No import of shared/apps.mjs here (the host's folder is `HOST.folder` there): the e2e specs load
// this module through scripts/env-server.mjs inside Playwright's runner, where playwright.config.ts
// has already loaded shared/apps.mjs as CommonJS and a named import of it fails.
const shellFolder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shell');

/**
 * Node arguments that start the page server over an environment folder (remotes.json and
 * config.json, which the server watches and looks at again at most once a second:
 * shell/src/server/environment/environment.ts); callers append their own options (API origins,
 * environment.json).
 * @param {{ port: number, host: string, envDir: string }} o
 * @returns {string[]} the entry file followed by its options
 * @throws Error when the page server build is missing
 */
export function ssrShellArgs({ port, host, envDir }) {
  const entry = join(shellFolder, 'dist', 'server', 'index.cjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`pnpm run build\` first`);
  return [
    entry,
    '--port',
    String(port),
    '--host',
    host,
    '--remotes',
    join(envDir, 'remotes.json'),
    '--config',
    join(envDir, 'config.json'),
  ];
}

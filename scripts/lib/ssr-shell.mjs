/**
 * Command line of the shell's SSR server (shell/dist/server/index.cjs, the production build), as
 * scripts/env-server.mjs and scripts/lib/local-stack.mjs start it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HOST } from '../../shared/apps.mjs';
import { repoRoot } from './remotes.mjs';

/**
 * Node arguments that start the SSR server over an environment folder (remotes.json and
 * config.json, re-read on every request); callers append their own options (API origins,
 * environment.json).
 * @param {{ port: number, host: string, envDir: string }} o
 * @returns {string[]} the entry file followed by its options
 * @throws Error when the shell's server build is missing
 */
export function ssrShellArgs({ port, host, envDir }) {
  const entry = join(repoRoot, HOST.folder, 'dist', 'server', 'index.cjs');
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

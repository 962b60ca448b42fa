#!/usr/bin/env node
/**
 * Production build of the API (`pnpm --filter ./api build`), run by the root `pnpm run build` and
 * by the `api-build` stage of the root Dockerfile:
 * - `domain/dist/`: @landing/domain compiled by tsc (domain/tsconfig.build.json); the package's
 *   `landing-compiled` export condition points there, the default one at its TypeScript sources;
 * - `api/dist/`: the API compiled by tsc (api/tsconfig.build.json, same layout as `src/`, so
 *   @fastify/autoload and the seed loader find `domains/<name>/{routes,seed}.js`), with the locale
 *   files copied to `dist/locales/`.
 * Both folders are emptied first (a deleted routes file must not stay loadable).
 * Run it with `node --conditions=landing-compiled dist/main.js` (the Dockerfile's `api` target sets the condition in
 * NODE_OPTIONS). Exit code: tsc's when it fails.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const domainDir = join(apiDir, '..', 'domain');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

for (const [dir, label] of [
  [domainDir, '@landing/domain'],
  [apiDir, '@landing/api'],
]) {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`✖ tsc of ${label} failed`);
    process.exit(r.status ?? 1);
  }
}
cpSync(join(apiDir, 'src', 'locales'), join(apiDir, 'dist', 'locales'), { recursive: true });
console.log('✓ API built: api/dist (run: node --conditions=landing-compiled dist/main.js)');

/**
 * The compiled API (`pnpm --filter ./api build` → api/dist, run by the root Dockerfile's `api` target as
 * `node dist/main.js` with the `landing-compiled` condition): it starts on its own, finds every
 * domain's routes and seeders as `.js`, its locale files and the compiled @landing/domain, and
 * answers. Builds first when dist/ is missing or older than a source file.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { API_ROOT } from '../src/config.js';
import { usingPostgres } from './helpers.js';

/** Newest modification time (ms) of the files below `dir`. */
function newest(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) max = Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return max;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the compiled API (dist/)', () => {
  // One PGlite start is enough: the PostgreSQL run of the suite skips it.
  it(
    'starts from dist/main.js and answers with routes, seeds, texts and @landing/domain from the build',
    { skip: usingPostgres },
    async () => {
      const main = join(API_ROOT, 'dist', 'main.js');
      const sources = Math.max(newest(join(API_ROOT, 'src')), newest(join(API_ROOT, '..', 'domain', 'src')));
      if (!existsSync(main) || statSync(main).mtimeMs < sources) {
        const built = spawnSync(process.execPath, [join(API_ROOT, 'scripts', 'build.mjs')], { cwd: API_ROOT, encoding: 'utf8' });
        assert.equal(built.status, 0, `the API build failed:\n${built.stdout}${built.stderr}`);
      }
      assert.equal(
        readdirSync(join(API_ROOT, 'dist'), { recursive: true }).some((f) => String(f).endsWith('.ts')),
        false,
        'no TypeScript source in the build',
      );

      const dataDir = mkdtempSync(join(tmpdir(), 'landing-api-dist-'));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), PORT_OFFSET: '0', LOG_LEVEL: 'warn' };
      delete env.DATABASE_URL;
      delete env.NODE_OPTIONS; // no tsx loader: plain Node on the build
      const child = spawn(process.execPath, ['--conditions=landing-compiled', 'dist/main.js'], {
        cwd: API_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d));
      child.stderr.on('data', (d: Buffer) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        const base = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (child.exitCode !== null) assert.fail(`dist/main.js exited with ${child.exitCode}:\n${output}`);
          const ok = await fetch(`${base}/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) break;
          if (Date.now() > deadline) assert.fail(`dist/main.js did not answer /health within 120 s:\n${output}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        // A domain route (autoload of domains/*/routes.js) over seeded data (domains/*/seed.js).
        const stats = await fetch(`${base}/royal/stats`);
        assert.equal(stats.status, 200);
        assert.ok(((await stats.json()) as { users: number }).users > 0, 'seeded players are counted');
        // The server list of @landing/domain (the locale files are read at start: it would not start without them).
        const unknown = await fetch(`${base}/nowhere/stats`);
        assert.equal(unknown.status, 404);
        assert.equal(((await unknown.json()) as { error: string }).error, 'UNKNOWN_SERVER');
      } finally {
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { DataDirBusyError, lockInfoPathFor, lockPathFor, readLiveLock } from '../src/db/data-dir-lock.js';
import { runSeeds } from '../src/db/seed.js';
import { readMigrations } from '../src/db/migrate.js';
import { MIGRATIONS_DIR } from '../src/config.js';
import { createTestDatabase, runCli, sqlRows, startApp, TEST_CONFIG, usingPostgres, type TestApp } from './helpers.js';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { API_ROOT } from '../src/config.js';

async function snapshot(t: TestApp) {
  const [counts] = await sqlRows<Record<string, number>>(
    t.handle,
    `SELECT (SELECT count(*)::int FROM players) AS players, (SELECT count(*)::int FROM teams) AS teams,
            (SELECT count(*)::int FROM weekly_points) AS points, (SELECT count(*)::int FROM weekly_prizes) AS prizes,
            (SELECT count(*)::int FROM _migrations) AS migrations`,
  );
  const markers = await sqlRows<{ domain: string; server: string; seeded_at: Date }>(
    t.handle,
    'SELECT domain, server, seeded_at FROM seed_markers ORDER BY domain, server',
  );
  const firstPlayers = await sqlRows(t.handle, 'SELECT id, nickname, server FROM players ORDER BY id LIMIT 25');
  const stats = (await t.app.inject({ url: '/pl/stats' })).json();
  return { counts, markers: markers.map((m) => ({ ...m, seeded_at: new Date(m.seeded_at).toISOString() })), firstPlayers, stats };
}

describe('restart', () => {
  it('a second start reuses the data: no reseed, no re-applied migration', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startApp(database);
      const a = await snapshot(first);
      await first.close();

      assert.equal(a.counts!.migrations, readMigrations(MIGRATIONS_DIR).length);
      const seeded = a.markers.map((m) => `${m.domain}/${m.server}`);
      for (const domain of ['core', 'leaderboard']) {
        for (const server of ['pl', 'classic', 'royal', 'en'])
          assert.ok(seeded.includes(`${domain}/${server}`), `${domain}/${server} seeded`);
      }
      assert.ok(a.counts!.players! > 1000);

      const second = await startApp(database);
      try {
        const b = await snapshot(second);
        assert.deepEqual(b, a);
        const report = await runSeeds(second.handle.db, ['pl', 'royal']);
        assert.ok(report.length > 0 && report.every((r) => r.status === 'skipped'));
      } finally {
        await second.close();
      }
    } finally {
      await database.destroy();
    }
  });

  it('the seed CLI is idempotent and --reseed replaces the data', async () => {
    // A database a first seed has filled: the seeded template, made by runSeeds as the CLI seeds
    // (test/templates.ts). The seed of an empty database is the first start's, in the test above.
    const database = await createTestDatabase({ seeded: true });
    try {
      const again = runCli('seed', [], database.env);
      assert.equal(again.status, 0, again.stderr);
      assert.doesNotMatch(again.stdout, /^seeded/m);
      assert.match(again.stdout, /skipped\s+leaderboard\/royal/);

      const t = await startApp(database, { seed: false });
      try {
        const before = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM players');
        await sqlRows(t.handle, `INSERT INTO players (server, nickname, country, ovr) VALUES ('pl', 'ExtraBeforeReseed', 'PL', 50)`);
        await t.close();
        const reseed = runCli('seed', ['--reseed'], database.env);
        assert.equal(reseed.status, 0, reseed.stderr);
        assert.match(reseed.stdout, /seeded\s+leaderboard\/pl: \d+ teams, \d+ players/);
        const after = await startApp(database, { seed: false });
        try {
          const count = await sqlRows<{ n: number }>(after.handle, 'SELECT count(*)::int AS n FROM players');
          assert.deepEqual(count, before, 'reseed removed the extra row and recreated the same amount');
        } finally {
          await after.close();
        }
      } catch (err) {
        await t.close().catch(() => {});
        throw err;
      }
    } finally {
      await database.destroy();
    }
  });

  it('opens its own PGlite directory from DATA_DIR, locks it while open, and releases it on close', { skip: usingPostgres }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'landing-api-lock-'));
    const dataDir = join(root, 'pglite');
    try {
      const app = await buildApp({
        env: { DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', AUTH_CODE_HMAC_KEY: 'k'.repeat(32) },
        config: { ...TEST_CONFIG, databaseUrl: undefined },
        seed: false,
      });
      try {
        assert.equal(app.dbHandle.kind, 'pglite');
        assert.ok(existsSync(lockPathFor(dataDir)));
        await assert.rejects(
          buildApp({ config: { ...TEST_CONFIG, dataDir, databaseUrl: undefined }, seed: false }),
          (err: unknown) => err instanceof DataDirBusyError && /in use by process/.test(err.message),
        );
        assert.equal((await app.inject({ url: '/health' })).statusCode, 200);
      } finally {
        await app.close();
      }
      assert.ok(!existsSync(lockPathFor(dataDir)), 'lock released');
      const again = await buildApp({ config: { ...TEST_CONFIG, dataDir, databaseUrl: undefined }, seed: false });
      await again.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it(
    'a SIGKILLed holder whose pid now belongs to another live process does not block the next start',
    { skip: usingPostgres },
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'landing-api-lock-'));
      const dataDir = join(root, 'pglite');
      // Long enough for a holder on a loaded machine to refresh its lock in time (it does every staleMs / 2).
      const staleMs = 10_000;
      const children: ChildProcess[] = [];
      /** A child process that opens the data directory with the real openDatabase and holds it. */
      const holder = () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const code = `const { openDatabase } = await import(${JSON.stringify(join(API_ROOT, 'src', 'db', 'client.ts'))});
          await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, lock: { staleMs: ${staleMs} } });
          console.log('holding'); setInterval(() => {}, 1000);`;
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
            cwd: API_ROOT,
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          children.push(child);
          child.stdout!.on('data', (d: Buffer) => d.toString().includes('holding') && resolve(child));
          child.once('exit', (c) => reject(new Error(`holder exited with ${c}`)));
        });
      try {
        // initdb first: it blocks the event loop for seconds, longer than this short stale time.
        await (await openDatabase({ dataDir })).close();
        const first = await holder();
        // A live holder: the next open fails at once, naming it.
        assert.ok(readLiveLock(dataDir, { staleMs }));
        await assert.rejects(
          openDatabase({ dataDir, lock: { staleMs } }),
          (err: unknown) => err instanceof DataDirBusyError && err.holder.pid === first.pid,
        );

        first.kill('SIGKILL');
        await new Promise((r) => first.once('exit', r));
        // The pid of the dead holder now belongs to another live process (as after a container
        // restart): the recorded pid must not matter.
        const unrelated = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
        children.push(unrelated);
        writeFileSync(lockInfoPathFor(dataDir), JSON.stringify({ pid: unrelated.pid, startedAt: new Date().toISOString() }));
        // (the pid lock of earlier versions kept the pid in the lock file itself)
        if (!existsSync(lockPathFor(dataDir)) || !statSync(lockPathFor(dataDir)).isDirectory()) {
          writeFileSync(lockPathFor(dataDir), JSON.stringify({ pid: unrelated.pid, startedAt: new Date().toISOString() }));
        }
        assert.doesNotThrow(() => process.kill(unrelated.pid!, 0), 'the process with the recorded pid is alive');

        const handle = await openDatabase({ dataDir, lock: { staleMs } });
        try {
          assert.equal(handle.kind, 'pglite');
          assert.deepEqual(await handle.withSession((s) => s.query('SELECT 1 AS one')), [{ one: 1 }]);
          assert.equal(readLiveLock(dataDir, { staleMs })?.pid, process.pid, 'the new holder is this process');
        } finally {
          await handle.close();
        }
        assert.equal(readLiveLock(dataDir, { staleMs }), undefined, 'released on close');
      } finally {
        for (const c of children) c.kill('SIGKILL');
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

/**
 * Development features need an explicit switch, and the API refuses to start with a dangerous
 * configuration (src/lib/start-guards.ts, docs/SECURITY.md "V13").
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { API_ROOT, loadConfig } from '../src/config.js';
import { isLoopbackHost, startProblems, UnsafeConfigError } from '../src/lib/start-guards.js';
import { createTestDatabase, sqlRows, startApp, TEST_CONFIG } from './helpers.js';

/** Runs src/main.ts with `env` (nothing of the test's own environment but PATH) and returns how it ended. */
function runMain(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src', 'main.ts')], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', DEMO_ACTIVITY: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('development features need DEV_FEATURES=1', () => {
  it('without the switch: no local social-login provider, no dev mailbox, no demo accounts', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { DEV_FEATURES: '0' }, { NODE_ENV: 'production', DEV_FEATURES: '1' }]) {
      const config = loadConfig(env);
      assert.equal(config.devFeatures, false, JSON.stringify(env));
      assert.deepEqual(config.auth.oauth, {}, JSON.stringify(env));
      assert.equal(config.auth.devMailbox, false, JSON.stringify(env));
      assert.equal(config.auth.demoAccounts, false, JSON.stringify(env));
    }
    const dev = loadConfig({ DEV_FEATURES: '1' });
    assert.equal(dev.devFeatures, true);
    assert.deepEqual(Object.keys(dev.auth.oauth).sort(), ['facebook', 'google', 'vk']);
    assert.equal(dev.auth.devMailbox, true);
    assert.equal(dev.auth.demoAccounts, true);
    assert.equal(loadConfig({ DEV_FEATURES: '1', DEV_MAILBOX: '0', DEMO_ACCOUNTS: '0' }).auth.devMailbox, false);
  });

  it('an API started without the switch answers 404 at /dev/mailbox.json and seeds no demo account', async () => {
    const database = await createTestDatabase();
    const saved = process.env.DEV_FEATURES;
    process.env.DEV_FEATURES = '0'; // the seed reads the process environment
    try {
      const off = loadConfig({ AUTH_CODE_HMAC_KEY: 'k'.repeat(32) });
      const t = await startApp(database, { config: { devFeatures: false, auth: off.auth } });
      try {
        assert.equal((await t.app.inject({ url: '/dev/mailbox.json' })).statusCode, 404);
        assert.equal((await t.app.inject({ url: '/dev/mailbox' })).statusCode, 404);
        const demo = await sqlRows(t.handle, "SELECT id FROM auth_accounts WHERE nickname LIKE 'demo%'");
        assert.deepEqual(demo, []);
        const providers = (await t.app.inject({ url: '/royal/auth/providers' })).json().providers as Array<{ enabled: boolean }>;
        assert.ok(
          providers.every((p) => !p.enabled),
          'no provider without credentials',
        );
      } finally {
        await t.close();
      }
    } finally {
      if (saved === undefined) delete process.env.DEV_FEATURES;
      else process.env.DEV_FEATURES = saved;
      await database.destroy();
    }
  });
});

describe('the API refuses to start with a dangerous configuration', () => {
  it('loopback addresses are localhost, 127.0.0.0/8 and ::1 only', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3', '::ffff:127.0.0.1']) assert.equal(isLoopbackHost(h), true, h);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1']) assert.equal(isLoopbackHost(h), false, h);
  });

  it('DEV_FEATURES=1 on a non-loopback address and an ADMIN_SECRET under 32 characters are refused', () => {
    assert.deepEqual(startProblems({ host: '127.0.0.1', devFeatures: true, adminSecret: 'x'.repeat(32) }), []);
    assert.deepEqual(startProblems({ host: '0.0.0.0', devFeatures: false, adminSecret: undefined }), []);
    const problems = startProblems({ host: '0.0.0.0', devFeatures: true, adminSecret: 'x'.repeat(31) });
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /DEV_FEATURES=1 .* 0\.0\.0\.0/);
    assert.match(problems[1]!, /ADMIN_SECRET has 31 characters; it needs at least 32/);
  });

  it('a CHANGES_TOKEN under 32 characters is refused (the change stream credential)', () => {
    assert.deepEqual(startProblems({ host: '127.0.0.1', devFeatures: false, adminSecret: undefined, changesToken: 'c'.repeat(32) }), []);
    const problems = startProblems({ host: '127.0.0.1', devFeatures: false, adminSecret: undefined, changesToken: 'secret' });
    assert.deepEqual(problems.length, 1);
    assert.match(problems[0]!, /CHANGES_TOKEN has 6 characters; it needs at least 32/);
  });

  it('buildApp throws before opening a database', async () => {
    await assert.rejects(
      buildApp({ config: { ...TEST_CONFIG, host: '0.0.0.0', devFeatures: true, dataDir: '/nonexistent/never-opened' } }),
      UnsafeConfigError,
    );
    await assert.rejects(
      buildApp({ config: { ...TEST_CONFIG, adminSecret: 'short-secret', dataDir: '/nonexistent/never-opened' } }),
      /ADMIN_SECRET has 12 characters/,
    );
  });

  it('`tsx src/main.ts` exits 1 with the reason: dev features on 0.0.0.0, a short admin secret', () => {
    const r = runMain({ DEV_FEATURES: '1', API_HOST: '0.0.0.0', API_PORT: '0', ADMIN_SECRET: 'changeme' });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /The API refuses to start/);
    assert.match(r.stderr, /DEV_FEATURES=1 .*API_HOST is 0\.0\.0\.0/);
    assert.match(r.stderr, /ADMIN_SECRET has 8 characters/);
  });
});

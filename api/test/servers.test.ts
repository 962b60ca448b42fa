import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createRng } from '../src/lib/random.js';
import { ServersResponse } from '@landing/domain/schemas/core';
import { coreLocked as lockedSeeder } from '../src/domains/core/seed.js';
import { assertErrorBody, setupTestApp, sqlRows, TEST_CONFIG } from './helpers.js';

describe('GET /:server/servers (switcher list, spec §2)', () => {
  const t = setupTestApp();

  it('lists the served servers with their status and, outside production, the seeded locked server', async () => {
    const res = await t.app.inject({ url: '/royal/servers' });
    assert.equal(res.statusCode, 200);
    const { servers } = ServersResponse.parse(res.json());
    assert.deepEqual(
      servers.map((s) => [s.value, s.status]),
      [
        ['en', 'open'],
        ['pl', 'open'],
        ['classic', 'open'],
        ['royal', 'new'],
        ['us', 'locked'],
      ],
    );
    assert.deepEqual(servers.at(-1), {
      value: 'us',
      name: 'US',
      status: 'locked',
      gmt: 'GMT -6',
      region: 'americas',
      time_zone: 'America/Chicago',
    });
    // The same list from any server.
    assert.deepEqual((await t.app.inject({ url: '/pl/servers' })).json(), res.json());
    // The locked server is listed, never served.
    assertErrorBody(await t.app.inject({ url: '/us/servers' }), 404, 'UNKNOWN_SERVER');
  });

  it('takes the status from the database: a server locked there is answered locked', async () => {
    await sqlRows(t.handle, `UPDATE servers SET status = 'locked' WHERE code = 'classic'`);
    try {
      const { servers } = ServersResponse.parse((await t.app.inject({ url: '/royal/servers' })).json());
      assert.equal(servers.find((s) => s.value === 'classic')?.status, 'locked');
    } finally {
      await sqlRows(t.handle, `UPDATE servers SET status = 'open' WHERE code = 'classic'`);
    }
  });

  it('in production: pl, classic, royal only (the locked server is seeded with the test server, which production has not)', async () => {
    await sqlRows(t.handle, `DELETE FROM servers WHERE code = 'us'`);
    // What a production database gets: the seeder runs for pl, classic and royal only.
    for (const server of loadConfig({ NODE_ENV: 'production' }).servers) {
      await lockedSeeder.seedServer(t.handle.db, { server, rng: createRng('core-locked'), now: new Date() });
    }
    assert.deepEqual(await sqlRows(t.handle, `SELECT code FROM servers WHERE status = 'locked'`), []);
    const prod = await buildApp({
      db: t.handle,
      config: { ...TEST_CONFIG, nodeEnv: 'production', servers: loadConfig({ NODE_ENV: 'production' }).servers },
    });
    try {
      const { servers } = ServersResponse.parse((await prod.inject({ url: '/royal/servers' })).json());
      assert.deepEqual(
        servers.map((s) => s.value),
        ['pl', 'classic', 'royal'],
      );
    } finally {
      await prod.close();
      await lockedSeeder.seedServer(t.handle.db, { server: 'en', rng: createRng('core-locked'), now: new Date() });
    }
  });

  it('answers during the technical break (the switcher keeps working on the maintenance page)', async () => {
    await sqlRows(
      t.handle,
      `INSERT INTO settings (scope, key, value) VALUES ('royal', 'technical_break', 'true') ON CONFLICT (scope, key) DO UPDATE SET value = 'true'`,
    );
    try {
      assert.equal((await t.app.inject({ url: '/royal/servers' })).statusCode, 200);
      assert.equal((await t.app.inject({ url: '/royal/stats' })).statusCode, 503);
    } finally {
      await sqlRows(t.handle, `DELETE FROM settings WHERE scope = 'royal' AND key = 'technical_break'`);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTechnicalBreak } from '../src/domains/core/service.js';
import { assertErrorBody, createTestDatabase, runCli, setupTestApp, startApp, xsrfPair } from './helpers.js';

const SECRET = 'test-admin-secret-0123456789abcdef';

describe('technical break (spec §4, §8)', () => {
  const t = setupTestApp({ config: { adminSecret: SECRET } });

  const admin = (payload: unknown, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/technical-break',
      payload: payload as Record<string, unknown>,
      headers: secret === null ? {} : { 'x-admin-secret': secret },
    });

  it('answers 503 TECHNICAL_BREAK on every route of the switched server while /landing still answers', async () => {
    const on = await admin({ enabled: true, server: 'royal' });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(on.json().servers.royal, true);
    assert.equal(on.json().servers.pl, false);

    for (const url of ['/royal/stats', '/royal/leaderboard', '/royal/csrf', '/royal/leaderboard?limit=abc']) {
      const body = assertErrorBody(await t.app.inject({ url }), 503, 'TECHNICAL_BREAK');
      assert.equal(body.message, 'Technical break is in progress');
    }
    const landing = await t.app.inject({ url: '/royal/landing' });
    assert.equal(landing.statusCode, 200);
    assert.equal(landing.json().technical_break, true);
    assert.equal(landing.json().server, 'royal');

    // Other servers keep working.
    assert.equal((await t.app.inject({ url: '/pl/stats' })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/pl/landing' })).json().technical_break, false);
    // Root routes are not per server.
    assert.equal((await t.app.inject({ url: '/health' })).statusCode, 200);

    const off = await admin({ enabled: false, server: 'royal' });
    assert.equal(off.json().servers.royal, false);
    assert.equal((await t.app.inject({ url: '/royal/stats' })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/royal/landing' })).json().technical_break, false);
  });

  it('switches every server at once with the global switch (server omitted)', async () => {
    await admin({ enabled: true });
    for (const s of ['pl', 'classic', 'royal', 'en']) {
      assertErrorBody(await t.app.inject({ url: `/${s}/stats` }), 503, 'TECHNICAL_BREAK');
      assert.equal((await t.app.inject({ url: `/${s}/landing` })).json().technical_break, true);
    }
    await admin({ enabled: false, server: '*' });
    assert.equal((await t.app.inject({ url: '/classic/stats' })).statusCode, 200);
  });

  it('reads the switch from the database on each request (e.g. set by the CLI on a shared PostgreSQL)', async () => {
    await setTechnicalBreak(t.handle.db, 'classic', true);
    assertErrorBody(await t.app.inject({ url: '/classic/leaderboard' }), 503, 'TECHNICAL_BREAK');
    await setTechnicalBreak(t.handle.db, 'classic', false);
    assert.equal((await t.app.inject({ url: '/classic/leaderboard' })).statusCode, 200);
  });

  it('protects the admin route with X-Admin-Secret', async () => {
    assertErrorBody(await admin({ enabled: true }, null), 401, 'UNAUTHORIZED');
    assertErrorBody(await admin({ enabled: true }, 'wrong'), 401, 'UNAUTHORIZED');
    assertErrorBody(await t.app.inject({ url: '/admin/technical-break' }), 401, 'UNAUTHORIZED');
    assert.equal((await t.app.inject({ url: '/pl/stats' })).statusCode, 200, 'nothing was switched');
    const state = await t.app.inject({ url: '/admin/technical-break', headers: { 'x-admin-secret': SECRET } });
    assert.equal(state.statusCode, 200);
    assert.equal(state.json().servers.pl, false);
  });

  it('validates the admin body (400, readable)', async () => {
    const bad = assertErrorBody(await admin({ enabled: 'yes' }), 400, 'VALIDATION_ERROR');
    assert.match(bad.message, /enabled/);
    assertErrorBody(await admin({ enabled: true, server: 'mars' }), 400, 'VALIDATION_ERROR');
  });

  it('has no admin route when ADMIN_SECRET is unset', async () => {
    const { buildApp } = await import('../src/app.js');
    const { TEST_CONFIG } = await import('./helpers.js');
    const plain = await buildApp({ db: t.handle, config: { ...TEST_CONFIG, adminSecret: undefined } });
    try {
      const res = await plain.inject({
        method: 'POST',
        url: '/admin/technical-break',
        payload: { enabled: true },
        headers: { 'x-admin-secret': '' },
      });
      // The XSRF check runs first for unknown routes; with a token it is a plain 404.
      assert.ok([403, 404].includes(res.statusCode));
      const x = await xsrfPair(plain);
      const withToken = await plain.inject({
        method: 'POST',
        url: '/admin/technical-break',
        payload: { enabled: true },
        cookies: x.cookies,
        headers: x.headers,
      });
      assertErrorBody(withToken, 404, 'NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});

describe('maintenance CLI', () => {
  it('turns the break on and off for a server when the API is not running', async () => {
    const database = await createTestDatabase();
    try {
      const on = runCli('maintenance', ['on', 'pl'], database.env);
      assert.equal(on.status, 0, on.stderr);
      assert.match(on.stdout, /technical break ON for pl/);
      assert.match(on.stdout, /pl ON/);

      const t = await startApp(database, { seed: false });
      try {
        assertErrorBody(await t.app.inject({ url: '/pl/stats' }), 503, 'TECHNICAL_BREAK');
        assert.equal((await t.app.inject({ url: '/royal/stats' })).statusCode, 200);
      } finally {
        await t.close();
      }

      const off = runCli('maintenance', ['off', 'pl'], database.env);
      assert.equal(off.status, 0, off.stderr);
      assert.match(off.stdout, /pl off/);
      const bad = runCli('maintenance', ['maybe'], database.env);
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /usage/);
    } finally {
      await database.destroy();
    }
  });
});

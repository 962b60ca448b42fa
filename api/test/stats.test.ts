import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupTestApp, sqlRows } from './helpers.js';

describe('GET /:server/stats', () => {
  const t = setupTestApp();

  async function dbCounts(server: string) {
    const [row] = await sqlRows<{ users: number; teams: number; online: number }>(
      t.handle,
      `SELECT (SELECT count(*)::int FROM players WHERE server = $1) AS users,
              (SELECT count(*)::int FROM teams WHERE server = $1) AS teams,
              (SELECT count(*)::int FROM players WHERE server = $1 AND last_seen_at > now() - interval '15 minutes') AS online`,
      [server],
    );
    return row!;
  }

  for (const server of ['pl', 'classic', 'royal', 'en']) {
    it(`answers users/teams/online_users for ${server} that match the database`, async () => {
      const res = await t.app.inject({ url: `/${server}/stats` });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['online_users', 'teams', 'users']);
      const expected = await dbCounts(server);
      assert.deepEqual(body, { users: expected.users, teams: expected.teams, online_users: expected.online });
      assert.ok(body.users > 0 && body.teams > 0, 'seeded data exists');
      assert.ok(body.online_users > 0, 'the seed keeps some players online');
      assert.ok(body.online_users < body.users / 5, 'only a small share is online');
    });
  }

  it('gives each server its own numbers; royal (the new server) is smaller than pl and classic', async () => {
    const [pl, classic, royal] = await Promise.all(
      ['pl', 'classic', 'royal'].map(async (s) => (await t.app.inject({ url: `/${s}/stats` })).json()),
    );
    assert.ok(royal.users < pl.users && royal.users < classic.users);
    assert.notDeepEqual(pl, classic);
  });

  it('counts a player seen just now as online and one seen 16 minutes ago only as a user', async () => {
    const before = (await t.app.inject({ url: '/royal/stats' })).json();
    await sqlRows(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr, last_seen_at) VALUES
        ('royal', 'StatsTestOnline', 'TR', 70, now() - interval '1 minute'),
        ('royal', 'StatsTestAway', 'TR', 70, now() - interval '16 minutes'),
        ('pl', 'StatsTestOtherServer', 'PL', 70, now())`,
    );
    await sqlRows(t.handle, `INSERT INTO teams (server, name, badge_color) VALUES ('royal', 'Stats Test FC', '#123abc')`);
    const afterInsert = (await t.app.inject({ url: '/royal/stats' })).json();
    assert.deepEqual(afterInsert, {
      users: before.users + 2,
      teams: before.teams + 1,
      online_users: before.online_users + 1,
    });
  });
});

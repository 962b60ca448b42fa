import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoTick } from '../src/domains/leaderboard/demo.js';
import { weekOf } from '../src/lib/week.js';
import { setupTestApp, sqlRows } from './helpers.js';

describe('demo activity (keeps seeded data alive)', () => {
  const t = setupTestApp();

  it('brings players online again after everyone went offline', async () => {
    await sqlRows(t.handle, `UPDATE players SET last_seen_at = now() - interval '2 hours' WHERE server = 'royal'`);
    assert.equal((await t.app.inject({ url: '/royal/stats' })).json().online_users, 0);
    await demoTick(t.handle.db, ['royal'], new Date(), { warm: true });
    const stats = (await t.app.inject({ url: '/royal/stats' })).json();
    assert.ok(
      stats.online_users >= Math.floor(stats.users * 0.04) && stats.online_users <= Math.ceil(stats.users * 0.06),
      JSON.stringify(stats),
    );
    // A regular tick adds a few more (0.25–0.45% of the players).
    await demoTick(t.handle.db, ['royal']);
    const later = (await t.app.inject({ url: '/royal/stats' })).json();
    const added = later.online_users - stats.online_users;
    assert.ok(added >= 0 && added <= Math.ceil(stats.users * 0.0045), `added ${added}`);
  });

  it('gives a new week its first points, once', async () => {
    const nextWeek = new Date(weekOf('Europe/Warsaw').end.getTime() + 3 * 3_600_000);
    const start = weekOf('Europe/Warsaw', nextWeek).startDate;
    const count = async () =>
      (
        await sqlRows<{ n: number }>(
          t.handle,
          `SELECT count(*)::int AS n FROM weekly_points w JOIN players p ON p.id = w.player_id WHERE p.server = 'pl' AND w.week_start = $1`,
          [start],
        )
      )[0]!.n;
    assert.equal(await count(), 0);
    await demoTick(t.handle.db, ['pl'], nextWeek);
    const n = await count();
    assert.ok(n > 100, `${n} players scored`);
    await demoTick(t.handle.db, ['pl'], new Date(nextWeek.getTime() + 60_000));
    const n2 = await count();
    assert.ok(n2 >= n && n2 < n * 1.2, 'not generated twice');
  });
});

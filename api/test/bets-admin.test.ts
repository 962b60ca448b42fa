/**
 * Bets API admin routes (secret, fake clock) and the demo ticker that enters due results.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { resolveDueDemoMatches } from '../src/domains/bets/demo.js';
import { assertErrorBody, sqlRows, TEST_CONFIG } from './helpers.js';
import { SECRET, setupBetsApp } from './bets-fixture.js';

describe('bets API', () => {
  const { t, admin, matches, flat } = setupBetsApp();

  describe('admin', () => {
    it('needs the secret', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/bets/clock',
        headers: { 'x-admin-secret': 'wrong' },
        payload: { reset: true },
      });
      assertErrorBody(res, 401, 'UNAUTHORIZED');
    });

    it('the clock moves outside production and reads back', async () => {
      const res = await admin('POST', '/admin/bets/clock', { offset_ms: 86_400_000 });
      const state = res.json() as { offset_ms: number; now: string; fakeable: boolean };
      assert.equal(state.offset_ms, 86_400_000);
      assert.equal(state.fakeable, true);
      const tournaments = (await t.app.inject({ url: '/royal/bets/tournaments' })).json() as { now: string };
      assert.ok(Math.abs(new Date(tournaments.now).getTime() - (Date.now() + 86_400_000)) < 60_000);
      await admin('POST', '/admin/bets/clock', { reset: true });
      assertErrorBody(await admin('POST', '/admin/bets/clock', { offset_ms: 'soon' }), 400, 'VALIDATION_ERROR');
    });

    it('production ignores and refuses the fake clock', async () => {
      await admin('POST', '/admin/bets/clock', { offset_ms: 3_600_000 });
      const prod = await buildApp({
        db: t.handle,
        config: { ...TEST_CONFIG, adminSecret: SECRET, nodeEnv: 'production', servers: ['pl', 'classic', 'royal'] },
      });
      try {
        const res = await prod.inject({
          method: 'POST',
          url: '/admin/bets/clock',
          headers: { 'x-admin-secret': SECRET },
          payload: { reset: true },
        });
        assertErrorBody(res, 409, 'CLOCK_NOT_FAKEABLE');
        const now = ((await prod.inject({ url: '/royal/bets/tournaments' })).json() as { now: string }).now;
        assert.ok(Math.abs(new Date(now).getTime() - Date.now()) < 60_000, 'machine clock in production');
      } finally {
        await prod.close();
        await admin('POST', '/admin/bets/clock', { reset: true });
      }
    });
  });

  it('with DEMO_ACTIVITY on, the app starts the ticker: a demo match kicked off 3 h ago gets its result', async () => {
    const [m] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO bet_matches (tournament_id, stage, group_code, home_team_id, away_team_id, kickoff_at, venue)
       SELECT t.id, 'group', 'A', (SELECT id FROM bet_teams WHERE code = 'GER'), (SELECT id FROM bet_teams WHERE code = 'FRA'),
              now() - interval '3 hours', 'Test'
       FROM bet_tournaments t WHERE t.code = 'world-cup' RETURNING id`,
    );
    const demo = await buildApp({ db: t.handle, config: { ...TEST_CONFIG, demoActivity: true } });
    try {
      await demo.ready();
      let result: Array<{ home_score: number | null }> = [];
      for (let i = 0; i < 50; i++) {
        result = await sqlRows(t.handle, 'SELECT home_score FROM bet_matches WHERE id = $1', [m!.id]);
        if (result[0]?.home_score !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.notEqual(result[0]?.home_score, null, 'the ticker entered a result');
    } finally {
      await demo.close();
    }
  });

  it('the demo ticker enters due results of the demo World Cup and scores them', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    const before = flat(await matches('royal', 'world-cup')).filter(
      (m) => !m.result && new Date(m.kickoff_at).getTime() <= later.getTime() - 2 * 3600_000,
    );
    assert.ok(before.length > 0);
    const n = await resolveDueDemoMatches(t.app.db, later);
    assert.equal(n, before.length);
    const [unscored] = await sqlRows<{ n: number }>(
      t.handle,
      `SELECT count(*)::int AS n FROM bet_predictions p JOIN bet_matches m ON m.id = p.match_id WHERE m.home_score IS NOT NULL AND p.points IS NULL`,
    );
    assert.equal(unscored!.n, 0);
    assert.equal(await resolveDueDemoMatches(t.app.db, later), 0);
  });
});

/**
 * Bets API against a real database: the tournaments and their matches, 404s in the error shape.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertErrorBody } from './helpers.js';
import { setupBetsApp } from './bets-fixture.js';

describe('bets API', () => {
  const { t, player, auth, put, matches, flat } = setupBetsApp();

  it('lists the World Cup (live, current) and Euro 2024 (finished) with the scoring rules', async () => {
    const res = await t.app.inject({ url: '/royal/bets/tournaments' });
    assert.equal(res.statusCode, 200);
    const body = res.json() as { tournaments: Array<Record<string, unknown>>; current: string; now: string };
    assert.deepEqual(
      body.tournaments.map((x) => [x.code, x.status]),
      [
        ['world-cup', 'live'],
        ['euro-2024', 'finished'],
      ],
    );
    assert.equal(body.current, 'world-cup');
    for (const x of body.tournaments) {
      assert.deepEqual(x.scoring, { exact: 5, goal_difference: 3, outcome: 2 });
      assert.equal(x.max_goals, 20);
    }
    const examples = body.tournaments[0]!.examples as Array<{ hit: string; points: number }>;
    assert.deepEqual(
      examples.map((e) => [e.hit, e.points]),
      [
        ['exact', 5],
        ['goal_difference', 3],
        ['outcome', 2],
        ['miss', 0],
        ['exact', 5],
        ['outcome', 2],
        ['miss', 0],
      ],
    );
    assert.equal(body.tournaments[1]!.matches_total, 51);
    assert.equal(body.tournaments[1]!.matches_finished, 51);
    assert.ok(Math.abs(new Date(body.now).getTime() - Date.now()) < 60_000);
  });

  it('World Cup: 8 groups of 6 matches, some finished, some waiting for the result, some open', async () => {
    const a = await matches('royal', 'world-cup');
    assert.equal(a.viewer, null);
    assert.deepEqual(
      a.stages.map((s) => s.key),
      ['group-A', 'group-B', 'group-C', 'group-D', 'group-E', 'group-F', 'group-G', 'group-H'],
    );
    for (const s of a.stages) {
      assert.equal(s.matches.length, 6);
      const teams = new Set(s.matches.flatMap((m) => [m.home.code, m.away.code]));
      assert.equal(teams.size, 4, `${s.key} has four teams`);
      for (const m of s.matches) assert.equal(m.prediction, null);
    }
    const all = flat(a);
    const now = new Date(a.now).getTime();
    const finished = all.filter((m) => m.status === 'finished');
    const open = all.filter((m) => m.status === 'open');
    assert.ok(finished.length >= 12, 'finished matches');
    assert.ok(open.length >= 16, 'open matches');
    for (const m of finished) assert.ok(m.result && new Date(m.kickoff_at).getTime() <= now);
    for (const m of open) assert.ok(!m.result && new Date(m.kickoff_at).getTime() > now);
    for (const m of all.filter((x) => x.status === 'locked')) assert.ok(!m.result && new Date(m.kickoff_at).getTime() <= now);
    // Community picks of the royal bettors add up.
    const picked = finished.find((m) => m.picks.total > 0);
    assert.ok(picked, 'seeded bettors predicted finished matches');
    assert.ok(Math.abs(picked.picks.home + picked.picks.draw + picked.picks.away - 100) <= 2);
  });

  it('Euro 2024: groups A–F then the knockout stages, with the real results', async () => {
    const a = await matches('royal', 'euro-2024');
    assert.deepEqual(
      a.stages.map((s) => s.key),
      ['group-A', 'group-B', 'group-C', 'group-D', 'group-E', 'group-F', 'round_of_16', 'quarter_final', 'semi_final', 'final'],
    );
    const final = a.stages.at(-1)!.matches[0]!;
    assert.deepEqual([final.home.code, final.away.code, final.result], ['ESP', 'ENG', { home: 2, away: 1, penalties: null }]);
    assert.equal(final.home.region, 'ES');
    assert.equal(final.away.region, 'GB-ENG');
    const shootout = flat(a).find((m) => m.home.code === 'POR' && m.away.code === 'SVN')!;
    assert.deepEqual(shootout.result, { home: 0, away: 0, penalties: { home: 3, away: 0 } });
    assert.ok(flat(a).every((m) => m.status === 'finished'));
  });

  it('unknown tournament or match → 404 in the error shape', async () => {
    assertErrorBody(await t.app.inject({ url: '/royal/bets/tournaments/copa-1900/matches' }), 404, 'TOURNAMENT_NOT_FOUND');
    assertErrorBody(
      await put('/royal/bets/matches/999999/prediction', { home_score: 1, away_score: 0 }, auth(player.id)),
      404,
      'MATCH_NOT_FOUND',
    );
    assertErrorBody(await t.app.inject({ url: '/royal/bets/ranking?tournament=nope' }), 404, 'TOURNAMENT_NOT_FOUND');
  });
});

/**
 * Bets API ranking: paging, tie-break order, cached standings, the all-servers scope.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareStandings } from '../src/domains/bets/scoring.js';
import { RankingResponse } from '@landing/domain/schemas/bets';
import { SEED_BETTORS } from '../src/domains/bets/seed.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { setupBetsApp } from './bets-fixture.js';

describe('bets API', () => {
  const { t } = setupBetsApp();

  describe('ranking', () => {
    it('royal: paged rows of name, server, total bets, total points in the tie-break order', async () => {
      const first = RankingResponse.parse((await t.app.inject({ url: '/royal/bets/ranking?per_page=10' })).json());
      assert.equal(first.tournament.code, 'world-cup');
      assert.equal(first.scope, 'server');
      assert.equal(first.rows.length, 10);
      assert.ok(first.total >= SEED_BETTORS.royal * 0.9);
      assert.equal(first.pages, Math.ceil(first.total / 10));
      assert.equal(first.me, null);
      const second = RankingResponse.parse((await t.app.inject({ url: '/royal/bets/ranking?per_page=10&page=2' })).json());
      assert.deepEqual(
        second.rows.map((r) => r.position),
        [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      );
      const rows = [...first.rows, ...second.rows];
      for (const r of rows) assert.equal(r.server, 'royal');
      const asTotals = rows.map((r) => ({
        playerId: r.player_id,
        totalPoints: r.total_points,
        exactScores: r.exact_scores,
        correctOutcomes: r.correct_outcomes,
      }));
      assert.deepEqual([...asTotals].sort(compareStandings), asTotals);
      rows.forEach((r, i) => assert.equal(r.position, i + 1));
    });

    it('the cached standings equal the sum of the scored predictions', async () => {
      const check = await sqlRows<{ player_id: number; pts: number; bets: number; exact: number; outcomes: number }>(
        t.handle,
        `SELECT p.player_id, coalesce(sum(p.points), 0)::int AS pts, count(*)::int AS bets,
                (count(*) FILTER (WHERE p.hit = 'exact'))::int AS exact,
                (count(*) FILTER (WHERE p.points > 0))::int AS outcomes
         FROM bet_predictions p JOIN bet_matches m ON m.id = p.match_id JOIN bet_tournaments t ON t.id = m.tournament_id
         JOIN players pl ON pl.id = p.player_id WHERE t.code = 'euro-2024' AND pl.server = 'pl'
         GROUP BY p.player_id`,
      );
      const ranking = RankingResponse.parse((await t.app.inject({ url: '/pl/bets/ranking?tournament=euro-2024&per_page=50' })).json());
      assert.equal(ranking.total, check.length);
      for (const r of ranking.rows) {
        const c = check.find((x) => x.player_id === r.player_id)!;
        assert.deepEqual([r.total_points, r.total_bets, r.exact_scores, r.correct_outcomes], [c.pts, c.bets, c.exact, c.outcomes]);
      }
      assert.ok(ranking.rows[0]!.total_points > 0);
    });

    it('en has no bettors: an empty ranking', async () => {
      const res = RankingResponse.parse((await t.app.inject({ url: '/en/bets/ranking' })).json());
      assert.deepEqual([res.rows, res.total, res.pages, res.me], [[], 0, 1, null]);
    });

    it('scope=all ranks the bettors of every server together', async () => {
      const res = RankingResponse.parse(
        (await t.app.inject({ url: '/en/bets/ranking?scope=all&per_page=50&tournament=euro-2024' })).json(),
      );
      assert.equal(res.scope, 'all');
      assert.ok(new Set(res.rows.map((r) => r.server)).size >= 2);
      const [n] = await sqlRows<{ n: number }>(
        t.handle,
        `SELECT count(*)::int AS n FROM bet_standings s JOIN bet_tournaments t ON t.id = s.tournament_id WHERE t.code = 'euro-2024' AND s.total_bets > 0`,
      );
      assert.equal(res.total, n!.n);
    });

    it('rejects bad paging parameters with 400', async () => {
      for (const q of ['page=0', 'per_page=51', 'per_page=abc', 'scope=world', 'tournament=Bad%20Code']) {
        assertErrorBody(await t.app.inject({ url: `/royal/bets/ranking?${q}` }), 400, 'VALIDATION_ERROR');
      }
    });
  });
});

/**
 * Bets API predictions: login and XSRF, saving and changing, bad scores, the kick-off lock, scoring.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { RankingResponse } from '@landing/domain/schemas/bets';
import { LOGIN_TO_PREDICT } from '../src/domains/bets/routes.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { setupBetsApp, type Match } from './bets-fixture.js';

describe('bets API', () => {
  const { t, player, otherServerPlayer, auth, playerWithSession, put, admin, matches, rankingMe, flat } = setupBetsApp();

  describe('predicting', () => {
    let target: Match;

    before(async () => {
      const open = flat(await matches('royal', 'world-cup')).filter((m) => m.status === 'open');
      target = open.at(-1)!; // the last kick-off: far enough from the real clock
    });

    it("a visitor gets 401 'Users must be logged in to predict results', whatever the body", async () => {
      for (const payload of [{ home_score: 1, away_score: 0 }, { home_score: 'x' }]) {
        const body = assertErrorBody(await put(`/royal/bets/matches/${target.id}/prediction`, payload), 401, 'BET_LOGIN_REQUIRED');
        assert.equal(body.message, LOGIN_TO_PREDICT);
      }
      // An unknown session is a visitor too.
      const res = await put(
        `/royal/bets/matches/${target.id}/prediction`,
        { home_score: 1, away_score: 0 },
        { 'x-auth-token': 'nope', 'x-auth-id': '1' },
      );
      assert.equal(assertErrorBody(res, 401, 'BET_LOGIN_REQUIRED').message, LOGIN_TO_PREDICT);
    });

    it('needs the XSRF header', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/royal/bets/matches/${target.id}/prediction`,
        payload: { home_score: 1, away_score: 0 },
        headers: auth(player.id),
      });
      assertErrorBody(res, 403, 'XSRF_MISMATCH');
    });

    it('a player saves a prediction, sees it, and can change it before kick-off (one row)', async () => {
      const first = await put(`/royal/bets/matches/${target.id}/prediction`, { home_score: 2, away_score: 1 }, auth(player.id));
      assert.equal(first.statusCode, 200, first.body);
      const saved = (first.json() as { match: Match }).match;
      assert.equal(saved.id, target.id);
      assert.deepEqual([saved.prediction?.home, saved.prediction?.away, saved.prediction?.points], [2, 1, null]);

      const again = await put(`/royal/bets/matches/${target.id}/prediction`, { home_score: 0, away_score: 3 }, auth(player.id));
      assert.equal(again.statusCode, 200);
      const rows = await sqlRows(t.handle, 'SELECT home_score, away_score FROM bet_predictions WHERE player_id = $1', [player.id]);
      assert.deepEqual(rows, [{ home_score: 0, away_score: 3 }]);

      const a = await matches('royal', 'world-cup', auth(player.id));
      assert.deepEqual(a.viewer, { player_id: player.id, name: player.nickname, server: 'royal' });
      const mine = flat(a).filter((m) => m.prediction);
      assert.equal(mine.length, 1);
      assert.deepEqual([mine[0]!.id, mine[0]!.prediction!.home, mine[0]!.prediction!.away], [target.id, 0, 3]);
      // The standings count the bet at once, with no points yet.
      const [standing] = await sqlRows(t.handle, 'SELECT total_bets, total_points FROM bet_standings WHERE player_id = $1', [player.id]);
      assert.deepEqual(standing, { total_bets: 1, total_points: 0 });
    });

    it('bad scores get a 400 with a clear message and keep the saved prediction', async () => {
      for (const payload of [
        { home_score: -1, away_score: 0 },
        { home_score: 'two', away_score: 0 },
        { home_score: 1.5, away_score: 0 },
        { home_score: 21, away_score: 0 },
        { home_score: 1 },
      ]) {
        const body = assertErrorBody(
          await put(`/royal/bets/matches/${target.id}/prediction`, payload, auth(player.id)),
          400,
          'VALIDATION_ERROR',
        );
        assert.match(body.message, /home_score|away_score/);
      }
      const rows = await sqlRows(t.handle, 'SELECT home_score, away_score FROM bet_predictions WHERE player_id = $1', [player.id]);
      assert.deepEqual(rows, [{ home_score: 0, away_score: 3 }]);
    });

    it('a session of another server is a visitor here; on its own server it predicts', async () => {
      const res = await put(`/royal/bets/matches/${target.id}/prediction`, { home_score: 1, away_score: 1 }, auth(otherServerPlayer.id));
      assert.equal(assertErrorBody(res, 401, 'BET_LOGIN_REQUIRED').message, LOGIN_TO_PREDICT);
      const own = await put(`/pl/bets/matches/${target.id}/prediction`, { home_score: 1, away_score: 1 }, auth(otherServerPlayer.id));
      assert.equal(own.statusCode, 200, own.body);
      assert.equal((await matches('royal', 'world-cup', auth(otherServerPlayer.id))).viewer, null);
    });

    it('a revoked session is a visitor', async () => {
      const p = await playerWithSession('royal', 'RevokedBettor');
      await sqlRows(t.handle, 'UPDATE auth_sessions SET revoked_at = now() WHERE account_id = $1', [Number(auth(p.id)['x-auth-id'])]);
      const res = await put(`/royal/bets/matches/${target.id}/prediction`, { home_score: 1, away_score: 1 }, auth(p.id));
      assertErrorBody(res, 401, 'BET_LOGIN_REQUIRED');
    });

    it('after kick-off (server clock) the prediction is locked: 409 and nothing changes', async () => {
      const clock = await admin('POST', '/admin/bets/clock', {
        now: new Date(new Date(target.kickoff_at).getTime() + 60_000).toISOString(),
      });
      assert.equal(clock.statusCode, 200, clock.body);
      try {
        const res = await put(`/royal/bets/matches/${target.id}/prediction`, { home_score: 5, away_score: 5 }, auth(player.id));
        assert.match(assertErrorBody(res, 409, 'MATCH_LOCKED').message, /closed/);
        const m = flat(await matches('royal', 'world-cup', auth(player.id))).find((x) => x.id === target.id)!;
        assert.equal(m.status, 'locked');
        assert.deepEqual([m.prediction?.home, m.prediction?.away], [0, 3]);
      } finally {
        // The result entry of the next test needs the clock past kick-off too; it resets it.
      }
    });

    it('an entered result scores the prediction and the ranking updates', async () => {
      try {
        await enterAndCheck();
      } finally {
        assert.equal((await admin('POST', '/admin/bets/clock', { reset: true })).statusCode, 200);
      }
    });

    async function enterAndCheck(): Promise<void> {
      const res = await admin('POST', `/admin/bets/matches/${target.id}/result`, { home_score: 1, away_score: 4 });
      assert.equal(res.statusCode, 200, res.body);
      const done = res.json() as { scored: number; tournament: string };
      assert.equal(done.tournament, 'world-cup');
      assert.ok(done.scored >= 1);

      const m = flat(await matches('royal', 'world-cup', auth(player.id))).find((x) => x.id === target.id)!;
      assert.equal(m.status, 'finished');
      assert.deepEqual(m.result, { home: 1, away: 4, penalties: null });
      assert.deepEqual([m.prediction?.hit, m.prediction?.points], ['goal_difference', 3]);

      const ranking = RankingResponse.parse(
        (await t.app.inject({ url: '/royal/bets/ranking?per_page=50', headers: auth(player.id) })).json(),
      );
      assert.equal(ranking.me, null, 'the public ranking has no viewer row');
      const me = await rankingMe('', auth(player.id));
      assert.ok(me);
      assert.equal(me.player_id, player.id);
      assert.equal(me.name, 'BetTester');
      assert.equal(me.total_bets, 1);
      assert.equal(me.total_points, 3);

      // Correcting the result rescores.
      assert.equal((await admin('POST', `/admin/bets/matches/${target.id}/result`, { home_score: 0, away_score: 3 })).statusCode, 200);
      assert.equal((await rankingMe('', auth(player.id)))?.total_points, 5);
    }

    it('a result before kick-off is refused', async () => {
      const open = flat(await matches('royal', 'world-cup')).filter((m) => m.status === 'open');
      const res = await admin('POST', `/admin/bets/matches/${open[0]!.id}/result`, { home_score: 1, away_score: 0 });
      assertErrorBody(res, 409, 'MATCH_NOT_STARTED');
      const played = flat(await matches('royal', 'world-cup')).find((m) => m.status === 'finished')!;
      const pens = await admin('POST', `/admin/bets/matches/${played.id}/result`, {
        home_score: 1,
        away_score: 1,
        penalties: { home: 4, away: 3 },
      });
      assert.match(assertErrorBody(pens, 400, 'INVALID_RESULT').message, /group match/);
      const after = flat(await matches('royal', 'world-cup')).find((m) => m.id === played.id)!;
      assert.deepEqual(after.result, played.result, 'a refused result changes nothing');
    });
  });
});

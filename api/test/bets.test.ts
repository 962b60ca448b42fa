import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { z } from 'zod';
import { buildApp } from '../src/app.js';
import { resolveDueDemoMatches } from '../src/domains/bets/demo.js';
import { compareStandings } from '../src/domains/bets/scoring.js';
import { createSession } from '../src/domains/auth/sessions.js';
import { RankingResponse } from '@landing/domain/schemas/bets';
import { LOGIN_TO_PREDICT } from '../src/domains/bets/routes.js';
import { SEED_BETTORS } from '../src/domains/bets/seed.js';
import { assertErrorBody, setupTestApp, sqlRows, TEST_CONFIG, xsrfPair } from './helpers.js';

const SECRET = 'bets-test-secret-0123456789abcdef';

interface Match {
  id: number;
  stage: string;
  group: string | null;
  kickoff_at: string;
  home: { code: string; name: string; region: string };
  away: { code: string; name: string; region: string };
  status: 'open' | 'locked' | 'finished';
  result: { home: number; away: number; penalties: { home: number; away: number } | null } | null;
  prediction: { home: number; away: number; points: number | null; hit: string | null } | null;
  picks: { total: number; home: number; draw: number; away: number };
}
interface MatchesAnswer {
  tournament: { code: string; status: string; scoring: { exact: number; goal_difference: number; outcome: number } };
  now: string;
  viewer: { player_id: number; name: string; server: string } | null;
  stages: Array<{ key: string; stage: string; group: string | null; matches: Match[] }>;
}

/** Real auth sessions (src/domains/auth/sessions.ts) of the test's players: player id → headers. */
const sessions = new Map<number, Record<string, string>>();

describe('bets API', () => {
  const t = setupTestApp({ config: { adminSecret: SECRET } });
  let player: { id: number; nickname: string };
  let otherServerPlayer: { id: number };

  /** Headers of the player's session. */
  const auth = (playerId: number) => sessions.get(playerId)!;

  /** A player with an active account and a session, created directly in the database. */
  async function playerWithSession(server: string, nickname: string): Promise<{ id: number; nickname: string }> {
    const [p] = await sqlRows<{ id: number; nickname: string }>(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ($1, $2, 'PL', 70) RETURNING id, nickname`,
      [server, nickname],
    );
    const [account] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO auth_accounts (server, nickname, email, status, player_id, activated_at)
       VALUES ($1, $2, $3, 'active', $4, now()) RETURNING id`,
      [server, nickname, `${nickname.toLowerCase()}@example.com`, p!.id],
    );
    const session = await createSession(t.app.db, account!.id, { method: 'password', ip: null, ttlS: 3600 });
    sessions.set(p!.id, { 'x-auth-token': session.token, 'x-auth-id': session.uid });
    return p!;
  }
  const put = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const x = await xsrfPair(t.app);
    return t.app.inject({
      method: 'PUT',
      url,
      payload: payload as Record<string, unknown>,
      cookies: x.cookies,
      headers: { ...x.headers, ...headers },
    });
  };
  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-admin-secret': SECRET },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  /**
   * The matches as the page shows them: the public list, and with a session the viewer's own
   * predictions (a separate private answer) merged in, as mf-bets/src/api/fetch-matches.ts does.
   */
  const matches = async (server: string, code: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/${server}/bets/tournaments/${code}/matches`, headers });
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json() as MatchesAnswer;
    assert.equal(answer.viewer, null, 'the public list has no viewer');
    for (const m of answer.stages.flatMap((st) => st.matches)) assert.equal(m.prediction, null, 'the public list has no predictions');
    if (!headers['x-auth-token']) return answer;
    const own = await t.app.inject({ url: `/${server}/bets/tournaments/${code}/predictions`, headers });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.headers['cache-control'], 'private, no-store');
    const { viewer, predictions } = own.json() as {
      viewer: MatchesAnswer['viewer'];
      predictions: Array<NonNullable<Match['prediction']> & { match_id: number }>;
    };
    const byMatch = new Map(predictions.map(({ match_id, ...p }) => [match_id, p]));
    return {
      ...answer,
      viewer,
      stages: answer.stages.map((st) => ({ ...st, matches: st.matches.map((m) => ({ ...m, prediction: byMatch.get(m.id) ?? null })) })),
    };
  };
  /** The viewer's ranking row (`GET /bets/ranking/me`, split from the public ranking). */
  const rankingMe = async (query: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ url: `/royal/bets/ranking/me${query}`, headers });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { me: z.infer<typeof RankingResponse>['me'] }).me;
  };
  const flat = (a: MatchesAnswer) => a.stages.flatMap((s) => s.matches);

  before(async () => {
    player = await playerWithSession('royal', 'BetTester');
    otherServerPlayer = await playerWithSession('pl', 'PlBettor');
  });

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

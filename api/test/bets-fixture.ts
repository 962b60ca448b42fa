/**
 * Shared setup of the bets API tests: the answer shapes, the admin secret, and a test app with two
 * players holding real sessions (royal `BetTester`, pl `PlBettor`) and request helpers.
 */
import assert from 'node:assert/strict';
import { before } from 'node:test';
import type { z } from 'zod';
import { createSession } from '../src/domains/auth/sessions.js';
import { RankingResponse } from '@landing/domain/schemas/bets';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

export const SECRET = 'bets-test-secret-0123456789abcdef';

export interface Match {
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
export interface MatchesAnswer {
  tournament: { code: string; status: string; scoring: { exact: number; goal_difference: number; outcome: number } };
  now: string;
  viewer: { player_id: number; name: string; server: string } | null;
  stages: Array<{ key: string; stage: string; group: string | null; matches: Match[] }>;
}

/** Real auth sessions (src/domains/auth/sessions.ts) of the test's players: player id → headers. */
const sessions = new Map<number, Record<string, string>>();

/**
 * Builds the bets test app for the enclosing `describe` (a fresh database per file, admin secret
 * `SECRET`) and returns `t`, the two players (filled before the tests run) and the request helpers:
 * `auth`, `playerWithSession`, `put` (XSRF pair sent), `admin`, `matches` (with the viewer's
 * predictions), `rankingMe` and `flat`.
 */
export function setupBetsApp() {
  const t = setupTestApp({ config: { adminSecret: SECRET } });
  /** Filled in by the `before` hook below, before any test runs. */
  const player = { id: 0, nickname: '' };
  const otherServerPlayer = { id: 0 };

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
    Object.assign(player, await playerWithSession('royal', 'BetTester'));
    Object.assign(otherServerPlayer, await playerWithSession('pl', 'PlBettor'));
  });
  return { t, player, otherServerPlayer, auth, playerWithSession, put, admin, matches, rankingMe, flat };
}

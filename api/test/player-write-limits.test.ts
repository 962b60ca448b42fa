/**
 * Votes and predictions are limited per player, whatever address they come from
 * (src/domains/auth/current-user.ts `perPlayerLimit`): each accepted write can drop cached answers
 * and pages everywhere, so no player can drive the rate of changes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PREDICTION_PLAYER_LIMIT } from '../src/domains/bets/routes.js';
import { VOTE_PLAYER_LIMIT } from '../src/domains/news/votes.routes.js';
import { freshIp } from './auth-helpers.js';
import { assertErrorBody, sqlRows, xsrfPair } from './helpers.js';
import { SINGLE, setupNewsApp } from './news-fixture.js';

describe('player write limits: votes and predictions per player across addresses', () => {
  const { t, login, article } = setupNewsApp();

  /** One write of the player from a new address each time. */
  async function write(method: 'POST' | 'PUT', url: string, payload: object, session: Record<string, string>, lang = 'en') {
    const x = await xsrfPair(t.app);
    return t.app.inject({
      method,
      url,
      payload,
      cookies: x.cookies,
      headers: { ...x.headers, ...session, 'x-lang': lang },
      remoteAddress: freshIp(),
    });
  }

  it(`votes: past ${VOTE_PLAYER_LIMIT.max} a minute from one player, 429 (translated) from any address; another player still votes`, async () => {
    const voter = await login('royal', 'BusyVoter', 60);
    const poll = (await article('royal', SINGLE)).poll!;
    const body = { questionnaire_id: poll.id, options: [poll.options[0]!.id] };
    const codes: number[] = [];
    for (let i = 0; i < VOTE_PLAYER_LIMIT.max; i++) codes.push((await write('POST', '/royal/votes', body, voter)).statusCode);
    assert.deepEqual(codes, [200, ...Array<number>(VOTE_PLAYER_LIMIT.max - 1).fill(422)], 'one vote, then refused repeats');
    const over = await write('POST', '/royal/votes', body, voter, 'de');
    const err = assertErrorBody(over, 429, 'TOO_MANY_REQUESTS');
    assert.notEqual(err.message, 'Too many requests. Try again in a moment', 'translated by X-Lang');
    const other = await login('royal', 'CalmVoter', 60);
    assert.equal((await write('POST', '/royal/votes', body, other)).statusCode, 200);
  });

  it(`predictions: past ${PREDICTION_PLAYER_LIMIT.max} a minute from one player, 429 from any address`, async () => {
    const bettor = await login('royal', 'BusyBettor', 60);
    const [match] = await sqlRows<{ id: number }>(t.handle, `SELECT min(id) AS id FROM bet_matches`);
    const url = `/royal/bets/matches/${match!.id}/prediction`;
    for (let i = 0; i < PREDICTION_PLAYER_LIMIT.max; i++) {
      const res = await write('PUT', url, { home_score: i % 5, away_score: 1 }, bettor);
      assert.notEqual(res.statusCode, 429, `write ${i + 1} is within the limit`);
    }
    assertErrorBody(await write('PUT', url, { home_score: 1, away_score: 1 }, bettor), 429, 'TOO_MANY_REQUESTS');
  });
});

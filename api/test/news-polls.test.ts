/**
 * News polls against a real database: votes (rules, one ballot per player) and percentages.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { votePercents } from '../src/domains/news/polls.js';
import { assertErrorBody, sqlRows } from './helpers.js';
import { ENDED, MULTIPLE, SINGLE, setupNewsApp, type Poll } from './news-fixture.js';

describe('news', () => {
  const { t, post, login, article } = setupNewsApp();

  describe('POST /:server/votes', () => {
    const vote = (payload: unknown, headers: Record<string, string> = {}) => post('/royal/votes', payload, headers);

    it('a visitor gets 401', async () => {
      const single = (await article('royal', SINGLE)).poll!;
      const res = await vote({ questionnaire_id: single.id, options: [single.options[0]!.id] });
      const body = assertErrorBody(res, 401, 'LOGIN_REQUIRED');
      assert.equal(body.message, 'Users must be logged in to vote');
    });

    it('votes once in a single poll: info in X-Lang, percentages recomputed; a second vote is 422 INVALID_VOTE', async () => {
      const voter = await login('royal', 'SingleVoter', 50);
      const before = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(before.voted_options, null);
      const choice = before.options[2]!;
      const res = await vote({ questionnaire_id: before.id, options: [choice.id] }, { ...voter, 'x-lang': 'pl' });
      assert.equal(res.statusCode, 200, res.body);
      const answer = res.json() as { info: string; poll: Poll };
      assert.equal(answer.info, 'Dziękujemy! Twój głos został policzony.');
      assert.equal(answer.poll.total_votes, before.total_votes + 1);
      assert.equal(answer.poll.options[2]!.votes, choice.votes + 1);
      assert.deepEqual(answer.poll.voted_options, [choice.id]);
      assert.equal(
        answer.poll.options.reduce((s, o) => s + o.votes_percent, 0),
        100,
      );
      const expected = Math.round((100 * (choice.votes + 1)) / (before.total_votes + 1));
      assert.ok(Math.abs(answer.poll.options[2]!.votes_percent - expected) <= 1);

      const again = await vote({ questionnaire_id: before.id, options: [before.options[0]!.id] }, voter);
      const body = assertErrorBody(again, 422, 'INVALID_VOTE');
      assert.equal(body.message, 'You have already voted in this poll');
      const after = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(after.total_votes, before.total_votes + 1);
      assert.deepEqual(after.voted_options, [choice.id]);
      const visitorView = (await article('royal', SINGLE)).poll!;
      assert.equal(visitorView.voted_options, null);
    });

    it('a single poll takes exactly one answer of its own', async () => {
      const voter = await login('royal', 'PickyVoter', 50);
      const single = (await article('royal', SINGLE)).poll!;
      const multiple = (await article('royal', MULTIPLE)).poll!;
      const two = assertErrorBody(
        await vote({ questionnaire_id: single.id, options: single.options.slice(0, 2).map((o) => o.id) }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(two.message, 'Choose only one answer in this poll');
      const none = assertErrorBody(await vote({ questionnaire_id: single.id, options: [] }, voter), 422, 'INVALID_VOTE');
      assert.equal(none.message, 'Choose an answer');
      const foreign = assertErrorBody(
        await vote({ questionnaire_id: single.id, options: [multiple.options[0]!.id] }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(foreign.message, 'This answer does not belong to the poll');
      assertErrorBody(await vote({ questionnaire_id: single.id, options: ['a'] }, voter), 400, 'VALIDATION_ERROR');
      const stillOpen = (await article('royal', SINGLE, voter)).poll!;
      assert.equal(stillOpen.voted_options, null, 'refused ballots leave no trace');
    });

    it('a multiple poll takes several answers and enforces limit_ovr', async () => {
      const weak = await login('royal', 'WeakVoter', 59);
      const strong = await login('royal', 'StrongVoter', 60);
      const before = (await article('royal', MULTIPLE)).poll!;
      const low = assertErrorBody(await vote({ questionnaire_id: before.id, options: [before.options[0]!.id] }, weak), 422, 'INVALID_VOTE');
      assert.equal(low.message, 'Only players with minimum 60 OVR can vote');
      const picks = [before.options[1]!.id, before.options[3]!.id, before.options[1]!.id];
      const res = await vote({ questionnaire_id: before.id, options: picks }, strong);
      assert.equal(res.statusCode, 200, res.body);
      const poll = (res.json() as { poll: Poll }).poll;
      assert.equal(poll.total_votes, before.total_votes + 1);
      assert.deepEqual(
        poll.voted_options,
        [before.options[1]!.id, before.options[3]!.id].sort((a, b) => a - b),
      );
      assert.equal(poll.options[1]!.votes, before.options[1]!.votes + 1);
      assert.equal(poll.options[3]!.votes, before.options[3]!.votes + 1);
      assert.equal(poll.options[0]!.votes, before.options[0]!.votes);
      for (const o of poll.options) assert.equal(o.votes_percent, Math.round((100 * o.votes) / poll.total_votes));
    });

    it('an ended poll, an unknown poll and another server’s poll are refused', async () => {
      const voter = await login('royal', 'LateVoter', 90);
      const ended = (await article('royal', ENDED)).poll!;
      const closed = assertErrorBody(
        await vote({ questionnaire_id: ended.id, options: [ended.options[0]!.id] }, voter),
        422,
        'INVALID_VOTE',
      );
      assert.equal(closed.message, 'This poll is already closed');
      const missing = assertErrorBody(await vote({ questionnaire_id: 99999999, options: [1] }, voter), 422, 'INVALID_VOTE');
      assert.equal(missing.message, 'This poll does not exist');
      const plPoll = (await article('pl', SINGLE)).poll!;
      assertErrorBody(await vote({ questionnaire_id: plPoll.id, options: [plPoll.options[0]!.id] }, voter), 422, 'INVALID_VOTE');
    });

    it('a poll closes when finish_at passes', async () => {
      const voter = await login('royal', 'ClockVoter', 90);
      const single = (await article('royal', SINGLE)).poll!;
      await sqlRows(t.handle, `UPDATE news_polls SET finish_at = now() - interval '1 second' WHERE id = $1`, [single.id]);
      try {
        assert.equal((await article('royal', SINGLE)).poll!.ended, true);
        assertErrorBody(await vote({ questionnaire_id: single.id, options: [single.options[0]!.id] }, voter), 422, 'INVALID_VOTE');
      } finally {
        await sqlRows(t.handle, `UPDATE news_polls SET finish_at = $2 WHERE id = $1`, [single.id, single.finish_at]);
      }
    });
  });

  describe('votePercents', () => {
    it('single polls sum to exactly 100 (largest remainder)', () => {
      assert.deepEqual(votePercents('single', [1, 1, 1], 3), [34, 33, 33]);
      assert.deepEqual(votePercents('single', [2, 1, 0], 3), [67, 33, 0]);
      assert.deepEqual(votePercents('single', [0, 0], 0), [0, 0]);
      assert.deepEqual(votePercents('single', [7], 7), [100]);
    });
    it('multiple polls give each option its share of ballots', () => {
      assert.deepEqual(votePercents('multiple', [3, 2, 1], 4), [75, 50, 25]);
      assert.deepEqual(votePercents('multiple', [1, 1], 3), [33, 33]);
    });
  });
});

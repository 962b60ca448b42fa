/**
 * News comments against a real database: rules, replies, plain text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commentLength, normaliseCommentText } from '@landing/domain';
import { assertErrorBody, sqlRows } from './helpers.js';
import { SINGLE, setupNewsApp, type Comment, type Reply } from './news-fixture.js';

describe('news', () => {
  const { t, playerIds, get, post, login, article } = setupNewsApp();

  describe('comments', () => {
    const url = '/royal/news/new-season-kicks-off/comments';

    it('a visitor is told to log in (401 LOGIN_REQUIRED)', async () => {
      const body = assertErrorBody(await post(url, { text: 'Hello everybody out there' }), 401, 'LOGIN_REQUIRED');
      assert.equal(body.message, 'Users must be logged in to comment');
    });

    it('needs the XSRF header', async () => {
      const res = await t.app.inject({ method: 'POST', url, payload: { text: 'Hello everybody out there' } });
      assertErrorBody(res, 403, 'XSRF_MISMATCH');
    });

    it('a player with OVR not above the threshold is refused (403)', async () => {
      const low = await login('royal', 'LowOvrWriter', 45);
      const body = assertErrorBody(await post(url, { text: 'I would like to comment too' }, low), 403, 'COMMENT_OVR_TOO_LOW');
      assert.equal(body.message, 'Only players with OVR higher than 45 can comment');
    });

    it('a session of another server, or a revoked or made-up one, counts as a visitor', async () => {
      const plPlayer = await login('pl', 'PolishWriter', 80);
      assertErrorBody(await post(url, { text: 'Comment from another server' }, plPlayer), 401, 'LOGIN_REQUIRED');
      const royal = await login('royal', 'RevokedWriter', 80);
      await sqlRows(t.handle, `UPDATE auth_sessions SET revoked_at = now() WHERE account_id = $1`, [Number(royal['x-auth-id'])]);
      assertErrorBody(await post(url, { text: 'Comment after logging out' }, royal), 401, 'LOGIN_REQUIRED');
      const forged = { 'x-auth-token': 'made-up-token', 'x-auth-id': royal['x-auth-id']! };
      assertErrorBody(await post(url, { text: 'Comment with a forged token' }, forged), 401, 'LOGIN_REQUIRED');
    });

    it('too short (after trimming) is 422 with the minimum in the message', async () => {
      const writer = await login('royal', 'ShortWriter', 70);
      for (const text of ['short', '    tiny     ', '\n\n\n\n\n\n\n\n\n\n\n\n']) {
        const body = assertErrorBody(await post(url, { text }, writer), 422, 'COMMENT_TOO_SHORT');
        assert.equal(body.message, 'The comment must be at least 10 characters long');
      }
      assertErrorBody(await post(url, { text: 'x'.repeat(1001) }, writer), 422, 'COMMENT_TOO_LONG');
      assertErrorBody(await post(url, { text: 'x'.repeat(5001) }, writer), 400, 'VALIDATION_ERROR');
      assertErrorBody(await post(url, { text: 42 }, writer), 400, 'VALIDATION_ERROR');
    });

    it('posts a comment and a reply; the count follows; markup is stored as plain text', async () => {
      const writer = await login('royal', 'HappyWriter', 71);
      const before = await article('royal', 'new-season-kicks-off');
      const xss = '<img src=x onerror="window.__xss=1"><script>alert(1)</script> hi';
      const res = await post(url, { text: `  ${xss}  ` }, writer);
      assert.equal(res.statusCode, 201, res.body);
      const posted = res.json() as { comment: Reply; comments_count: number };
      assert.equal(posted.comment.text, xss);
      assert.equal(posted.comment.parent_id, null);
      assert.deepEqual(posted.comment.author, { id: playerIds.get('HappyWriter'), nickname: 'HappyWriter', ovr: 71 });
      assert.equal(posted.comments_count, before.comments_count + 1);

      const reply = await post(url, { text: 'Replying to myself here', parent_id: posted.comment.id }, writer);
      assert.equal(reply.statusCode, 201, reply.body);
      const r = reply.json() as { comment: Reply; comments_count: number };
      assert.equal(r.comment.parent_id, posted.comment.id);
      assert.equal(r.comments_count, before.comments_count + 2);

      // A reply to a reply joins the same thread (one level).
      const nested = await post(url, { text: 'And one more level down', parent_id: r.comment.id }, writer);
      assert.equal((nested.json() as { comment: Reply }).comment.parent_id, posted.comment.id);

      const after = await article('royal', 'new-season-kicks-off');
      assert.equal(after.comments_count, before.comments_count + 3);
      assert.equal(after.comments[0]!.id, posted.comment.id, 'newest first');
      assert.equal(after.comments[0]!.text, xss);
      assert.deepEqual(
        after.comments[0]!.replies.map((x) => x.text),
        ['Replying to myself here', 'And one more level down'],
      );
      const list = (await get(url)).json() as { comments: Comment[]; comments_count: number };
      assert.equal(list.comments_count, after.comments_count);
    });

    it('replying to a comment of another article or an unknown one is 404', async () => {
      const writer = await login('royal', 'LostWriter', 70);
      const other = await article('royal', SINGLE);
      const foreign = other.comments[0]!.id;
      assertErrorBody(await post(url, { text: 'Where does this go?', parent_id: foreign }, writer), 404, 'COMMENT_NOT_FOUND');
      assertErrorBody(await post(url, { text: 'Where does this go?', parent_id: 99999999 }, writer), 404, 'COMMENT_NOT_FOUND');
      assertErrorBody(await post('/royal/news/nope/comments', { text: 'Nobody will read it' }, writer), 404, 'NEWS NOT FOUND');
    });

    it('the thresholds come from settings (per server over global over defaults)', async () => {
      const writer = await login('royal', 'SettingsWriter', 55);
      await sqlRows(
        t.handle,
        `INSERT INTO settings (scope, key, value) VALUES ('*', 'news_comment_min_length', '3'), ('royal', 'news_comment_min_ovr', '60')`,
      );
      try {
        const a = await article('royal', 'new-season-kicks-off');
        assert.deepEqual(a.comment_rules, { min_length: 3, max_length: 1000, min_ovr: 60 });
        const body = assertErrorBody(await post(url, { text: 'Short' }, writer), 403, 'COMMENT_OVR_TOO_LOW');
        assert.equal(body.message, 'Only players with OVR higher than 60 can comment');
        const pl = await article('pl', 'new-season-kicks-off');
        assert.deepEqual(pl.comment_rules, { min_length: 3, max_length: 1000, min_ovr: 45 });
      } finally {
        await sqlRows(t.handle, `DELETE FROM settings WHERE key LIKE 'news_comment_%'`);
      }
    });

    it('normalises text: control characters go, newlines stay, length counts characters', () => {
      assert.equal(normaliseCommentText('  a\u0000b\r\nc\u0007  '), 'ab\nc');
      assert.equal(normaliseCommentText('x\uD800y'), 'x\uFFFDy');
      assert.equal(commentLength('⚽⚽😀'), 3);
    });
  });
});

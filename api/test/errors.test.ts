import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { z } from 'zod';
import { ApiError } from '../src/lib/errors.js';
import { assertErrorBody, setupTestApp, sqlRows, xsrfPair } from './helpers.js';

describe('error shape: { statusCode, error, message }, never a stack', () => {
  const t = setupTestApp({ config: { adminSecret: 'errors-admin-secret-0123456789abcd', logLevel: 'silent' } });
  let xsrf: { cookies: Record<string, string>; headers: Record<string, string> };

  before(async () => {
    t.app.get('/test/boom', async () => {
      throw new Error('secret internals: password=hunter2 at /srv/app/src/db.ts:42');
    });
    t.app.get('/test/typeerror', async () => {
      const value = undefined as unknown as { deep: { x: number } };
      return { x: value.deep.x };
    });
    t.app.get(
      '/test/bad-response',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'not a number' }) as unknown as { n: number },
    );
    t.app.get('/test/api-error', async () => {
      throw new ApiError(422, 'INVALID_VOTE', 'This poll is already closed');
    });
    t.app.post('/test/json', { schema: { body: z.object({ name: z.string().min(3) }) } }, async (req) => req.body);
    const pair = await xsrfPair(t.app);
    xsrf = { cookies: pair.cookies, headers: pair.headers };
  });

  it('turns an unexpected exception into 500 "Server error" without internals', async () => {
    for (const url of ['/test/boom', '/test/typeerror', '/test/bad-response']) {
      const res = await t.app.inject({ url });
      const body = assertErrorBody(res, 500, 'SERVER_ERROR');
      assert.equal(body.message, 'Server error');
      assert.doesNotMatch(res.body, /hunter2|secret|deep|db\.ts|not a number|schema/);
    }
  });

  it('answers 500 "Server error" when the database fails, without the SQL error', async () => {
    await sqlRows(t.handle, 'ALTER TABLE weekly_points RENAME TO weekly_points_hidden');
    try {
      for (const url of ['/pl/leaderboard', '/pl/leaderboard?limit=3']) {
        const res = await t.app.inject({ url });
        const body = assertErrorBody(res, 500, 'SERVER_ERROR');
        assert.equal(body.message, 'Server error');
        assert.doesNotMatch(res.body, /weekly_points|relation|select|postgres/i);
      }
    } finally {
      await sqlRows(t.handle, 'ALTER TABLE weekly_points_hidden RENAME TO weekly_points');
    }
    assert.equal((await t.app.inject({ url: '/pl/leaderboard' })).statusCode, 200);
  });

  it('keeps domain errors (ApiError) with their status, code and message', async () => {
    const body = assertErrorBody(await t.app.inject({ url: '/test/api-error' }), 422, 'INVALID_VOTE');
    assert.equal(body.message, 'This poll is already closed');
  });

  it('answers client mistakes with 4xx, not 500', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/test/json',
      ...xsrf,
      headers: { ...xsrf.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    assertErrorBody(badJson, 400, 'BAD_REQUEST');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/test/json',
      ...xsrf,
      headers: { ...xsrf.headers, 'content-type': 'application/x-unknown' },
      payload: 'name=abc',
    });
    assertErrorBody(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const tooShort = await t.app.inject({ method: 'POST', url: '/test/json', ...xsrf, payload: { name: 'ab' } });
    const body = assertErrorBody(tooShort, 400, 'VALIDATION_ERROR');
    assert.match(body.message, /body field "name"/);

    const missing = await t.app.inject({ method: 'POST', url: '/test/json', ...xsrf, payload: {} });
    assertErrorBody(missing, 400, 'VALIDATION_ERROR');

    const adminBadJson = await t.app.inject({
      method: 'POST',
      url: '/admin/technical-break',
      headers: { 'x-admin-secret': 'errors-admin-secret-0123456789abcd', 'content-type': 'application/json' },
      payload: 'not json',
    });
    assertErrorBody(adminBadJson, 400, 'BAD_REQUEST');
  });

  it('uses the same shape for 404 and 405-like misses', async () => {
    assertErrorBody(await t.app.inject({ url: '/nope' }), 404, 'NOT_FOUND');
    assertErrorBody(await t.app.inject({ method: 'DELETE', url: '/pl/stats', ...xsrf }), 404, 'NOT_FOUND');
  });
});

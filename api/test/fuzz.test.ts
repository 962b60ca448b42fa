/**
 * Property-based fuzzing of every route of the API's OpenAPI document (src/lib/validation.ts): a
 * bounded number of generated bad inputs per route (FUZZ_RUNS, default 40); any 5xx, any answer
 * leaking internals, or any answer without the security headers fails the test with the
 * shrunk request. `pnpm --filter ./api run fuzz` runs the same generators at 1,000 per route.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { checkAnswer } from './fuzz/checks.js';
import { fuzzContext, resetSideEffects } from './fuzz/context.js';
import { requestArb } from './fuzz/mutations.js';
import { routesOf, type FuzzContext } from './fuzz/openapi.js';
import { setupTestApp } from './helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

describe(`fuzzing every OpenAPI route (${RUNS} inputs each, seed ${SEED})`, () => {
  const t = setupTestApp({ config: { adminSecret: 'fuzz-admin-secret-0123456789abcdef', logLevel: 'silent' } });
  let ctx: FuzzContext;

  before(async () => {
    await t.app.ready();
    ctx = await fuzzContext(t.app);
  });

  it('the document lists the routes of every domain', () => {
    const paths = routesOf(ctx.doc).map((r) => `${r.method} ${r.path}`);
    assert.ok(paths.length >= 40, `${paths.length} routes`);
    for (const p of [
      'POST /{server}/auth/login',
      'GET /{server}/news/{slug}',
      'PUT /{server}/bets/matches/{matchId}/prediction',
      'POST /{server}/contact',
      'POST /{server}/newsletter',
      'GET /health',
    ]) {
      assert.ok(paths.includes(p), `${p} is fuzzed`);
    }
  });

  it('no route answers 5xx, leaks internals or lacks the security headers', async () => {
    for (const [i, route] of routesOf(ctx.doc).entries()) {
      await fc.assert(
        fc.asyncProperty(requestArb(route, ctx), async (request) => {
          const res = await t.app.inject(request);
          await resetSideEffects(t.app, route);
          const check = checkAnswer(res);
          const what = `${request.method} ${request.url.slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          assert.ok(!check.serverError, `5xx: ${what}`);
          assert.equal(check.leak, null, `leaks ${check.leak}: ${what}`);
          assert.deepEqual(check.missingHeaders, [], `missing security headers: ${what}`);
        }),
        { numRuns: RUNS, seed: SEED + i, endOnFailure: false },
      );
    }
  });
});

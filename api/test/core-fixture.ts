/**
 * Shared setup of the core API tests: a test app with two test-only routes, `POST /test/echo`
 * (a zod-checked body `{ n: number }`, answered as `{ got }`) and `GET /test/ctx` (the request context).
 */
import { before } from 'node:test';
import { z } from 'zod';
import { setupTestApp } from './helpers.js';

/** Builds the core test app for the enclosing `describe` (a fresh database per file) and returns `t`. */
export function setupCoreApp() {
  const t = setupTestApp();

  before(() => {
    // Test-only routes (the app is returned before ready(), so routes can still be added).
    t.app.post('/test/echo', { schema: { body: z.object({ n: z.number() }) } }, async (request) => ({ got: request.body }));
    t.app.get('/test/ctx', async (request) => request.ctx);
  });
  return t;
}

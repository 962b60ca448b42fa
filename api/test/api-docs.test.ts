/** The OpenAPI UI and document (`/docs`, `/docs/json`) are off in production unless API_DOCS=1 (api/README.md "Environment"). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, startApp, type TestDatabase } from './helpers.js';

describe('/docs (OpenAPI) is off in production unless asked for', () => {
  it('the switch: on outside production, off in production, API_DOCS=1 turns it on, API_DOCS=0 off', () => {
    assert.equal(loadConfig({}).apiDocs, true);
    assert.equal(loadConfig({ NODE_ENV: 'production' }).apiDocs, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', API_DOCS: '1' }).apiDocs, true);
    assert.equal(loadConfig({ API_DOCS: '0' }).apiDocs, false);
  });

  it('a production API answers 404 at /docs and /docs/json; with API_DOCS=1 it serves them', async () => {
    let database: TestDatabase | undefined;
    try {
      // Seeded already: what is checked is the /docs switch, not the first start's seed.
      database = await createTestDatabase({ seeded: true });
      for (const [env, status] of [
        [{ NODE_ENV: 'production' }, 404],
        [{ NODE_ENV: 'production', API_DOCS: '1' }, 200],
      ] as const) {
        const t = await startApp(database, {
          config: { nodeEnv: 'production', servers: ['pl', 'classic', 'royal'], apiDocs: loadConfig(env).apiDocs },
        });
        try {
          assert.equal((await t.app.inject({ url: '/docs/json' })).statusCode, status, JSON.stringify(env));
          const ui = (await t.app.inject({ url: '/docs' })).statusCode;
          assert.equal(ui === 404 ? 404 : 200, status, `/docs answered ${ui} with ${JSON.stringify(env)}`);
          // The document is still built for the server's own use (the fuzz test walks it).
          assert.ok(Object.keys((t.app.swagger() as { paths: object }).paths).length > 10);
        } finally {
          await t.close();
        }
      }
    } finally {
      await database?.destroy();
    }
  });
});

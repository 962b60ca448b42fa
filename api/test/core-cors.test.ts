/**
 * Core API CORS: the configured origins only, on error answers too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CORS_ALLOWED_HEADERS } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { setupCoreApp } from './core-fixture.js';

describe('core: servers, landing, XSRF, CORS, request context, docs', () => {
  const t = setupCoreApp();

  describe('CORS', () => {
    it('answers a preflight from the shell origin allowing credentials and every client header', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/pl/stats',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-auth-token,x-auth-id,x-lang,x-server-id,x-xsrf-token',
        },
      });
      assert.equal(res.statusCode, 204);
      assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:3000');
      assert.equal(res.headers['access-control-allow-credentials'], 'true');
      const allowed = String(res.headers['access-control-allow-headers'])
        .toLowerCase()
        .split(/\s*,\s*/);
      for (const h of CORS_ALLOWED_HEADERS) assert.ok(allowed.includes(h.toLowerCase()), `${h} allowed`);
      assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    });

    it('allows the remotes (3001..3009) and 127.0.0.1, but not other origins', async () => {
      for (const origin of ['http://localhost:3004', 'http://127.0.0.1:3009']) {
        const res = await t.app.inject({ url: '/pl/stats', headers: { origin } });
        assert.equal(res.headers['access-control-allow-origin'], origin);
      }
      for (const origin of ['http://evil.example', 'http://localhost:3010', 'http://localhost:4000']) {
        const res = await t.app.inject({ url: '/pl/stats', headers: { origin } });
        assert.equal(res.headers['access-control-allow-origin'], undefined, origin);
      }
    });

    it('adds CORS headers to error answers too, so the browser can read them', async () => {
      const res = await t.app.inject({ url: '/xx/stats', headers: { origin: 'http://localhost:3000' } });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['access-control-allow-origin'], 'http://localhost:3000');
    });

    it('reads CORS_ORIGINS and shifts the default range by PORT_OFFSET', () => {
      assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins, [
        'https://a.example',
        'https://b.example',
      ]);
      const shifted = loadConfig({ PORT_OFFSET: '100' });
      assert.ok(shifted.corsOrigins.includes('http://localhost:3100'));
      assert.ok(shifted.corsOrigins.includes('http://127.0.0.1:3109'));
      assert.ok(!shifted.corsOrigins.includes('http://localhost:3000'));
      assert.equal(shifted.port, 4100);
    });
  });
});

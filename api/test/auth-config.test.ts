import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';

describe('social login providers from the environment (api/README.md "Auth")', () => {
  it('with DEV_FEATURES=1 every provider without a client id uses the local provider at 4900 + PORT_OFFSET', () => {
    const { oauth } = loadConfig({ NODE_ENV: 'development', DEV_FEATURES: '1', PORT_OFFSET: '200' }).auth;
    assert.deepEqual(Object.keys(oauth).sort(), ['facebook', 'google', 'vk']);
    for (const p of Object.values(oauth)) {
      assert.equal(p.mock, true);
      assert.equal(p.authorizeUrl, 'http://localhost:5100/authorize');
    }
    assert.equal(loadConfig({ NODE_ENV: 'development', DEV_FEATURES: '1' }).auth.oauth.google?.tokenUrl, 'http://localhost:4900/token');
    assert.equal(
      loadConfig({ NODE_ENV: 'development', DEV_FEATURES: '1', OAUTH_MOCK_URL: 'http://127.0.0.1:7000/' }).auth.oauth.vk?.userinfoUrl,
      'http://127.0.0.1:7000/userinfo',
    );
  });

  it('production has no local provider: only the providers configured with real credentials', () => {
    assert.deepEqual(loadConfig({ NODE_ENV: 'production' }).auth.oauth, {});
    assert.deepEqual(loadConfig({ NODE_ENV: 'production', DEV_FEATURES: '1' }).auth.oauth, {});
    const { oauth } = loadConfig({
      NODE_ENV: 'production',
      OAUTH_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      OAUTH_GOOGLE_CLIENT_SECRET: 's3cret',
    }).auth;
    assert.deepEqual(Object.keys(oauth), ['google']);
    assert.equal(oauth.google?.mock, false);
    assert.equal(oauth.google?.authorizeUrl, 'https://accounts.google.com/o/oauth2/v2/auth');
    assert.equal(oauth.google?.clientSecret, 's3cret');
  });
});

#!/usr/bin/env node
/**
 * Local OAuth 2.0 provider for the social logins (oauth2-mock-server): stands in for Google,
 * Facebook and VK outside production, so the whole popup flow runs in the browser without
 * real accounts. The API uses it when no real client id is configured
 * (OAUTH_MOCK_URL, default http://localhost:4960).
 *
 *   node mf-auth/scripts/oauth-mock.mjs            # port 4961 (OAUTH_MOCK_PORT), for manual runs
 *   OAUTH_MOCK_URL=http://localhost:4961 PORT_OFFSET=200 node scripts/serve.mjs
 *
 * `/authorize` answers at once (no login page) with a code for the redirect URI; `/token`
 * accepts it (and checks a PKCE verifier); `/userinfo` returns {@link MOCK_USER}.
 * The e2e suite starts it in-process on port 4960 with `startOAuthMock()`.
 */
import { pathToFileURL } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/** The person "logged in" at the mock provider. */
export const MOCK_USER = {
  sub: 'mock-user-0001',
  email: 'social.player@example.com',
  email_verified: true,
  name: 'Social Player',
};

/**
 * Starts the mock provider.
 * @param {{ port?: number, host?: string, user?: Record<string, unknown> }} [options]
 * @returns {Promise<OAuth2Server>} call `.stop()` when done
 */
export async function startOAuthMock({ port = 4961, host = 'localhost', user = MOCK_USER } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...user };
  });
  await server.start(port, host);
  return server;
}

/** Command-line entry: runs until SIGINT/SIGTERM. */
async function main() {
  const port = Number(process.env.OAUTH_MOCK_PORT ?? 4961);
  const server = await startOAuthMock({ port });
  console.log(`OAuth mock provider on ${server.issuer.url} — start the API with OAUTH_MOCK_URL=${server.issuer.url}`);
  const stop = () => server.stop().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// No top-level await: the e2e suite loads this file with require(esm).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

#!/usr/bin/env node
/**
 * Serves the production build like a real deployment, each part on its own origin (ports from
 * the app registry, shared/apps.mjs, through scripts/ports.mjs):
 *   shell  http://localhost:3000   the page server (shell/dist/server/index.cjs): server-rendered
 *          pages, the shell's static files, /config.json and /remotes.json (never cached)
 *   remotes http://localhost:3001-3004/<version>/mf-manifest.json (CORS, manifest/remoteEntry no-cache,
 *          hashed chunks immutable, precompressed brotli/gzip), server builds in <version>/server/
 *   API    http://localhost:4000/{server}  (embedded PGlite in DATA_DIR, seeded on first start)
 *   OAuth  http://localhost:4900  local Google/Facebook/VK provider with a consent page, outside
 *          production only (mf-auth/scripts/oauth-mock.mjs); the API's OAUTH_MOCK_URL points at it
 * The local environment (DATA_DIR/local) is a deploy environment named `local`: `node
 * scripts/deploy.mjs canary|promote|abort|use|status local …` work on it while this runs, and its
 * canary guard aborts a failing canary on its own (docs/OPERATIONS.md).
 * Development with hot module replacement: scripts/dev.mjs (`npm run dev`).
 *
 * remotes.json lists each remote built in <remote>/dist/<version>/ (version from its package.json),
 * unless REMOTES_FILE points at an environment's remotes.json (see scripts/deploy.mjs); it is
 * written to DATA_DIR/local/ for the page server, which reads it again when it changes (within
 * 1 s: shell/src/server/environment/environment.ts).
 * Env: PORT_OFFSET, SHELL_PORT, AUTH_PORT, NEWS_PORT, BETS_PORT, LEADERBOARD_PORT, API_PORT,
 *      OAUTH_MOCK_PORT, DATA_DIR, DATABASE_URL, LANDING_PRODUCTION=1 (production server list, no
 *      OAuth mock: real providers from OAUTH_{GOOGLE,FACEBOOK,VK}_* as api/README.md says),
 *      OAUTH_MOCK=0 (no mock), NO_API=1.
 */
import { join } from 'node:path';
import { REMOTES } from '../shared/apps.mjs';
import { ports } from './ports.mjs';
import { builtRemotesMap, dataDir, localConfig, originOf, resetDeployEnvironment, writeEnvironment } from './lib/local-environment.mjs';
import { LocalStack } from './lib/local-stack.mjs';

const stack = new LocalStack().handleSignals();
const envDir = join(dataDir, 'local');
/** The local environment: rewritten when a remote is rebuilt (another version is in at once). */
const writeLocal = () => writeEnvironment(envDir, { remotes: builtRemotesMap(), config: localConfig() });

try {
  const oauth = await stack.startOAuthProvider();
  await stack.startApi();
  // The local environment is a deploy environment named `local`, new at each start (docs/OPERATIONS.md).
  resetDeployEnvironment(envDir, { apiOrigin: `http://127.0.0.1:${ports.api}`, opsToken: stack.opsToken });
  for (const remote of REMOTES) await stack.startStaticRemote(remote, writeLocal);
  writeLocal();
  await stack.startSsrShell(envDir);
  if (process.env.NO_API !== '1') await stack.startCanaryGuard(dataDir, 'local');
  console.log(`\n  Landing site ready:  ${originOf(ports.shell)}/royal`);
  console.log(`  API:                 ${originOf(ports.api)}/royal/stats  (OpenAPI: ${originOf(ports.api)}/docs)`);
  console.log(`  Remotes:             ${Object.keys(builtRemotesMap()).join(', ') || 'none built'}`);
  if (oauth) console.log(`  Social login:        local test provider ${oauth.url} (Google, Facebook, VK)`);
  console.log(`  Operations:          ${originOf(ports.shell)}/royal/operations  (credential: ${join(envDir, '.ops-token')})`);
  console.log(
    `  Releases:            node scripts/deploy.mjs status local · canary local mf-news <version> --percent 50 (docs/OPERATIONS.md)`,
  );
  console.log('');
} catch (e) {
  console.error(`✖ ${e.message}`);
  stack.shutdown(1);
}

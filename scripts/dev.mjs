#!/usr/bin/env node
/**
 * Development mode (README.md "Development"). Same ports and origins as `npm start`
 * (app registry shared/apps.mjs + PORT_OFFSET, scripts/ports.mjs).
 *
 *   npm run dev                     the whole composition in development:
 *                                     shell and every remote on rspack dev servers with hot module
 *                                     replacement and React Fast Refresh; the shell's pages are
 *                                     rendered in the browser (no SSR in this mode); remotes.json
 *                                     points at the remotes' dev builds
 *                                     (`http://localhost:3002/mf-manifest.json`); the API runs
 *                                     under `tsx watch` (restarts on a change of its sources)
 *   npm run dev -- mf-news [mf-bets]  these remotes in development, everything else as `npm start`
 *                                     runs it (production builds, server-rendered shell, API):
 *                                     an edit rebuilds the remote and reloads the page (React Fast
 *                                     Refresh needs React's development build; the page has the
 *                                     shell's production React); the page uses the dev build
 *                                     through the tester override
 *                                     `?mf_override=mf_news@http://localhost:3002/mf-manifest.json`
 *                                     (allowed: the remote's own origin is in config.json
 *                                     `trustedRemoteOrigins` outside production). Missing
 *                                     production builds are built first.
 * Remotes are named by folder (mf-news) or Module Federation name (mf_news).
 * Options: --help. Environment: PORT_OFFSET and the per-port variables of scripts/ports.mjs,
 * DATA_DIR, DATABASE_URL, NO_API=1, OAUTH_MOCK=0 (as scripts/serve.mjs).
 * Stop with Ctrl-C: every server it started stops.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOST, REMOTES } from '../shared/apps.mjs';
import { ports } from './ports.mjs';
import { builtRemotesMap, dataDir, devManifestUrl, localConfig, originOf, writeEnvironment } from './lib/local-environment.mjs';
import { LocalStack } from './lib/local-stack.mjs';
import { packageVersion, repoRoot, resolveRemote } from './lib/remotes.mjs';

/**
 * The override query that points the page at the development builds of `remotes`
 * (`mf_override=mf_news@http://localhost:3002/mf-manifest.json`, one per remote).
 * @param {Array<{ name: string }>} remotes  registry entries
 */
export function overrideQuery(remotes) {
  return remotes.map((r) => `mf_override=${r.name}@${devManifestUrl(r)}`).join('&');
}

/** The registry app whose production build is missing (shell: its page server; remote: dist/<version>). */
function missingBuild(app) {
  const dir = join(repoRoot, app.folder);
  if (app.kind === 'host') return !existsSync(join(dir, 'dist', 'server', 'index.cjs'));
  return !existsSync(join(dir, 'dist', packageVersion(dir), 'mf-manifest.json'));
}

/** Production build of one app (its own rspack config), as `pnpm run build` does it. */
function buildApp(app) {
  const dir = join(repoRoot, app.folder);
  console.log(`› no production build of ${app.folder} yet: building it`);
  const cli = join(dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  const r = spawnSync(process.execPath, [cli, 'build', '--config', 'rspack.config.mjs'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`the build of ${app.folder} failed (exit ${r.status})`);
}

/** Every app in development; pages rendered in the browser by the shell's dev server. */
async function wholeComposition(stack) {
  const envDir = join(dataDir, 'dev');
  writeEnvironment(envDir, {
    remotes: Object.fromEntries(REMOTES.map((r) => [r.name, devManifestUrl(r)])),
    config: localConfig({ environment: 'development', production: false }),
  });
  const oauth = await stack.startOAuthProvider();
  console.log('› API under tsx watch; shell and remotes on rspack dev servers (first build takes a while)');
  await stack.startApi({ watch: true });
  await Promise.all(REMOTES.map((r) => stack.startDevServer(r)));
  await stack.startDevServer(HOST, { envDir });
  console.log(`\n  Development (hot module replacement): ${originOf(ports.shell)}/royal`);
  console.log('  Pages are rendered in the browser in this mode; server rendering: npm start (README.md "Development").');
  for (const r of REMOTES) console.log(`  ${r.folder.padEnd(16)} ${devManifestUrl(r)}`);
  console.log(`  API (tsx watch):     ${originOf(ports.api)}/royal/stats`);
  if (oauth) console.log(`  Social login:        ${oauth.url}`);
  console.log('');
}

/** The production composition with `devRemotes` on dev servers, used through the tester override. */
async function someRemotes(stack, devRemotes) {
  for (const app of [HOST, ...REMOTES.filter((r) => !devRemotes.includes(r))]) if (missingBuild(app)) buildApp(app);
  const envDir = join(dataDir, 'local');
  const writeLocal = () => writeEnvironment(envDir, { remotes: builtRemotesMap(), config: localConfig() });
  if (localConfig().production) throw new Error('LANDING_PRODUCTION=1 refuses tester overrides: a remote in development cannot be shown');
  const oauth = await stack.startOAuthProvider();
  await stack.startApi();
  for (const r of REMOTES) if (!devRemotes.includes(r)) await stack.startStaticRemote(r, writeLocal);
  writeLocal();
  console.log(
    `› ${devRemotes.map((r) => r.folder).join(', ')} on rspack dev servers (an edit rebuilds and reloads the page), the rest from production builds`,
  );
  await Promise.all(devRemotes.map((r) => stack.startDevServer(r, { reactRefresh: false })));
  await stack.startSsrShell(envDir);
  const query = overrideQuery(devRemotes);
  console.log(
    `\n  Open (the override pins ${devRemotes.map((r) => r.name).join(', ')} to the dev build${devRemotes.length > 1 ? 's' : ''} for this browser tab):`,
  );
  console.log(`    ${originOf(ports.shell)}/royal?${query}`);
  console.log('  The test-versions badge shows the override; Reset goes back to the production builds.');
  console.log(`  API: ${originOf(ports.api)}/royal/stats${oauth ? `   Social login: ${oauth.url}` : ''}\n`);
}

async function main(argv) {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(
      readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('*/')[0]
        .replace(/^#!.*\n\/\*\*\n?/, '')
        .replace(/^ \* ?/gm, ''),
    );
    return;
  }
  const devRemotes = [...new Set(positionals.map((id) => resolveRemote(id).name))].map((name) => REMOTES.find((r) => r.name === name));
  const stack = new LocalStack().handleSignals();
  try {
    if (devRemotes.length) await someRemotes(stack, devRemotes);
    else await wholeComposition(stack);
  } catch (e) {
    console.error(`✖ ${e.message}`);
    stack.shutdown(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`✖ ${e.message}`);
    process.exit(e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1);
  });
}

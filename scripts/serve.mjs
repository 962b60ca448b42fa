#!/usr/bin/env node
/**
 * Serves the production build like a real deployment, each part on its own origin:
 *   shell  http://localhost:3000   the SSR server (shell/dist/server/index.cjs): server-rendered
 *          pages, the shell's static files, /config.json and /remotes.json (never cached)
 *   remotes http://localhost:3001-3004/<version>/mf-manifest.json (CORS, manifest/remoteEntry no-cache,
 *          hashed chunks immutable, precompressed brotli/gzip), server builds in <version>/server/
 *   API    http://localhost:4000/{server}  (embedded PGlite in DATA_DIR, seeded on first start)
 *   OAuth  http://localhost:4900  local Google/Facebook/VK provider with a consent page, outside
 *          production only (mf-auth/scripts/oauth-mock.mjs); the API's OAUTH_MOCK_URL points at it
 *
 * remotes.json lists each remote built in <remote>/dist/<version>/ (version from its package.json),
 * unless REMOTES_FILE points at an environment's remotes.json (see scripts/deploy.mjs); it is
 * written to DATA_DIR/local/ for the SSR server, which re-reads it on every request.
 * Env: PORT_OFFSET, SHELL_PORT, AUTH_PORT, NEWS_PORT, BETS_PORT, LEADERBOARD_PORT, API_PORT,
 *      OAUTH_MOCK_PORT, DATA_DIR, DATABASE_URL, LANDING_PRODUCTION=1 (production server list, no
 *      OAuth mock: real providers from OAUTH_{GOOGLE,FACEBOOK,VK}_* as api/README.md says),
 *      OAUTH_MOCK=0 (no mock), NO_API=1.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { ports, remoteDirs } from './ports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const host = process.env.HOST ?? 'localhost';
const apiOrigin = `http://${host}:${ports.api}`;

const NO_CACHE = /(^|\/)(mf-manifest\.json|remoteEntry\.js|index\.html)$/;
const dataDir = process.env.DATA_DIR ?? join(root, '.data');

function cacheHeaders(res, pathname) {
  if (NO_CACHE.test(pathname) || pathname === '/') res.setHeader('Cache-Control', 'no-cache');
  else if (/\.[0-9a-f]{10}\./.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

/** remotes.json of the local environment: every built remote at its package version. */
function remotesJson() {
  if (process.env.REMOTES_FILE) return readFileSync(process.env.REMOTES_FILE, 'utf8');
  const map = {};
  for (const [name, dir] of Object.entries(remoteDirs)) {
    const { version } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    if (existsSync(join(root, dir, 'dist', version, 'mf-manifest.json'))) {
      map[name] = `http://${host}:${ports[name]}/${version}/mf-manifest.json`;
    }
  }
  return JSON.stringify(map, null, 2);
}

/**
 * config.json of the local deployment. Outside production, testers may pin remotes from the
 * remotes' own local origins (`trustedRemoteOrigins`, issue 10); LANDING_PRODUCTION=1 is the
 * environment guard: production, and no override origin at all.
 */
function configJson() {
  const production = process.env.LANDING_PRODUCTION === '1';
  return JSON.stringify({
    environment: process.env.LANDING_ENV ?? 'local',
    production,
    trustedRemoteOrigins: production ? [] : Object.keys(remoteDirs).map((name) => `http://${host}:${ports[name]}`),
    apiBaseTemplate: process.env.API_BASE_TEMPLATE ?? `${apiOrigin}/{server}`,
    gameUrlTemplate: process.env.GAME_URL_TEMPLATE ?? 'https://{server}.game.example/',
    cdnBase: process.env.CDN_BASE ?? `http://${host}:${ports.shell}/cdn`,
  });
}

/**
 * sirv handler over `dir` that picks up new files: sirv indexes a folder once, so the index is
 * rebuilt (debounced 200 ms) whenever something in the folder changes (a rebuild, a deploy).
 */
function liveSirv(dir, options, onChange = () => undefined) {
  let handler = sirv(dir, options);
  let timer;
  try {
    watch(dir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        handler = sirv(dir, options);
        onChange();
      }, 200);
    }).unref();
  } catch {
    /* folder watching unavailable: restart to serve new files */
  }
  return (req, res, next) => handler(req, res, next);
}

function listen(name, port, handler) {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const servers = [];
let shell;
const envDir = join(dataDir, 'local');
const remotesFile = join(envDir, 'remotes.json');
const configFile = join(envDir, 'config.json');

/** Writes the local environment's remotes.json when it changed (the SSR server re-reads it). */
function writeLocalRemotes() {
  mkdirSync(envDir, { recursive: true });
  const text = remotesJson();
  if (!existsSync(remotesFile) || readFileSync(remotesFile, 'utf8') !== text) writeFileSync(remotesFile, text);
}

/**
 * The shell's SSR server, as its own process (as deployed): remotes.json and config.json of the
 * local environment are written to DATA_DIR/local/ and re-read by it on every request.
 */
async function startShell() {
  const entry = join(root, 'shell', 'dist', 'server', 'index.cjs');
  if (!existsSync(entry)) throw new Error('shell/dist/server is missing: run `pnpm run build` first');
  writeLocalRemotes();
  writeFileSync(configFile, configJson());
  shell = spawn(
    process.execPath,
    [entry, '--port', String(ports.shell), '--host', host, '--remotes', remotesFile, '--config', configFile, '--api-internal', `http://127.0.0.1:${ports.api}/{server}`],
    { stdio: 'inherit', env: { ...process.env, ...(process.env.LANDING_PRODUCTION === '1' ? { LANDING_PRODUCTION: '1' } : {}) } },
  );
  shell.on('exit', (code) => {
    if (!shuttingDown) {
      console.error(`✖ shell server exited with code ${code}`);
      shutdown();
      process.exitCode = code ?? 1;
    }
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://${host}:${ports.shell}/config.json`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the shell server did not start within 60 s');
}

async function startStatic() {
  for (const [name, dir] of Object.entries(remoteDirs)) {
    const dist = join(root, dir, 'dist');
    if (!existsSync(dist)) continue;
    // A rebuilt remote (another version) is in the local remotes.json at once.
    const files = liveSirv(dist, { dev: false, etag: true, brotli: true, gzip: true, setHeaders: (res, p) => cacheHeaders(res, p) }, writeLocalRemotes);
    servers.push(
      await listen(name, ports[name], (req, res) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        files(req, res, () => {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('Not found');
        });
      }),
    );
  }
}

/** The local OAuth provider, outside production only (its URL goes to the API). */
let oauthMock;
async function startOAuthProvider() {
  const production = process.env.LANDING_PRODUCTION === '1' || process.env.NODE_ENV === 'production';
  if (production || process.env.OAUTH_MOCK === '0' || process.env.NO_API === '1' || process.env.OAUTH_MOCK_URL) return;
  const { startOAuthMock } = await import('../mf-auth/scripts/oauth-mock.mjs');
  oauthMock = await startOAuthMock({ port: ports.oauth, host });
}

let api;
async function startApi() {
  if (process.env.NO_API === '1') return;
  const env = {
    ...process.env,
    ...(oauthMock ? { OAUTH_MOCK_URL: oauthMock.url } : {}),
    API_PORT: String(ports.api),
    PORT_OFFSET: '0',
    API_HOST: process.env.API_HOST ?? '127.0.0.1',
    CORS_ORIGINS: process.env.CORS_ORIGINS ?? [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`].join(','),
  };
  api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: join(root, 'api'), env, stdio: 'inherit' });
  api.on('exit', (code) => {
    if (!shuttingDown) {
      console.error(`✖ API exited with code ${code}`);
      process.exit(code ?? 1);
    }
  });
  const deadline = Date.now() + 180_000; // first start seeds the database: slow on a busy machine
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${ports.api}/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  shuttingDown = true;
  api.kill('SIGTERM');
  throw new Error('API did not become healthy within 180 s');
}

let shuttingDown = false;
function shutdown() {
  shuttingDown = true;
  for (const s of servers) s.close();
  shell?.kill('SIGTERM');
  void oauthMock?.stop();
  api?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await startOAuthProvider();
await startApi();
await startStatic();
await startShell();
console.log(`\n  Landing site ready:  http://localhost:${ports.shell}/royal`);
console.log(`  API:                 ${apiOrigin}/royal/stats  (OpenAPI: ${apiOrigin}/docs)`);
console.log(`  Remotes:             ${Object.keys(JSON.parse(remotesJson())).join(', ') || 'none built'}`);
if (oauthMock) console.log(`  Social login:        local test provider ${oauthMock.url} (Google, Facebook, VK)`);
console.log('');

#!/usr/bin/env node
/**
 * Serves one deployment environment locally, the way docker-compose.staging.yml does,
 * without Docker:
 *   - the static host of published remotes (`<static root>/<remote>/<version>/…`, CORS open),
 *   - the shell's page server (shell/dist/server) with that environment's own `remotes.json` and
 *     `config.json` (looked at by a request at most once a second, and at once after their folder
 *     reports a change: shell/src/server/environment/environment.ts; a `deploy.mjs use` shows on
 *     the next page load, rendered at the new version on the server too), `environment.json` (its
 *     production guard, read at start), and `/api/*` proxied to the API so the page needs no
 *     CORS set-up.
 * Several environments can run side by side with the same shell build (e2e/delivery.spec.ts).
 *
 *   node scripts/env-server.mjs --env staging [--port 3090] [--static-port 3070]
 *        [--static-root .data/static] [--envs-dir deploy/environments] [--api http://localhost:4000]
 *   (--static-port 0 serves no static host: use it when another process already serves it)
 *
 * As a module: startStaticServer({ root, port }), startSsrShell({ port, envDir, apiOrigin, extraArgs }), and
 * startShellServer({ port, envDir, apiOrigin, shellDist }): a build served as a plain single-page
 * app without SSR (the size report and the web benchmark serve the monolithic comparison build so).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sirv from 'sirv';
import { ssrShellArgs } from './lib/ssr-shell.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

function listen(handler, port, host) {
  return new Promise((res, rej) => {
    const server = createServer(handler);
    server.once('error', rej);
    server.listen(port, host, () => res(server));
  });
}

/**
 * Static host of published remotes: `/<remote>/<version>/…` from `root`, CORS open. Files are
 * read from disk on every request and revalidated (ETag), so newly published versions are served
 * without a restart. (The production static host, deploy/nginx-remote.conf, marks hashed chunks
 * immutable instead.)
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({ root: staticRoot, port, host = 'localhost' }) {
  const files = sirv(staticRoot, { dev: true, etag: true });
  return listen(
    (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      res.setHeader('Access-Control-Allow-Origin', '*');
      files(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
        res.end(`Not found: ${path}`);
      });
    },
    port,
    host,
  );
}

function proxy(req, res, apiOrigin, path) {
  const target = new URL(path, apiOrigin);
  const headers = { ...req.headers, host: target.host };
  delete headers.origin; // same-origin for the browser; the API sees a server-to-server call
  delete headers.referer;
  const upstream = httpRequest(target, { method: req.method, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', (e) => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'API_UNREACHABLE', message: `API at ${apiOrigin} is unreachable: ${e.message}` }));
  });
  req.pipe(upstream);
}

/**
 * The environment guard of tester overrides: when the environment is production
 * (`environment.json` `production: true`), the served config says production and trusts no
 * override origin, whatever its config.json says, so a wrong config cannot open overrides there.
 * @param {object} config       config.json of the environment
 * @param {object} environment  environment.json of the environment
 * @returns {object} the config to serve
 */
export function guardConfig(config, environment) {
  if (environment?.production === true) return { ...config, production: true, trustedRemoteOrigins: [] };
  return config;
}

/**
 * Shell origin of one environment: shell/dist (SPA), the environment's `remotes.json` and
 * `config.json` from `envDir` (through {@link guardConfig}), `/api/*` proxied to `apiOrigin`
 * (config.json's apiBaseTemplate is rewritten to this origin's `/api/{server}`).
 * @param {{ port: number, envDir: string, apiOrigin?: string, shellDist?: string, host?: string }} o
 * @returns {Promise<import('node:http').Server>}
 */
export function startShellServer({ port, envDir, apiOrigin, shellDist = join(root, 'shell', 'dist'), host = 'localhost' }) {
  if (!existsSync(join(shellDist, 'index.html'))) throw new Error(`${shellDist} has no build: run pnpm run build first`);
  // Read from disk on every request (revalidated with ETags): a rebuild of the shell is served at once.
  const files = sirv(shellDist, { single: true, dev: true, etag: true });
  const self = `http://${host}:${port}`;
  const json = (res, body) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(body);
  };
  return listen(
    (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/remotes.json') return json(res, readFileSync(join(envDir, 'remotes.json'), 'utf8'));
      if (path === '/config.json') {
        const read = (file) => (existsSync(join(envDir, file)) ? JSON.parse(readFileSync(join(envDir, file), 'utf8')) : {});
        const config = guardConfig(read('config.json'), read('environment.json'));
        if (apiOrigin) config.apiBaseTemplate = `${self}/api/{server}`;
        return json(res, JSON.stringify(config));
      }
      if (apiOrigin && path.startsWith('/api/')) return proxy(req, res, apiOrigin, (req.url ?? '/').slice(4));
      files(req, res);
    },
    port,
    host,
  );
}

/**
 * The shell's page server for one environment, as a child process (shell/dist/server/index.cjs):
 * the environment's remotes.json, config.json and environment.json (the production guard),
 * `/api/*` proxied to `apiOrigin`, the page's API base pointed at that proxy.
 * @param {{ port: number, envDir: string, apiOrigin?: string, host?: string, extraArgs?: string[] }} o
 *   `extraArgs`: more arguments for the page server (e.g. `--remote-origin public=internal`)
 * @returns {Promise<{ close: () => void, process: import('node:child_process').ChildProcess }>} once it answers
 * @throws Error when the shell is not built or does not start within 60 s
 */
export async function startSsrShell({ port, envDir, apiOrigin, host = 'localhost', extraArgs = [] }) {
  const args = ssrShellArgs({ port, host, envDir });
  if (existsSync(join(envDir, 'environment.json'))) args.push('--environment', join(envDir, 'environment.json'));
  if (apiOrigin)
    args.push('--api-proxy', apiOrigin, '--api-base', `http://${host}:${port}/api/{server}`, '--api-internal', `${apiOrigin}/{server}`);
  args.push(...extraArgs);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  const close = () => child.kill('SIGTERM');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the page server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://${host}:${port}/config.json`)).ok) return { close, process: child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  close();
  throw new Error(`the page server on port ${port} did not start within 60 s`);
}

async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      env: { type: 'string' },
      port: { type: 'string', default: '3090' },
      'static-port': { type: 'string', default: '3070' },
      'static-root': { type: 'string', default: join(root, '.data', 'static') },
      'envs-dir': { type: 'string', default: join(root, 'deploy', 'environments') },
      api: { type: 'string', default: 'http://localhost:4000' },
    },
  });
  const opt = (name) => values[name];
  const abs = (p) => (isAbsolute(p) ? p : resolve(process.cwd(), p));
  const env = opt('env');
  if (!env) {
    console.error(
      'usage: node scripts/env-server.mjs --env <name> [--port 3090] [--static-port 3070] [--static-root .data/static] [--envs-dir deploy/environments] [--api http://localhost:4000]',
    );
    process.exit(2);
  }
  const envDir = join(abs(opt('envs-dir')), env);
  if (!existsSync(join(envDir, 'remotes.json'))) throw new Error(`${envDir}/remotes.json is missing`);
  const port = Number(opt('port'));
  const staticPort = Number(opt('static-port'));
  const staticRoot = abs(opt('static-root'));
  const servers = [];
  // The static host first: the page server loads the remotes' manifests as it warms up.
  if (staticPort > 0) servers.push(await startStaticServer({ root: staticRoot, port: staticPort }));
  servers.push(await startSsrShell({ port, envDir, apiOrigin: opt('api') }));
  console.log(`  ${env}: http://localhost:${port}/royal  (remotes.json: ${join(envDir, 'remotes.json')})`);
  if (staticPort > 0) console.log(`  published remotes: http://localhost:${staticPort}/  (${staticRoot})`);
  const stop = () => {
    servers.forEach((s) => s.close());
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`✖ ${e.message}`);
    process.exit(1);
  });
}

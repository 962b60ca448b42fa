/**
 * The parts of a local deployment, shared by `npm start` (scripts/serve.mjs: production builds)
 * and `npm run dev` (scripts/dev.mjs: dev servers with hot module replacement). Every part is on
 * the origin the app registry gives it (shared/apps.mjs, moved by PORT_OFFSET: scripts/ports.mjs):
 *   shell   the page server (shell/dist/server/index.cjs), or the shell's rspack dev server
 *   remotes a static server of `<remote>/dist/` (versioned production builds), or the remote's
 *           rspack dev server (which also serves `dist/`)
 *   API     `tsx src/main.ts`, or `tsx watch src/main.ts` in development
 *   OAuth   the local Google/Facebook/VK provider, outside production (mf-auth/scripts/oauth-mock.mjs)
 * A {@link LocalStack} owns what it started and stops all of it on shutdown.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import sirv from 'sirv';
import { ports } from '../ports.mjs';
import { REMOTES } from '../../shared/apps.mjs';
import { devManifestUrl, host, originOf } from './local-environment.mjs';
import { repoRoot } from './remotes.mjs';
import { ssrShellArgs } from './ssr-shell.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `url` until it answers 2xx.
 * @param {string} url
 * @param {number} timeoutMs  give up after this long (ms)
 * @param {() => string | null} [failed]  a reason to stop early (e.g. the process exited), or null
 * @throws Error on timeout or when `failed` returns a reason
 */
export async function waitForUrl(url, timeoutMs, failed = () => null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

function cacheHeaders(res, pathname) {
  if (/(^|\/)(mf-manifest\.json|remoteEntry\.js|index\.html)$/.test(pathname) || pathname === '/')
    res.setHeader('Cache-Control', 'no-cache');
  else if (/\.[0-9a-f]{10}\./.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
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

/** Prefixes each line a child writes with `[label]` (several servers share one terminal). */
function pipeLabelled(stream, label, out) {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
}

/**
 * The processes and servers of one local deployment. Anything started through it is stopped by
 * {@link LocalStack#shutdown}; a part that exits on its own stops the whole stack (exit code 1).
 */
export class LocalStack {
  constructor() {
    /** @type {import('node:child_process').ChildProcess[]} */
    this.children = [];
    /** @type {import('node:http').Server[]} */
    this.servers = [];
    this.oauthMock = null;
    this.shuttingDown = false;
    /**
     * The credential the page servers and the API share for the API's content change stream
     * (CHANGES_TOKEN, docs/SECURITY.md "V4"): the environment's, else a random one per run. Set in
     * this process's environment too, so a shell server started from it (scripts/env-server.mjs) has it.
     */
    this.changesToken = process.env.CHANGES_TOKEN || randomBytes(32).toString('hex');
    process.env.CHANGES_TOKEN = this.changesToken;
    /**
     * The credentials of `/metrics` (METRICS_TOKEN, page servers and API) and of the operations
     * view (OPS_TOKEN: the operations page, deploy.mjs status, the canary guard;
     * docs/OPERATIONS.md): the environment's, else random ones per run, set here as well.
     */
    this.metricsToken = process.env.METRICS_TOKEN || randomBytes(32).toString('hex');
    this.opsToken = process.env.OPS_TOKEN || randomBytes(32).toString('hex');
    process.env.METRICS_TOKEN = this.metricsToken;
    process.env.OPS_TOKEN = this.opsToken;
    /** Stops the canary guard ({@link LocalStack#startCanaryGuard}). */
    this.stopGuard = () => undefined;
  }

  /** Stops everything this stack started (children get SIGTERM); exits the process after 500 ms. */
  shutdown(code = 0) {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    this.stopGuard();
    for (const s of this.servers) s.close();
    for (const c of this.children) if (c.exitCode === null) c.kill('SIGTERM');
    void this.oauthMock?.stop();
    setTimeout(() => process.exit(code), 500).unref();
  }

  /** Stops the stack on SIGINT / SIGTERM. */
  handleSignals() {
    process.on('SIGINT', () => this.shutdown(0));
    process.on('SIGTERM', () => this.shutdown(0));
    return this;
  }

  /**
   * Spawns a child that belongs to the stack: when it exits while the stack runs, the stack stops.
   * @param {string} label  name in logs
   * @param {{ labelOutput?: boolean }} [o] prefix its output with `[label]` (else inherited)
   */
  spawn(label, command, args, { labelOutput = false, ...options } = {}) {
    const child = spawn(command, args, { stdio: labelOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
    if (labelOutput) {
      pipeLabelled(child.stdout, label, process.stdout);
      pipeLabelled(child.stderr, label, process.stderr);
    }
    this.children.push(child);
    child.on('exit', (code, signal) => {
      if (this.shuttingDown) return;
      console.error(`✖ ${label} exited (${signal ?? `code ${code}`})`);
      this.shutdown(code || 1);
    });
    return child;
  }

  /** Listens with `handler` on `port` of {@link host}; the server belongs to the stack. */
  listen(port, handler) {
    return new Promise((resolve, reject) => {
      const server = createServer(handler);
      server.once('error', reject);
      server.listen(port, host, () => {
        this.servers.push(server);
        resolve(server);
      });
    });
  }

  /**
   * The local OAuth provider, outside production only (its URL goes to the API). Skipped with
   * DEV_FEATURES=0, OAUTH_MOCK=0, NO_API=1 or an OAUTH_MOCK_URL of your own.
   */
  async startOAuthProvider() {
    const production = process.env.LANDING_PRODUCTION === '1' || process.env.NODE_ENV === 'production';
    if (
      production ||
      process.env.DEV_FEATURES === '0' ||
      process.env.OAUTH_MOCK === '0' ||
      process.env.NO_API === '1' ||
      process.env.OAUTH_MOCK_URL
    )
      return null;
    const { startOAuthMock } = await import('../../mf-auth/scripts/oauth-mock.mjs');
    this.oauthMock = await startOAuthMock({ port: ports.oauth, host });
    return this.oauthMock;
  }

  /**
   * The API (embedded PGlite in DATA_DIR, seeded on first start, unless DATABASE_URL), allowing the
   * shell's origin, with DEV_FEATURES=1 outside production (local provider, dev mailbox, demo accounts). Resolves once /health answers (180 s: the first start seeds the database).
   * @param {{ watch?: boolean }} [o]  `watch`: `tsx watch` restarts it when its sources change
   */
  async startApi({ watch: watchMode = false } = {}) {
    if (process.env.NO_API === '1') return null;
    const production = process.env.LANDING_PRODUCTION === '1' || process.env.NODE_ENV === 'production';
    const env = {
      ...process.env,
      // The local provider, the dev mailbox and the demo accounts (api/README.md "Environment"):
      // on for local runs unless DEV_FEATURES=0; never with LANDING_PRODUCTION=1.
      ...(production ? { DEV_FEATURES: '0' } : { DEV_FEATURES: process.env.DEV_FEATURES ?? '1' }),
      ...(this.oauthMock ? { OAUTH_MOCK_URL: this.oauthMock.url } : {}),
      API_PORT: String(ports.api),
      PORT_OFFSET: '0',
      API_HOST: process.env.API_HOST ?? '127.0.0.1',
      CHANGES_TOKEN: this.changesToken,
      METRICS_TOKEN: this.metricsToken,
      OPS_TOKEN: this.opsToken,
      // Stack frames of the browsers' failures are resolved with the local remotes' source maps.
      TELEMETRY_SOURCE_MAP_ORIGINS: process.env.TELEMETRY_SOURCE_MAP_ORIGINS ?? REMOTES.map((r) => originOf(ports[r.name])).join(','),
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`].join(','),
    };
    const apiDir = join(repoRoot, 'api');
    // From the TypeScript sources with tsx, not the compiled api/dist the container runs: an API
    // edit needs no build step before `npm start` or e2e, and the API tests run the same sources
    // (api/test/build.test.ts starts the compiled build).
    const args = watchMode
      ? [join(apiDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'src/main.ts']
      : ['--import', 'tsx', 'src/main.ts'];
    const api = this.spawn('API', process.execPath, args, { cwd: apiDir, env });
    await waitForUrl(`http://127.0.0.1:${ports.api}/health`, 180_000, () =>
      api.exitCode !== null ? `the API exited with code ${api.exitCode}` : null,
    );
    return api;
  }

  /**
   * Static server of a remote's production builds (`<remote>/dist/<version>/…`) on its port: CORS
   * open, manifest and remoteEntry no-cache, hashed chunks immutable, precompressed brotli/gzip.
   * @param {{ name: string, folder: string }} remote  a registry entry
   * @param {() => void} [onChange]  called after files changed (a rebuild, another version)
   * @returns {Promise<boolean>} false when the remote has no build
   */
  async startStaticRemote(remote, onChange) {
    const dist = join(repoRoot, remote.folder, 'dist');
    if (!existsSync(dist)) return false;
    const files = liveSirv(
      dist,
      { dev: false, etag: true, brotli: true, gzip: true, setHeaders: (res, p) => cacheHeaders(res, p) },
      onChange,
    );
    await this.listen(ports[remote.name], (req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('X-Content-Type-Options', 'nosniff'); // as deploy/nginx-remote.conf
      files(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found');
      });
    });
    return true;
  }

  /**
   * The shell's page server (production build), as its own process (as deployed), over the
   * environment folder `envDir` (remotes.json, config.json: looked at once a second). Its public
   * origin is the shell's (PUBLIC_ORIGIN or SITE_URL when set): canonical and Open Graph URLs never
   * come from a request's Host header.
   * @param {string} envDir
   */
  async startSsrShell(envDir) {
    const args = [
      ...ssrShellArgs({ port: ports.shell, host, envDir }),
      '--api-internal',
      `http://127.0.0.1:${ports.api}/{server}`,
      '--origin',
      process.env.PUBLIC_ORIGIN || process.env.SITE_URL || originOf(ports.shell),
    ];
    const shell = this.spawn('shell', process.execPath, args, {
      env: {
        ...process.env,
        CHANGES_TOKEN: this.changesToken,
        METRICS_TOKEN: this.metricsToken,
        ...(process.env.LANDING_PRODUCTION === '1' ? { LANDING_PRODUCTION: '1' } : {}),
      },
    });
    await waitForUrl(`${originOf(ports.shell)}/config.json`, 60_000, () =>
      shell.exitCode !== null ? `the page server exited with code ${shell.exitCode}` : null,
    );
    return shell;
  }

  /**
   * The canary guard of a deploy environment (scripts/lib/canary-guard.mjs): aborts a canary of
   * `node scripts/deploy.mjs canary <env> …` whose failure rates cross the policy, with no command typed.
   * @param {string} envsDir  the folder holding the environment's folder
   * @param {string} env      its name (`local`)
   */
  async startCanaryGuard(envsDir, env) {
    const { startCanaryGuard } = await import('./canary-guard.mjs');
    this.stopGuard = startCanaryGuard({ envsDir, env, log: (line) => console.log(`[canary-guard] ${line}`) });
  }

  /**
   * An app's rspack dev server (`rspack serve`, NODE_ENV=development: hot module replacement with
   * React Fast Refresh) on the app's port; output prefixed with its folder. Resolves once it serves
   * its first build (a remote's manifest, the shell's page).
   * @param {{ kind: string, name: string, folder: string }} app  a registry entry
   * @param {{ envDir?: string, reactRefresh?: boolean }} [o]  `envDir`: the shell's development
   *   environment (LANDING_ENV_DIR); `reactRefresh: false` for a remote shown in the production
   *   composition (its React is the shell's production build: an edit reloads the page)
   */
  async startDevServer(app, { envDir, reactRefresh = true } = {}) {
    const dir = join(repoRoot, app.folder);
    const cli = join(dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
    if (!existsSync(cli)) throw new Error(`${cli} is missing: install the workspace first (pnpm install)`);
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      ...(envDir ? { LANDING_ENV_DIR: envDir } : {}),
      ...(reactRefresh ? {} : { LANDING_REACT_REFRESH: '0' }),
    };
    const child = this.spawn(app.folder, process.execPath, [cli, 'serve', '--config', 'rspack.config.mjs'], {
      cwd: dir,
      env,
      labelOutput: true,
    });
    const url = app.kind === 'remote' ? devManifestUrl(app) : `${originOf(ports[app.name])}/`;
    await waitForUrl(url, 300_000, () =>
      child.exitCode !== null ? `${app.folder}'s dev server exited with code ${child.exitCode}` : null,
    );
    return child;
  }
}

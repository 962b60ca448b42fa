/**
 * The canary suite's world: mf-news in three versions on a static host — the in-tree one
 * (stable), 1.1.0 (healthy) and 1.2.0-broken (its news list throws when it renders in the
 * browser; the server renders it fine) —, an environment `canary-e2e` served by
 * scripts/env-server.mjs on `ports.extra`+30/31 with its telemetry going to the API that
 * playwright.config.ts starts, and the canary guard (scripts/canary-guard.mjs) watching it with
 * the admin secret as its credential. Its canary policy: a decision after 10 page views of the
 * canary, a look every second (docs/OPERATIONS.md; production's defaults are 200 and 5 s), or
 * CANARY_E2E_MIN_PAGE_VIEWS and CANARY_E2E_INTERVAL_S (docs/OPERATIONS.md "Measured" names the
 * policy of each figure).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_SECRET, ports } from './fixtures';

const root = join(__dirname, '..');
const remoteDir = join(root, 'mf-news');
export const ENV = 'canary-e2e';
export const PORT = { static: ports.extra + 30, shell: ports.extra + 31 };
export const stableVersion = JSON.parse(readFileSync(join(remoteDir, 'package.json'), 'utf8')).version as string;
export const apiOrigin = `http://localhost:${ports.api}`;
/** `/metrics` credential of the environment's page server (docs/OPERATIONS.md "Server metrics"). */
const METRICS_TOKEN = 'canary-e2e-metrics-token-0123456789-abcdefgh';
/** Minimum canary page views of the suite's policy. */
export const MIN_PAGE_VIEWS = Number(process.env.CANARY_E2E_MIN_PAGE_VIEWS ?? 10);
/** Seconds between two looks of the suite's guard. */
export const INTERVAL_S = Number(process.env.CANARY_E2E_INTERVAL_S ?? 1);

let work = '';
let envsDir = '';
let staticRoot = '';
const children: ChildProcess[] = [];

function run(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): string {
  const r = spawnSync(process.execPath, args, {
    cwd: opts.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_BY: 'e2e', ...opts.env },
  });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `node scripts/deploy.mjs <args> --envs-dir … --static-root …` in the suite's world. */
export const deploy = (...args: string[]) =>
  run([join(root, 'scripts', 'deploy.mjs'), ...args, '--envs-dir', envsDir, '--static-root', staticRoot]);

/** The environment's history.json. */
export const history = (): Array<Record<string, unknown>> => JSON.parse(readFileSync(join(envsDir, ENV, 'history.json'), 'utf8'));

/** mf-news built as `version` from a copy of its sources, the news list throwing in the browser when `broken`. */
function buildCopy(version: string, broken: boolean) {
  const copy = join(work, `src-${version}`);
  cpSync(join(remoteDir, 'src'), join(copy, 'src'), { recursive: true });
  for (const f of ['package.json', 'rspack.config.mjs']) cpSync(join(remoteDir, f), join(copy, f));
  symlinkSync(join(remoteDir, 'node_modules'), join(copy, 'node_modules'), 'dir');
  if (broken) {
    const expose = join(copy, 'src', 'exposes', 'NewsList.tsx');
    const source = readFileSync(expose, 'utf8').replace(
      'export default Exposed;',
      [
        'function BrokenNewsList(props: NewsListProps) {',
        "  if (typeof window !== 'undefined') throw new Error('mf-news canary broken on purpose');",
        '  return <Exposed {...props} />;',
        '}',
        'export default BrokenNewsList;',
      ].join('\n'),
    );
    if (!source.includes('BrokenNewsList')) throw new Error('the news list expose changed: update canary-world.ts');
    writeFileSync(expose, source);
  }
  run([join(remoteDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--config', 'rspack.config.mjs'], {
    cwd: copy,
    env: { NODE_ENV: 'production', MF_REMOTE_VERSION: version, MF_REMOTE_OUT_DIR: join(work, 'builds') },
  });
  deploy('publish', 'mf-news', '--version', version, '--from', join(work, 'builds'));
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up`);
}

/** Builds and publishes the versions, writes and serves the environment, starts its guard (two rspack builds: a few minutes). */
export async function startCanaryWorld(): Promise<void> {
  work = mkdtempSync(join(tmpdir(), 'canary-e2e-'));
  envsDir = join(work, 'environments');
  staticRoot = join(work, 'static');
  deploy('publish', 'mf-news', '--version', stableVersion);
  buildCopy('1.1.0', false);
  buildCopy('1.2.0-broken', true);
  const dir = join(envsDir, ENV);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'environment.json'),
    JSON.stringify({
      name: ENV,
      production: false,
      manifestUrl: `http://localhost:${PORT.static}/{remote}/{version}/mf-manifest.json`,
      telemetry: { api: apiOrigin },
      canaryPolicy: { minPageViews: MIN_PAGE_VIEWS, intervalS: INTERVAL_S },
    }),
  );
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      environment: ENV,
      production: false,
      gameUrlTemplate: 'https://{server}.game.example/',
      trustedRemoteOrigins: [`http://localhost:${PORT.static}`],
    }),
  );
  deploy('use', ENV, 'mf_news', stableVersion);
  const server = spawn(
    process.execPath,
    [
      join(root, 'scripts', 'env-server.mjs'),
      ...['--env', ENV, '--port', String(PORT.shell), '--static-port', String(PORT.static)],
      ...['--envs-dir', envsDir, '--static-root', staticRoot, '--api', apiOrigin],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, METRICS_TOKEN } },
  );
  children.push(server);
  await waitFor(`http://localhost:${PORT.shell}/config.json`);
  const guard = spawn(process.execPath, [join(root, 'scripts', 'canary-guard.mjs'), '--env', ENV, '--envs-dir', envsDir], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, LANDING_OPS_TOKEN: ADMIN_SECRET },
  });
  children.push(guard);
}

/** Stops the servers and the guard, removes the work folder. */
export function stopCanaryWorld(): void {
  for (const c of children) c.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
}

/** The version of mf-news a page's data composes (what the server rendered and the browser registers). */
export function composedVersion(html: string): string | null {
  const data = /<script type="application\/json" id="landing-page-data">(.*?)<\/script>/s.exec(html)?.[1];
  const url = data ? (JSON.parse(data) as { remotes: Record<string, string> }).remotes.mf_news : undefined;
  return /\/mf-news\/([^/]+)\/mf-manifest\.json$/.exec(url ?? '')?.[1] ?? null;
}

/**
 * How many pages the environment's page server composed with `version` of mf-news as a canary
 * (`landing_shell_compositions_total` of its `/metrics`).
 */
export async function canaryCompositions(version: string): Promise<number> {
  const res = await fetch(`http://localhost:${PORT.shell}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('landing_shell_compositions_total{') && l.includes('remote="mf_news"') && l.includes(`version="${version}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** A page of the environment as a new visitor (no cookie) or as the visitor of `cookie`. */
export async function visit(path: string, cookie?: string): Promise<{ version: string | null; cookie: string | undefined }> {
  const res = await fetch(`http://localhost:${PORT.shell}${path}`, { headers: cookie ? { cookie } : {} });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('mf_bucket='));
  return { version: composedVersion(await res.text()), cookie: set ? set.split(';')[0] : cookie };
}

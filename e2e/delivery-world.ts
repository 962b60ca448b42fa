/**
 * The delivery suite's world: one remote (TARGET) published in several versions on a static host
 * (the extra versions built once before the suite: e2e/delivery-builds.ts), environments A, B and production composing them, each served by
 * scripts/env-server.mjs on ports `ports.extra`+ (3660+ at the default offset), their remotes.json
 * written by scripts/deploy.mjs; the API is the one playwright.config.ts starts (proxied under
 * /api by each environment's shell origin).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { BUILT_TARGET, deliveryBuildsDir } from './delivery-builds';
import { ports } from './fixtures';

/** The remote whose versions the environments compose, the page showing it, its rendered marker. */
export const TARGET = {
  ...BUILT_TARGET,
  name: 'mf_news',
  page: '/royal/news',
  rendered: (slot: Locator) => slot.locator('[data-testid="news-list"]:not([aria-busy])'),
};

const root = join(__dirname, '..');
const remoteDir = join(root, TARGET.folder);
export const EXTRA = Number(process.env.DELIVERY_PORT_BASE ?? ports.extra);
export const port = { static: EXTRA, a: EXTRA + 1, b: EXTRA + 2, prod: EXTRA + 3 };
const manifestUrl = (version: string) => `http://localhost:${port.static}/${TARGET.folder}/${version}/mf-manifest.json`;
const apiOrigin = `http://localhost:${ports.api}`;
export const inTreeVersion = JSON.parse(readFileSync(join(remoteDir, 'package.json'), 'utf8')).version as string;

let work = '';
let envsDir = '';
let staticRoot = '';
const servers: ChildProcess[] = [];

function run(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: opts.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_BY: 'e2e', ...opts.env },
  });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
export const deploy = (...args: string[]) =>
  run([join(root, 'scripts', 'deploy.mjs'), ...args, '--envs-dir', envsDir, '--static-root', staticRoot]);

/**
 * An environment whose config.json trusts the static host for tester overrides. The production
 * one's config.json is deliberately wrong (says non-production, trusts the static host): the
 * environment guard of env-server.mjs must still ignore overrides there.
 */
function makeEnv(name: string, production: boolean) {
  mkdirSync(join(envsDir, name), { recursive: true });
  writeFileSync(
    join(envsDir, name, 'environment.json'),
    JSON.stringify({ name, production, manifestUrl: `http://localhost:${port.static}/{remote}/{version}/mf-manifest.json` }),
  );
  writeFileSync(
    join(envsDir, name, 'config.json'),
    JSON.stringify({
      environment: name,
      production: false,
      gameUrlTemplate: 'https://{server}.game.example/',
      trustedRemoteOrigins: [`http://localhost:${port.static}`],
    }),
  );
}

async function serve(args: string[], url: string) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'env-server.mjs'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

export const slotOf = (page: Page) => page.locator(`.remote-slot[data-remote="${TARGET.name}"]`);
export const overrideQuery = (version: string, url = manifestUrl(version)) => `?mf_override=${TARGET.name}@${encodeURIComponent(url)}`;
/** The same real 1.1.0 manifest on an origin the environment does not trust (127.0.0.1 ≠ localhost). */
export const foreignManifest = `http://127.0.0.1:${EXTRA}/${TARGET.folder}/1.1.0/mf-manifest.json`;

/** Waits for the target remote's slot to render and returns the remote version it reports. */
export async function renderedVersion(page: Page): Promise<string | null> {
  const slot = slotOf(page);
  await expect(TARGET.rendered(slot)).toBeVisible();
  await expect(slot).toHaveAttribute('data-remote-version', /\d/);
  return slot.getAttribute('data-remote-version');
}

/** Versions of the target remote whose files the page downloaded. */
export function trackRemoteVersions(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const m = new RegExp(`^http://localhost:${port.static}/${TARGET.folder}/([^/]+)/`).exec(r.url());
    if (m) seen.add(m[1]!);
  });
  return seen;
}

/**
 * Publishes the in-tree version of TARGET, 1.1.0, a contract-major-2 copy (2.0.0: both built before
 * the suite, e2e/delivery-builds.ts) and a React 18 build on the static host, writes environments A,
 * B and production and serves them. Throws when the builds are missing, a deploy step or a server fails.
 */
export async function startDelivery(): Promise<void> {
  expect(existsSync(join(remoteDir, 'dist', inTreeVersion, 'mf-manifest.json'))).toBe(true);
  const builds = deliveryBuildsDir();
  work = mkdtempSync(join(tmpdir(), 'delivery-e2e-'));
  envsDir = join(work, 'environments');
  staticRoot = join(work, 'static');

  deploy('publish', TARGET.folder, '--version', inTreeVersion);
  deploy('publish', TARGET.folder, '--version', '1.1.0', '--from', builds);
  deploy('publish', TARGET.folder, '--version', '2.0.0', '--from', builds);
  // A build whose manifest says it was built with React 18: the policy refuses to publish it, so
  // it is copied by hand, as a static host someone filled without the tool would hold it.
  const bad = join(staticRoot, TARGET.folder, '1.1.1-react18');
  cpSync(join(staticRoot, TARGET.folder, '1.1.0'), bad, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(bad, 'mf-manifest.json'), 'utf8'));
  for (const s of manifest.shared) if (s.name === 'react') s.version = '18.3.1';
  writeFileSync(join(bad, 'mf-manifest.json'), JSON.stringify(manifest));

  makeEnv('a', false);
  makeEnv('b', false);
  makeEnv('prod', true);
  deploy('use', 'a', TARGET.name, inTreeVersion);
  deploy('use', 'b', TARGET.name, inTreeVersion);
  deploy('use', 'b', TARGET.name, '1.1.0');
  deploy('use', 'prod', TARGET.name, inTreeVersion);

  const common = ['--envs-dir', envsDir, '--static-root', staticRoot, '--api', apiOrigin];
  await serve(
    ['--env', 'a', '--port', String(port.a), '--static-port', String(port.static), ...common],
    `http://localhost:${port.a}/remotes.json`,
  );
  await serve(['--env', 'b', '--port', String(port.b), '--static-port', '0', ...common], `http://localhost:${port.b}/remotes.json`);
  await serve(
    ['--env', 'prod', '--port', String(port.prod), '--static-port', '0', ...common],
    `http://localhost:${port.prod}/remotes.json`,
  );
}

/** Stops the environments' servers and removes the work folder. */
export function stopDelivery(): void {
  for (const s of servers) s.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
}

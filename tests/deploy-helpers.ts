/**
 * Shared setup of the deploy tool tests (scripts/deploy.mjs): a temporary work folder with the
 * environments `production` and `staging` and a static root, the CLI run synchronously or not,
 * readers of remotes.json and history.json, and fake remote builds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(__dirname, '..');
const deployCli = join(root, 'scripts', 'deploy.mjs');
export let work: string;
export let envsDir: string;
export let staticRoot: string;

export function deploy(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [deployCli, ...args, '--envs-dir', envsDir, '--static-root', staticRoot], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_BY: 'jest', ...env },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
export function deployAsync(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [deployCli, ...args, '--envs-dir', envsDir, '--static-root', staticRoot], {
      cwd: root,
      env: { ...process.env, DEPLOY_BY: 'jest', ...env },
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
}
export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
export const remotesOf = (env: string) => readJson(join(envsDir, env, 'remotes.json'));
export const historyOf = (env: string) => readJson(join(envsDir, env, 'history.json')) as Array<Record<string, string | null>>;

/** Version of a dependency as installed for the shell (what the host provides at run time). */
const shellVersion = (pkg: string) => readJson(join(root, 'shell', 'node_modules', pkg, 'package.json')).version as string;

/** A build folder `<dir>/<version>/` that looks like a remote's build (manifest + one chunk). */
export function fakeBuild(dir: string, name: string, version: string, opts: { reactVersion?: string; chunk?: string } = {}) {
  const out = join(dir, version);
  mkdirSync(join(out, 'assets'), { recursive: true });
  const react = opts.reactVersion ?? shellVersion('react');
  const shared = [
    { name: 'react', version: react, singleton: true },
    { name: 'react-dom', version: shellVersion('react-dom'), singleton: true },
    { name: 'react/jsx-runtime', version: react, singleton: true },
    { name: '@landing/shared', version: '1.0.0', singleton: true },
  ];
  writeFileSync(
    join(out, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { buildInfo: { buildVersion: version } }, shared, exposes: [] }),
  );
  writeFileSync(join(out, 'remoteEntry.js'), `/* ${name} ${version} */`);
  writeFileSync(join(out, 'assets', 'main.0123456789.js'), opts.chunk ?? `console.log(${JSON.stringify(version)})`);
  return dir;
}

function makeEnv(env: string, production = false) {
  mkdirSync(join(envsDir, env), { recursive: true });
  writeFileSync(
    join(envsDir, env, 'environment.json'),
    JSON.stringify({ name: env, production, manifestUrl: 'http://static.test/{remote}/{version}/mf-manifest.json' }),
  );
}

/**
 * Registers, for the calling test file, a fresh work folder before each test (`work`, `envsDir`
 * with the environments `production` and `staging`, `staticRoot`) and its removal after it.
 */
export function setupDeployWorkspace(): void {
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    envsDir = join(work, 'environments');
    staticRoot = join(work, 'static');
    makeEnv('production', true);
    makeEnv('staging');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));
}

/**
 * @jest-environment node
 *
 * Independent builds: a remote builds into an immutable
 * `<root>/<version>/` folder of its own, and building one remote changes no file of the shell or
 * of another remote (their output hashes are compared before and after). Remotes use the
 * federation runtime the shell provides, which makes their remoteEntry.js much smaller.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

jest.setTimeout(240_000);

const root = join(__dirname, '..');
const deployCli = join(root, 'scripts', 'deploy.mjs');
const flock = ['/usr/bin/flock', '/bin/flock'].find((p) => existsSync(p));

/** sha256 of every file below `dir` (relative path → hash); empty when missing. */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
const others = () => ({
  ...hashes(join(root, 'shell', 'dist')),
  ...['mf-auth', 'mf-news', 'mf-bets'].reduce((a, r) => ({ ...a, ...hashes(join(root, r, 'dist')) }), {}),
});

/** Builds mf-leaderboard with the deploy tool. */
function buildLeaderboard(version: string, out: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [deployCli, 'build', 'mf-leaderboard', '--version', version, '--out', out, '--no-check'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
}

/**
 * Holds the shell build lock (/tmp/shell-build.lock, the convention of this checkout) for the
 * whole before/build/after sequence, so a shell rebuild by someone else cannot interleave.
 */
async function holdShellBuildLock(): Promise<ChildProcess | null> {
  if (!flock) return null;
  const holder = spawn(flock, ['/tmp/shell-build.lock', process.execPath, '-e', "console.log('locked'); setInterval(() => {}, 1000)"], {
    detached: true,
  });
  await new Promise((resolve) => holder.stdout!.once('data', resolve));
  return holder;
}

let tmp: string;
let before: Record<string, string>;
let after: Record<string, string>;
let ownBefore: Record<string, string>;

beforeAll(async () => {
  expect(existsSync(join(root, 'shell', 'dist', 'index.html'))).toBe(true); // pnpm run build runs first
  tmp = mkdtempSync(join(tmpdir(), 'delivery-build-'));
  const lock = await holdShellBuildLock();
  try {
    before = others();
    ownBefore = hashes(join(root, 'mf-leaderboard', 'dist'));
    buildLeaderboard('1.1.0', join(tmp, 'versions'));
    buildLeaderboard('1.2.0', join(tmp, 'versions'));
    buildLeaderboard('1.1.0', join(tmp, 'bundled-runtime'), { MF_EXTERNAL_RUNTIME: '0' });
    after = others();
  } finally {
    if (lock?.pid) process.kill(-lock.pid, 'SIGTERM');
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test('building a remote changes no file of the shell or of another remote', () => {
  expect(Object.keys(before).some((f) => f.startsWith('shell/dist/'))).toBe(true);
  expect(after).toEqual(before);
  expect(hashes(join(root, 'mf-leaderboard', 'dist'))).toEqual(ownBefore); // --out: not even its own dist
});

test('each version is a folder of its own, with the version in its manifest', () => {
  expect(readdirSync(join(tmp, 'versions')).sort()).toEqual(['1.1.0', '1.2.0']);
  for (const v of ['1.1.0', '1.2.0']) {
    const manifest = JSON.parse(readFileSync(join(tmp, 'versions', v, 'mf-manifest.json'), 'utf8'));
    expect(manifest.name).toBe('mf_leaderboard');
    expect(manifest.metaData.buildInfo.buildVersion).toBe(v);
    expect(existsSync(join(tmp, 'versions', v, 'remoteEntry.js'))).toBe(true);
  }
});

test('remotes use the host-provided federation runtime (and carry a provider for their standalone page only)', () => {
  const external = readFileSync(join(tmp, 'versions', '1.1.0', 'remoteEntry.js'), 'utf8');
  const bundled = readFileSync(join(tmp, 'bundled-runtime', '1.1.0', 'remoteEntry.js'), 'utf8');
  expect(external).toContain('_FEDERATION_RUNTIME_CORE');
  expect(bundled).not.toContain('_FEDERATION_RUNTIME_CORE');
  expect(external.length).toBeLessThan(bundled.length * 0.6);
  const html = readFileSync(join(tmp, 'versions', '1.1.0', 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts[0]).toMatch(/^assets\/federation-runtime\.[0-9a-f]{10}\.js$/); // before main.js
  expect(scripts.some((s) => /main\./.test(s!))).toBe(true);
  const shellIndex = readFileSync(join(root, 'shell', 'dist', 'index.html'), 'utf8');
  expect(shellIndex).not.toContain('federation-runtime');
});

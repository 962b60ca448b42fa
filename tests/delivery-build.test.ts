/**
 * @jest-environment node
 *
 * Independent builds (design brief §2, issue 7): a remote builds into an immutable
 * `<root>/<version>/` folder of its own, and building one remote changes no file of the shell or
 * of another remote (their output hashes are compared before and after). Remotes use the
 * federation runtime the shell provides, which makes their remoteEntry.js much smaller.
 */
import { spawnSync } from 'node:child_process';
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
const others = () => ({ ...hashes(join(root, 'shell', 'dist')), ...['mf-auth', 'mf-news', 'mf-bets'].reduce((a, r) => ({ ...a, ...hashes(join(root, r, 'dist')) }), {}) });

/** Builds mf-leaderboard with the deploy tool (under the shell build lock when flock exists). */
function buildLeaderboard(version: string, out: string, env: Record<string, string> = {}) {
  const cmd = [process.execPath, deployCli, 'build', 'mf-leaderboard', '--version', version, '--out', out, '--no-check'];
  const [bin, ...args] = flock ? [flock, '/tmp/shell-build.lock', ...cmd] : cmd;
  const r = spawnSync(bin!, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}${r.stderr}`);
}

let tmp: string;
let before: Record<string, string>;
let ownBefore: Record<string, string>;

beforeAll(() => {
  expect(existsSync(join(root, 'shell', 'dist', 'index.html'))).toBe(true); // pnpm run build runs first
  tmp = mkdtempSync(join(tmpdir(), 'delivery-build-'));
  before = others();
  ownBefore = hashes(join(root, 'mf-leaderboard', 'dist'));
  buildLeaderboard('1.1.0', join(tmp, 'versions'));
  buildLeaderboard('1.2.0', join(tmp, 'versions'));
  buildLeaderboard('1.1.0', join(tmp, 'bundled-runtime'), { MF_EXTERNAL_RUNTIME: '0' });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test("building a remote changes no file of the shell or of another remote", () => {
  expect(Object.keys(before).some((f) => f.startsWith('shell/dist/'))).toBe(true);
  expect(others()).toEqual(before);
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

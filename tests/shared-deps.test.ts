/**
 * @jest-environment node
 *
 * Shared-dependency policy: every built remote shares the singletons
 * with the shell's majors (read from each `<remote>/dist/<version>/mf-manifest.json`), and the
 * check (scripts/check-shared.mjs) reports a remote built against another major instead of
 * letting it load a second copy.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const root = join(__dirname, '..');
const cli = join(root, 'scripts', 'check-shared.mjs');
const check = (files: string[] = []) => {
  const r = spawnSync(process.execPath, [cli, ...files], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
};

const builtManifests = ['mf-auth', 'mf-news', 'mf-bets', 'mf-leaderboard'].flatMap((r) => {
  const dist = join(root, r, 'dist');
  if (!existsSync(dist)) return [];
  return readdirSync(dist)
    .map((v) => join(dist, v, 'mf-manifest.json'))
    .filter((f) => existsSync(f));
});

test('at least the reference remote is built (pnpm run build runs before the tests)', () => {
  expect(builtManifests.some((f) => f.includes('mf-leaderboard'))).toBe(true);
});

test('every built remote shares react, react-dom and @landing/shared as singletons with the shell majors', () => {
  const shellReact = JSON.parse(readFileSync(join(root, 'shell', 'node_modules', 'react', 'package.json'), 'utf8')).version as string;
  for (const file of builtManifests) {
    const shared = JSON.parse(readFileSync(file, 'utf8')).shared as Array<{ name: string; version: string; singleton: boolean }>;
    const react = shared.find((s) => s.name === 'react');
    expect(react).toMatchObject({ singleton: true });
    expect(react!.version.split('.')[0]).toBe(shellReact.split('.')[0]);
  }
  const r = check();
  expect(r.out).toMatch(/✓ mf_leaderboard@/);
  expect(r.code).toBe(0);
});

test('the remotes with a form share react-hook-form with the shell: a page with forms in two apps loads one copy', () => {
  const withForms = builtManifests.filter((f) => !f.includes('mf-leaderboard'));
  expect(withForms.length).toBeGreaterThan(0);
  for (const file of withForms) {
    const shared = JSON.parse(readFileSync(file, 'utf8')).shared as Array<{ name: string; singleton: boolean }>;
    expect(shared.find((s) => s.name === 'react-hook-form')).toMatchObject({ singleton: true });
  }
  // The remote without a form neither provides nor asks for it.
  for (const file of builtManifests.filter((f) => f.includes('mf-leaderboard'))) {
    const shared = JSON.parse(readFileSync(file, 'utf8')).shared as Array<{ name: string }>;
    expect(shared.map((s) => s.name)).not.toContain('react-hook-form');
  }
});
describe('a remote built against other majors is reported', () => {
  let tmp: string;
  beforeAll(() => (tmp = mkdtempSync(join(tmpdir(), 'shared-policy-'))));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const manifest = (shared: object[]) => {
    const file = join(tmp, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ name: 'mf_news', metaData: { buildInfo: { buildVersion: '9.0.0' } }, shared }));
    return file;
  };
  const base = [
    { name: 'react-dom', version: '19.3.1', singleton: true },
    { name: 'react/jsx-runtime', version: '19.3.1', singleton: true },
    { name: '@landing/shared', version: '1.0.0', singleton: true },
  ];

  test('react 18 in a remote of a react 19 shell', () => {
    const r = check([manifest([...base, { name: 'react', version: '18.3.1', singleton: true }])]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/mf_news was built with react@18\.3\.1, the shell provides 19\.\d+\.\d+ \(another major\)/);
  });

  test('a singleton shared without singleton: true', () => {
    const r = check([
      manifest([...base, { name: 'react', version: '19.3.1', singleton: true }, { name: 'zustand', version: '5.1.0', singleton: false }]),
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('mf_news shares zustand without singleton: true');
  });

  test('a remote that bundles its own react instead of sharing it', () => {
    const r = check([manifest(base)]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('mf_news does not share react (it would bundle a second copy)');
  });
});

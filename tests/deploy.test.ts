/**
 * @jest-environment node
 *
 * The deploy tool (scripts/deploy.mjs): publishing one remote into an immutable version
 * folder, pointing an environment at a version, rollback from the history, the environments of
 * the repo, and two teams deploying at the same moment without a lost update.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const root = join(__dirname, '..');
const deployCli = join(root, 'scripts', 'deploy.mjs');
let work: string;
let envsDir: string;
let staticRoot: string;

function deploy(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [deployCli, ...args, '--envs-dir', envsDir, '--static-root', staticRoot], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_BY: 'jest', ...env },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
function deployAsync(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
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
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const remotesOf = (env: string) => readJson(join(envsDir, env, 'remotes.json'));
const historyOf = (env: string) => readJson(join(envsDir, env, 'history.json')) as Array<Record<string, string | null>>;

/** Version of a dependency as installed for the shell (what the host provides at run time). */
const shellVersion = (pkg: string) => readJson(join(root, 'shell', 'node_modules', pkg, 'package.json')).version as string;

/** A build folder `<dir>/<version>/` that looks like a remote's build (manifest + one chunk). */
function fakeBuild(dir: string, name: string, version: string, opts: { reactVersion?: string; chunk?: string } = {}) {
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

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  envsDir = join(work, 'environments');
  staticRoot = join(work, 'static');
  makeEnv('production', true);
  makeEnv('staging');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('publish', () => {
  test('copies one build into <static>/<remote>/<version>/ and nothing else', () => {
    const builds = fakeBuild(join(work, 'builds'), 'mf_news', '1.1.0');
    const r = deploy(['publish', 'mf-news', '--version', '1.1.0', '--from', builds]);
    expect(r.out).toContain('published mf-news@1.1.0');
    expect(r.code).toBe(0);
    expect(readdirSync(staticRoot)).toEqual(['mf-news']);
    expect(readdirSync(join(staticRoot, 'mf-news'))).toEqual(['1.1.0']);
    expect(readFileSync(join(staticRoot, 'mf-news', '1.1.0', 'assets', 'main.0123456789.js'), 'utf8')).toContain('1.1.0');
  });

  test('a version folder is immutable: same build is a no-op, another build is refused', () => {
    const a = fakeBuild(join(work, 'a'), 'mf_news', '1.1.0');
    const b = fakeBuild(join(work, 'b'), 'mf_news', '1.1.0', { chunk: 'console.log("changed")' });
    expect(deploy(['publish', 'mf_news', '--version', '1.1.0', '--from', a]).code).toBe(0);
    const again = deploy(['publish', 'mf_news', '--version', '1.1.0', '--from', a]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('already published (identical)');
    const other = deploy(['publish', 'mf_news', '--version', '1.1.0', '--from', b]);
    expect(other.code).toBe(1);
    expect(other.out).toMatch(/immutable/);
    expect(readFileSync(join(staticRoot, 'mf-news', '1.1.0', 'assets', 'main.0123456789.js'), 'utf8')).not.toContain('changed');
  });

  test('refuses a manifest of another remote, of another version, or with an incompatible react major', () => {
    const wrongName = fakeBuild(join(work, 'n'), 'mf_bets', '1.0.0');
    expect(deploy(['publish', 'mf_news', '--version', '1.0.0', '--from', wrongName]).out).toMatch(/manifest of "mf_bets"/);
    const wrongVersion = fakeBuild(join(work, 'v'), 'mf_news', '1.0.0');
    writeFileSync(
      join(wrongVersion, '1.0.0', 'mf-manifest.json'),
      JSON.stringify({ name: 'mf_news', metaData: { buildInfo: { buildVersion: '0.9.0' } }, shared: [] }),
    );
    expect(deploy(['publish', 'mf_news', '--version', '1.0.0', '--from', wrongVersion]).out).toMatch(/built as version 0\.9\.0/);
    const oldReact = fakeBuild(join(work, 'r'), 'mf_news', '1.2.0', { reactVersion: '18.3.1' });
    const r = deploy(['publish', 'mf_news', '--version', '1.2.0', '--from', oldReact]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/built with react@18\.3\.1, the shell provides 19\./);
    expect(existsSync(join(staticRoot, 'mf-news', '1.2.0'))).toBe(false);
  });
});

describe('use and rollback', () => {
  beforeEach(() => {
    const builds = join(work, 'builds');
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
      fakeBuild(builds, 'mf_news', v);
      expect(deploy(['publish', 'mf_news', '--version', v, '--from', builds]).code).toBe(0);
    }
  });

  test('one environment changes, the other keeps its version', () => {
    expect(deploy(['use', 'production', 'mf_news', '1.0.0']).code).toBe(0);
    expect(deploy(['use', 'staging', 'mf_news', '1.0.0']).code).toBe(0);
    const r = deploy(['use', 'staging', 'mf-news', '1.1.0']);
    expect(r.out).toContain('staging: mf_news 1.0.0 → 1.1.0');
    expect(remotesOf('staging')).toEqual({ mf_news: 'http://static.test/mf-news/1.1.0/mf-manifest.json' });
    expect(remotesOf('production')).toEqual({ mf_news: 'http://static.test/mf-news/1.0.0/mf-manifest.json' });
    expect(historyOf('staging').map((e) => [e.action, e.from, e.to, e.by])).toEqual([
      ['use', null, '1.0.0', 'jest'],
      ['use', '1.0.0', '1.1.0', 'jest'],
    ]);
  });

  test('a version that is not published is refused', () => {
    const r = deploy(['use', 'staging', 'mf_news', '2.0.0']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/mf-news@2\.0\.0 is not published/);
    expect(existsSync(join(envsDir, 'staging', 'remotes.json'))).toBe(false);
  });

  test('rollback walks back through the deployed versions, keeping the history', () => {
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) expect(deploy(['use', 'staging', 'mf_news', v]).code).toBe(0);
    expect(deploy(['rollback', 'staging', 'mf_news']).out).toContain('rolled back 1.2.0 → 1.1.0');
    expect(deploy(['rollback', 'staging', 'mf_news']).out).toContain('rolled back 1.1.0 → 1.0.0');
    const none = deploy(['rollback', 'staging', 'mf_news']);
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/no version of mf_news before 1\.0\.0/);
    expect(remotesOf('staging').mf_news).toBe('http://static.test/mf-news/1.0.0/mf-manifest.json');
    expect(deploy(['rollback', 'staging', 'mf_news', '--to', '1.2.0']).code).toBe(0);
    expect(historyOf('staging').map((e) => `${e.action} ${e.from}→${e.to}`)).toEqual([
      'use null→1.0.0',
      'use 1.0.0→1.1.0',
      'use 1.1.0→1.2.0',
      'rollback 1.2.0→1.1.0',
      'rollback 1.1.0→1.0.0',
      'rollback 1.0.0→1.2.0',
    ]);
    expect(existsSync(join(envsDir, 'staging', '.lock'))).toBe(false);
  });

  test('unknown environments, remotes and versions are usage errors with a clear message', () => {
    expect(deploy(['use', 'qa', 'mf_news', '1.0.0']).out).toMatch(/environment "qa" does not exist .*known: production, staging/);
    expect(deploy(['use', 'staging', 'mf_chat', '1.0.0']).out).toMatch(/unknown remote "mf_chat"/);
    const bad = deploy(['use', 'staging', 'mf_news', 'latest']);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/"latest" is not a version/);
  });
});

describe('server code pins (remotes.json integrity)', () => {
  const sri = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
  /** A build with a server build, as the remotes' builds are: manifest → ssrRemoteEntry in server/. */
  function serverBuild(dir: string, version: string) {
    fakeBuild(dir, 'mf_news', version);
    const manifestFile = join(dir, version, 'mf-manifest.json');
    const manifest = readJson(manifestFile);
    manifest.metaData.ssrRemoteEntry = { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    mkdirSync(join(dir, version, 'server', 'chunks'), { recursive: true });
    writeFileSync(join(dir, version, 'server', 'remoteEntry.js'), `/* server entry ${version} */`);
    writeFileSync(join(dir, version, 'server', 'chunks', '1.0123456789.js'), `/* chunk ${version} */`);
    writeFileSync(join(dir, version, 'server', 'chunks', '1.0123456789.js.gz'), 'precompressed copy');
    return dir;
  }
  beforeEach(() => {
    const builds = join(work, 'builds');
    for (const v of ['1.0.0', '1.1.0']) {
      serverBuild(builds, v);
      expect(deploy(['publish', 'mf_news', '--version', v, '--from', builds]).code).toBe(0);
    }
  });

  test('use pins every server file of the published version by SHA-256; rollback pins the version it goes back to', () => {
    expect(deploy(['use', 'staging', 'mf_news', '1.0.0']).code).toBe(0);
    const r = deploy(['use', 'staging', 'mf_news', '1.1.0']);
    expect(r.out).toContain('server code pinned: 2 file(s)');
    expect(remotesOf('staging')).toEqual({
      mf_news: 'http://static.test/mf-news/1.1.0/mf-manifest.json',
      integrity: {
        mf_news: {
          'server/chunks/1.0123456789.js': sri('/* chunk 1.1.0 */'),
          'server/remoteEntry.js': sri('/* server entry 1.1.0 */'),
        },
      },
    });
    expect(deploy(['rollback', 'staging', 'mf_news']).code).toBe(0);
    expect(remotesOf('staging').integrity.mf_news['server/remoteEntry.js']).toBe(sri('/* server entry 1.0.0 */'));
    expect(deploy(['status', 'staging']).out).toMatch(/mf_news\s+1\.0\.0\s+pinned /);
    expect(JSON.parse(deploy(['status', 'staging', '--json']).out)).toMatchObject({
      remotes: { mf_news: 'http://static.test/mf-news/1.0.0/mf-manifest.json' },
      pinned: ['mf_news'],
    });
  });

  test('use --no-verify reads nothing and leaves the remote unpinned (an old pin would not match the new version)', () => {
    expect(deploy(['use', 'staging', 'mf_news', '1.0.0']).code).toBe(0);
    const r = deploy(['use', 'staging', 'mf_news', '2.0.0', '--no-verify']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('mf_news is not pinned');
    expect(remotesOf('staging')).toEqual({ mf_news: 'http://static.test/mf-news/2.0.0/mf-manifest.json' });
    expect(deploy(['status', 'staging']).out).toMatch(/mf_news\s+2\.0\.0\s+unpinned/);
  });
});

describe('two teams deploying at the same moment', () => {
  beforeEach(() => {
    for (const [name, folder] of [
      ['mf_news', 'mf-news'],
      ['mf_bets', 'mf-bets'],
      ['mf_auth', 'mf-auth'],
      ['mf_leaderboard', 'mf-leaderboard'],
    ] as const) {
      for (const v of ['1.0.0', '1.1.0']) mkdirSync(join(staticRoot, folder, v), { recursive: true });
      for (const v of ['1.0.0', '1.1.0']) writeFileSync(join(staticRoot, folder, v, 'mf-manifest.json'), JSON.stringify({ name }));
    }
  });

  test('both updates survive (lock + atomic rename), even with a wide race window', async () => {
    // Each process holds the lock 300 ms between reading and writing remotes.json: without the
    // lock, the second writer would overwrite the first one's change.
    const hold = { DEPLOY_HOLD_LOCK_MS: '300' };
    const results = await Promise.all([
      deployAsync(['use', 'staging', 'mf_news', '1.1.0'], hold),
      deployAsync(['use', 'staging', 'mf_bets', '1.1.0'], hold),
      deployAsync(['use', 'staging', 'mf_auth', '1.0.0'], hold),
      deployAsync(['use', 'staging', 'mf_leaderboard', '1.1.0'], hold),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(remotesOf('staging')).toEqual({
      mf_news: 'http://static.test/mf-news/1.1.0/mf-manifest.json',
      mf_bets: 'http://static.test/mf-bets/1.1.0/mf-manifest.json',
      mf_auth: 'http://static.test/mf-auth/1.0.0/mf-manifest.json',
      mf_leaderboard: 'http://static.test/mf-leaderboard/1.1.0/mf-manifest.json',
    });
    expect(
      historyOf('staging')
        .map((e) => e.remote)
        .sort(),
    ).toEqual(['mf_auth', 'mf_bets', 'mf_leaderboard', 'mf_news']);
    expect(readdirSync(join(envsDir, 'staging')).sort()).toEqual(['environment.json', 'history.json', 'remotes.json']); // no lock or temp file left
  });

  test('the same race without a lock does lose an update (what the lock prevents)', async () => {
    // A naive read-modify-write with the same timing, in two processes.
    const file = join(work, 'naive.json');
    writeFileSync(file, '{}');
    const naive = (key: string) =>
      new Promise<void>((resolve) => {
        const code = `const fs=require('fs');const m=JSON.parse(fs.readFileSync(${JSON.stringify(file)},'utf8'));setTimeout(()=>{m[${JSON.stringify(key)}]=1;fs.writeFileSync(${JSON.stringify(file)},JSON.stringify(m));},300);`;
        spawn(process.execPath, ['-e', code]).on('close', () => resolve());
      });
    await Promise.all([naive('mf_news'), naive('mf_bets')]);
    expect(Object.keys(readJson(file))).toHaveLength(1);
  });

  test('a lock left by a crashed deploy is taken over', () => {
    // proper-lockfile's lock is a folder whose holder refreshes its mtime; a crashed deploy stops
    // refreshing it, and once it is older than the stale time (10 s) the next deploy takes over.
    const lock = join(envsDir, 'staging', '.lock');
    mkdirSync(lock, { recursive: true });
    const crashedAt = new Date(Date.now() - 60_000);
    utimesSync(lock, crashedAt, crashedAt);
    const r = deploy(['use', 'staging', 'mf_news', '1.1.0']);
    expect(r.code).toBe(0);
    expect(existsSync(join(envsDir, 'staging', '.lock'))).toBe(false);
  });
});

describe('environments of the repo', () => {
  const repoEnvs = join(root, 'deploy', 'environments');

  test.each(['production', 'staging'])('%s has its settings, config and a versioned remotes.json', (env) => {
    const settings = readJson(join(repoEnvs, env, 'environment.json'));
    expect(settings.name).toBe(env);
    expect(settings.production).toBe(env === 'production');
    expect(readJson(join(repoEnvs, env, 'config.json')).production).toBe(env === 'production');
    const remotes = readJson(join(repoEnvs, env, 'remotes.json')) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(['mf_auth', 'mf_bets', 'mf_leaderboard', 'mf_news']);
    for (const [name, url] of Object.entries(remotes)) {
      const folder = name.replace('_', '-');
      expect(url).toMatch(new RegExp(`^http://localhost:3070/${folder}/\\d+\\.\\d+\\.\\d+/mf-manifest\\.json$`));
    }
    const history = readJson(join(repoEnvs, env, 'history.json')) as Array<{ remote: string; to: string; url: string }>;
    for (const [name, url] of Object.entries(remotes)) expect(history.filter((e) => e.remote === name).at(-1)!.url).toBe(url);
  });

  test('staging composes another version of one remote than production', () => {
    const prod = readJson(join(repoEnvs, 'production', 'remotes.json'));
    const staging = readJson(join(repoEnvs, 'staging', 'remotes.json'));
    const differing = Object.keys(prod).filter((k) => prod[k] !== staging[k]);
    expect(differing).toEqual(['mf_news']);
  });
});

/**
 * @jest-environment node
 *
 * The deploy tool (scripts/deploy.mjs): publishing one remote into an immutable version folder,
 * pointing an environment at a version, rollback from the history, server code pins.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { work, envsDir, staticRoot, deploy, readJson, remotesOf, historyOf, fakeBuild, setupDeployWorkspace } from './deploy-helpers';

jest.setTimeout(60_000);

setupDeployWorkspace();

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

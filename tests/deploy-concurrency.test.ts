/**
 * @jest-environment node
 *
 * The deploy tool (scripts/deploy.mjs): two teams deploying at the same moment without a lost update.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { work, envsDir, staticRoot, deploy, deployAsync, readJson, remotesOf, historyOf, setupDeployWorkspace } from './deploy-helpers';

jest.setTimeout(60_000);

setupDeployWorkspace();

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

/**
 * @jest-environment node
 *
 * Canary releases (scripts/deploy.mjs canary|promote|abort, scripts/lib/canary.mjs,
 * scripts/lib/canary-guard.mjs; docs/OPERATIONS.md): the steps and their history, the documented
 * threshold and minimum sample of the automatic abort, and the guard aborting a failing canary
 * from the telemetry API's figures within one look.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CANARY_POLICY, judgeCanary } from '../scripts/lib/canary.mjs';
import { guardOnce } from '../scripts/lib/canary-guard.mjs';
import { deploy, envsDir, fakeBuild, historyOf, remotesOf, setupDeployWorkspace, work } from './deploy-helpers';

jest.setTimeout(60_000);
setupDeployWorkspace();

const counts = (pageViews: number, errors = 0, loadFailures = 0, fallbacks = 0) => ({ pageViews, errors, loadFailures, fallbacks });

describe('the automatic abort rule', () => {
  const policy = DEFAULT_CANARY_POLICY;
  test('the documented defaults: 200 page views, 2× the stable rate and above 10 per 1,000, a look every 5 s', () => {
    expect(policy).toEqual({ minPageViews: 200, ratio: 2, floorPer1000: 10, intervalS: 5 });
  });
  test('nothing is decided below the minimum sample, however bad', () => {
    expect(judgeCanary(counts(199, 199), counts(1000), policy)).toMatchObject({ abort: false, waiting: true });
  });
  test('aborts at 2× the stable rate above the floor, for errors, load failures or fallbacks alone', () => {
    expect(judgeCanary(counts(200, 5), counts(1000, 10), policy).abort).toBe(true); // 25 vs 10 per 1,000
    expect(judgeCanary(counts(200, 0, 3), counts(1000), policy).abort).toBe(true); // 15 vs 0
    expect(judgeCanary(counts(200, 0, 0, 4), counts(1000, 0, 0, 1), policy).abort).toBe(true);
    expect(judgeCanary(counts(200, 5), counts(1000, 10), policy).reason).toMatch(
      /errors 25\.0 per 1,000 page views over 200 page views, stable 10\.0/,
    );
  });
  test('keeps a canary under 2× the stable rate, or at the floor or under it', () => {
    expect(judgeCanary(counts(200, 3), counts(1000, 10), policy).abort).toBe(false); // 15 < 2 × 10
    expect(judgeCanary(counts(200, 2), counts(1000), policy).abort).toBe(false); // 10 is not above 10
    expect(judgeCanary(counts(400, 3), undefined, policy).abort).toBe(false); // 7.5
  });
});

describe('canary, promote and abort', () => {
  beforeEach(() => {
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
      fakeBuild(join(work, 'builds'), 'mf_news', v);
      expect(deploy(['publish', 'mf_news', '--version', v, '--from', join(work, 'builds')]).code).toBe(0);
    }
    expect(deploy(['use', 'staging', 'mf_news', '1.0.0']).code).toBe(0);
  });

  test('a canary goes to remotes.json with its share and pins; promote makes it the version of everyone', () => {
    const r = deploy(['canary', 'staging', 'mf-news', '1.1.0', '--percent', '25']);
    expect(r.out).toContain('mf_news@1.1.0 is a canary for 25 % of visitors');
    const remotes = remotesOf('staging');
    expect(remotes.mf_news).toBe('http://static.test/mf-news/1.0.0/mf-manifest.json');
    expect(remotes.canary.mf_news).toMatchObject({
      version: '1.1.0',
      url: 'http://static.test/mf-news/1.1.0/mf-manifest.json',
      percent: 25,
    });
    expect(deploy(['canary', 'staging', 'mf-news', '1.2.0']).out).toMatch(/a canary of mf_news \(1\.1\.0 at 25 %\) is running/);
    expect(deploy(['canary', 'staging', 'mf-news', '1.2.0', '--percent', '100']).code).toBe(2);
    expect(deploy(['promote', 'staging', 'mf_news']).out).toContain('mf_news 1.0.0 → 1.1.0 for every visitor');
    expect(remotesOf('staging').canary).toBeUndefined();
    expect(remotesOf('staging').mf_news).toBe('http://static.test/mf-news/1.1.0/mf-manifest.json');
    expect(remotesOf('staging').integrity?.mf_news).toEqual(remotes.canary.mf_news.integrity);
    expect(historyOf('staging').map((e) => [e.action, e.from, e.to])).toEqual([
      ['use', null, '1.0.0'],
      ['canary', '1.0.0', '1.1.0'],
      ['promote', '1.0.0', '1.1.0'],
    ]);
    // a rollback after a promote returns to the version before it
    expect(deploy(['rollback', 'staging', 'mf_news']).out).toContain('rolled back 1.1.0 → 1.0.0');
  });

  test('abort takes the canary out and records why; a second abort has nothing to do', () => {
    deploy(['canary', 'staging', 'mf_news', '1.1.0', '--percent', '50']);
    expect(deploy(['abort', 'staging', 'mf_news', '--reason', 'too slow']).out).toContain(
      'canary mf_news@1.1.0 aborted; every visitor gets 1.0.0',
    );
    expect(remotesOf('staging')).toEqual(expect.not.objectContaining({ canary: expect.anything() }));
    expect(historyOf('staging').at(-1)).toMatchObject({ action: 'abort', from: '1.1.0', to: '1.0.0', reason: 'too slow', auto: false });
    expect(deploy(['abort', 'staging', 'mf_news']).out).toMatch(/no canary of mf_news is running/);
  });

  test('the guard aborts a canary past the threshold in one look, records it and reports the steps', async () => {
    deploy(['canary', 'staging', 'mf_news', '1.1.0', '--percent', '50']);
    const settings = JSON.parse(readFileSync(join(envsDir, 'staging', 'environment.json'), 'utf8'));
    const posted: unknown[] = [];
    const api: Server = createServer((req, res) => {
      if (req.headers.authorization !== 'Bearer ops-credential') return void res.writeHead(401).end();
      if (req.method === 'POST') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          posted.push(JSON.parse(body));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          versions: [
            { version: '1.1.0', ...counts(40, 30, 0, 30), firstFailureAt: new Date().toISOString() },
            { version: '1.0.0', ...counts(45), firstFailureAt: null },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    writeFileSync(
      join(envsDir, 'staging', 'environment.json'),
      JSON.stringify({
        ...settings,
        telemetry: { api: `http://127.0.0.1:${(api.address() as AddressInfo).port}` },
        canaryPolicy: { minPageViews: 40 },
      }),
    );
    process.env.LANDING_OPS_TOKEN = 'ops-credential';
    const lines: string[] = [];
    try {
      const judged = await guardOnce({ envsDir, env: 'staging', log: (l: string) => lines.push(l) });
      expect(judged).toEqual([{ remote: 'mf_news', version: '1.1.0', verdict: expect.objectContaining({ abort: true }) }]);
    } finally {
      delete process.env.LANDING_OPS_TOKEN;
      api.close();
    }
    expect(remotesOf('staging').canary).toBeUndefined();
    expect(historyOf('staging').at(-1)).toMatchObject({ action: 'abort', from: '1.1.0', to: '1.0.0', by: 'canary-guard', auto: true });
    expect(lines[0]).toMatch(/canary mf_news@1\.1\.0 aborted automatically: errors 750\.0 per 1,000 page views/);
    expect(posted).toEqual([
      { environment: 'staging', entries: expect.arrayContaining([expect.objectContaining({ action: 'abort', auto: true })]) },
    ]);
  });
});

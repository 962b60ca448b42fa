/**
 * @jest-environment node
 *
 * The environments of the repo as the deploy tool (scripts/deploy.mjs) reads them.
 */
import { join } from 'node:path';
import { root, readJson, setupDeployWorkspace } from './deploy-helpers';

jest.setTimeout(60_000);

setupDeployWorkspace();

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

/**
 * @jest-environment node
 *
 * docker-compose.yml is how people deploy (no Docker engine runs here): its structure is checked
 * so a broken edit fails `npm test`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
const remotes = ['mf-auth', 'mf-news', 'mf-bets', 'mf-leaderboard'];

test('every part is a service of its own', () => {
  expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['api', 'postgres', 'shell', 'mailcatcher', ...remotes]));
});

test('the API uses PostgreSQL and waits for it', () => {
  const api = compose.services.api;
  expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  expect(api.depends_on.postgres.condition).toBe('service_healthy');
  expect(api.build.dockerfile).toBe('api/Dockerfile');
  expect(readFileSync(join(root, 'api', 'Dockerfile'), 'utf8')).toMatch(/FROM node:20/);
});

test('each remote is served from its own dist on its own port', () => {
  remotes.forEach((r, i) => {
    const svc = compose.services[r];
    expect(svc.volumes).toContain(`./${r}/dist:/usr/share/nginx/html:ro`);
    expect(svc.ports).toContain(`${3001 + i}:80`);
  });
});

test('the shell mounts its environment files and remotes.json lists versioned manifests', () => {
  const shell = compose.services.shell;
  const mounts: string[] = shell.volumes;
  expect(mounts.some((m) => m.endsWith(':/usr/share/nginx/html/remotes.json:ro'))).toBe(true);
  expect(mounts.some((m) => m.endsWith(':/usr/share/nginx/html/config.json:ro'))).toBe(true);
  const map = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/remotes.json'), 'utf8'));
  for (const name of ['mf_auth', 'mf_news', 'mf_bets', 'mf_leaderboard']) {
    expect(map[name]).toMatch(/^http:\/\/localhost:300\d\/\d+\.\d+\.\d+\/mf-manifest\.json$/);
  }
});

test('manifests, entries and remotes.json are never cached by nginx', () => {
  const remoteConf = readFileSync(join(root, 'deploy/nginx-remote.conf'), 'utf8');
  expect(remoteConf).toMatch(/mf-manifest\\\.json\|remoteEntry\\\.js[\s\S]*?no-cache/);
  const shellConf = readFileSync(join(root, 'deploy/nginx-shell.conf'), 'utf8');
  expect(shellConf).toMatch(/location = \/remotes\.json \{ add_header Cache-Control "no-cache"/);
});

test('the API runs as two replicas behind nginx, which alone is published', () => {
  const api = compose.services.api;
  expect(api.deploy.replicas).toBe(2);
  expect(api.ports).toBeUndefined();
  expect(api.environment.TRUST_PROXY).toBe('uniquelocal');
  const lb = compose.services['api-lb'];
  expect(lb.ports).toContain('4000:80');
  expect(lb.volumes).toContain('./deploy/nginx-api.conf:/etc/nginx/conf.d/default.conf:ro');
  const conf = readFileSync(join(root, 'deploy/nginx-api.conf'), 'utf8');
  expect(conf).toMatch(/upstream landing_api \{[^}]*server api:4000/);
  expect(conf).toMatch(/proxy_pass http:\/\/landing_api;/);
  expect(conf).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
  // The browser's API base goes through the load balancer's port.
  const config = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/config.json'), 'utf8'));
  expect(config.apiBaseTemplate).toMatch(/^http:\/\/localhost:4000\//);
});

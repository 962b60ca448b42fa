/**
 * @jest-environment node
 *
 * docker-compose.staging.yml: one shell build, two environments (production, staging)
 * composing different versions of one remote from a static host holding every published version,
 * plus the API on PostgreSQL. Its structure is checked so a broken edit fails `npm test`; the
 * docker suite (`npm run test:docker`, docs/DOCKER.md) runs docker-compose.yml on an engine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '..');
const compose = parse(readFileSync(join(root, 'docker-compose.staging.yml'), 'utf8'));
const services = compose.services as Record<
  string,
  {
    volumes?: string[];
    ports?: string[];
    environment?: Record<string, string>;
    depends_on?: unknown;
    image?: string;
    build?: { context: string; target: string };
  }
>;
const envFile = (env: string, file: string) => JSON.parse(readFileSync(join(root, 'deploy', 'environments', env, file), 'utf8'));
const hostPort = (svc: string) => Number(services[svc]!.ports![0]!.split(':')[0]);

test('shell per environment, static host, API and PostgreSQL are services of their own', () => {
  expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'api', 'static', 'shell-production', 'shell-staging']));
  expect(compose.name).not.toBe(parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).name);
});

test('both environments run the same shell image with their own environment folder', () => {
  for (const env of ['production', 'staging']) {
    const svc = services[`shell-${env}`]! as (typeof services)[string] & { command: string[] };
    expect(svc.build).toEqual({ context: '.', target: 'shell' });
    // a folder, not a single file: deploy.mjs renames remotes.json atomically
    expect(svc.volumes).toContain(`./deploy/environments/${env}:/etc/landing-env:ro`);
    expect(svc.command).toEqual(
      expect.arrayContaining(['--remotes=/etc/landing-env/remotes.json', '--config=/etc/landing-env/config.json']),
    );
    // the SSR server fetches the remotes the browser loads from localhost:<static> from the static service
    expect(svc.command).toContain(`--remote-origin=http://localhost:${hostPort('static')}=http://static`);
    expect(svc.command).toContain('--api-internal=http://api:4000/{server}');
    expect(svc.ports![0]!.split(':')[1]).toBe('3000');
  }
});

test('the static host serves every published version with the remote nginx rules', () => {
  expect(services.static!.volumes).toEqual([
    './.data/static:/usr/share/nginx/html:ro',
    './deploy/nginx-remote.conf:/etc/nginx/conf.d/default.conf:ro',
  ]);
});

test("each environment's remotes.json points at versioned manifests on the static host", () => {
  const staticPort = hostPort('static');
  for (const env of ['production', 'staging']) {
    const settings = envFile(env, 'environment.json');
    expect(settings.manifestUrl).toBe(`http://localhost:${staticPort}/{remote}/{version}/mf-manifest.json`);
    for (const url of Object.values(envFile(env, 'remotes.json')) as string[]) {
      expect(url).toMatch(new RegExp(`^http://localhost:${staticPort}/mf-[a-z]+/\\d+\\.\\d+\\.\\d+/mf-manifest\\.json$`));
    }
  }
});

test('staging and production compose two versions of one remote', () => {
  const prod = envFile('production', 'remotes.json') as Record<string, string>;
  const staging = envFile('staging', 'remotes.json') as Record<string, string>;
  const differing = Object.keys(prod).filter((k) => prod[k] !== staging[k]);
  expect(differing).toHaveLength(1);
  const [name] = differing;
  const version = (u: string) => /\/([^/]+)\/mf-manifest\.json$/.exec(u)![1];
  expect(version(prod[name!]!)).not.toBe(version(staging[name!]!));
  expect(envFile('production', 'config.json').production).toBe(true);
  expect(envFile('staging', 'config.json').production).toBe(false);
});

test('the API runs on PostgreSQL, allows both shells and is where their config points', () => {
  const api = services.api!;
  expect(api.build).toEqual({ context: '.', target: 'api' });
  expect(api.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  expect((api.depends_on as Record<string, { condition: string }>).postgres!.condition).toBe('service_healthy');
  const origins = api.environment!.CORS_ORIGINS!.split(',');
  expect(origins).toEqual(
    expect.arrayContaining([`http://localhost:${hostPort('shell-production')}`, `http://localhost:${hostPort('shell-staging')}`]),
  );
  for (const env of ['production', 'staging']) {
    expect(envFile(env, 'config.json').apiBaseTemplate).toBe(`http://localhost:${hostPort('api')}/{server}`);
  }
});

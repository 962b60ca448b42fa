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
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
/** The root Dockerfile's stages in order: `FROM <from> AS <name>` and its instructions up to the next FROM (comments left out). */
const stages = dockerfile
  .replace(/^#.*\n/gm, '')
  .split(/^FROM /m)
  .slice(1)
  .map((text) => {
    const [, from, name] = /^(\S+) AS (\S+)/.exec(text) ?? [];
    return { from: from!, name: name!, text };
  });
/** The text of the stage called `name` (a `target` of the compose files). */
const stage = (name: string) => stages.find((s) => s.name === name)!.text;

test('every part is a service of its own', () => {
  expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['api', 'postgres', 'shell', 'mailcatcher', ...remotes]));
});

test('the API uses PostgreSQL and waits for it', () => {
  const api = compose.services.api;
  expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  expect(api.depends_on.postgres.condition).toBe('service_healthy');
  expect(api.build).toEqual({ context: '.', target: 'api' });
});

test('the API image runs the compiled build on Node 24 as the unprivileged node user', () => {
  expect(stages.map((s) => `${s.from} AS ${s.name}`)).toEqual([
    'node:24-slim AS base',
    'base AS api-build',
    'base AS api',
    'base AS shell',
  ]);
  const [build, image] = [stage('api-build'), stage('api')];
  expect(build).toMatch(/RUN pnpm --filter \.\/api run build/);
  expect(image).toMatch(/--prod --filter "\.\/api\.\.\."/);
  expect(image).toMatch(/COPY --from=api-build \/app\/api\/dist api\/dist/);
  expect(image).toMatch(/COPY --from=api-build \/app\/domain\/dist domain\/dist/);
  expect(image).toMatch(/--conditions=landing-compiled/);
  expect(image).not.toMatch(/tsx/);
  expect(image).toMatch(/^USER node$/m);
  expect(image).toMatch(/CMD \["node", "dist\/main\.js"\]\s*$/);
  // The build the image runs is the one `pnpm --filter ./api run build` writes.
  const api = JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8'));
  expect(api.scripts.build).toBe('node scripts/build.mjs');
  expect(api.dependencies.tsx).toBeUndefined();
  const domain = JSON.parse(readFileSync(join(root, 'domain', 'package.json'), 'utf8'));
  expect(domain.exports['.']['landing-compiled']).toBe('./dist/index.js');
});

test('every package and image is on Node 24 LTS', () => {
  expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
  for (const dir of ['.', 'api', 'domain', 'shared', 'shell', ...remotes]) {
    expect(JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).engines).toEqual({ node: '>=24' });
  }
  // Every stage starts from node:24-slim or from a stage above it.
  stages.forEach(({ from }, i) => {
    if (from !== 'node:24-slim') expect(stages.slice(0, i).map((s) => s.name)).toContain(from);
  });
  expect(stages[0]!.from).toBe('node:24-slim');
});

test('each remote is served from its own dist on its own port', () => {
  remotes.forEach((r, i) => {
    const svc = compose.services[r];
    expect(svc.volumes).toContain(`./${r}/dist:/usr/share/nginx/html:ro`);
    expect(svc.ports).toContain(`${3001 + i}:80`);
  });
});

/** `--name=value` arguments of a service's command, as a multimap. */
function argsOf(command: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const arg of command) {
    const [, name, value] = /^--([a-z-]+)=(.*)$/.exec(arg) ?? [];
    if (name) out.set(name, [...(out.get(name) ?? []), value!]);
  }
  return out;
}

test("the shell is its SSR server image, reading the environment's folder; remotes.json lists versioned manifests", () => {
  const shell = compose.services.shell;
  expect(shell.build).toEqual({ context: '.', target: 'shell' });
  const image = stage('shell');
  expect(image).toMatch(/--prod --filter "\.\/shell\.\.\."/);
  expect(image).toMatch(/^USER node$/m);
  expect(image).toMatch(/COPY shell\/dist shell\/dist/);
  expect(image).toMatch(/ENTRYPOINT \["node", "shell\/dist\/server\/index\.cjs"\]/);
  // a folder, not single files: deploy.mjs renames remotes.json atomically
  expect(shell.volumes).toContain('./deploy/environments/docker:/etc/landing-env:ro');
  const args = argsOf(shell.command);
  expect(args.get('remotes')).toEqual(['/etc/landing-env/remotes.json']);
  expect(args.get('config')).toEqual(['/etc/landing-env/config.json']);
  // Two replicas behind shell-lb, which publishes port 3000.
  expect(shell.ports).toBeUndefined();
  expect(shell.deploy.replicas).toBeGreaterThanOrEqual(2);
  expect(compose.services['shell-lb'].ports).toContain('3000:80');
  const map = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/remotes.json'), 'utf8'));
  for (const name of ['mf_auth', 'mf_news', 'mf_bets', 'mf_leaderboard']) {
    expect(map[name]).toMatch(/^http:\/\/localhost:300\d\/\d+\.\d+\.\d+\/mf-manifest\.json$/);
  }
});

test('the SSR server reaches every remote and the API by service name (public URLs do not resolve in a container)', () => {
  const args = argsOf(compose.services.shell.command);
  const mapped = new Map((args.get('remote-origin') ?? []).map((pair) => pair.split('=') as [string, string]));
  const map = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/remotes.json'), 'utf8')) as Record<string, string>;
  for (const url of Object.values(map)) {
    const origin = new URL(url).origin;
    const target = new URL(mapped.get(origin)!);
    const service = compose.services[target.hostname];
    expect(service).toBeDefined();
    // that service publishes the public port on port 80, where the server fetches it
    expect(service.ports).toContain(`${new URL(origin).port}:80`);
  }
  const internal = new URL(args.get('api-internal')![0]!.replace('{server}', 'royal'));
  expect(internal.hostname).toBe('api-lb');
  expect(compose.services.shell.depends_on).toEqual(expect.arrayContaining(['api-lb', ...remotes]));
});

test('shell-lb caches anonymous pages keyed by URL and language cookie, never a page of a session cookie', () => {
  const conf = readFileSync(join(root, 'deploy/nginx-shell.conf'), 'utf8');
  expect(compose.services['shell-lb'].volumes).toContain('./deploy/nginx-shell.conf:/etc/nginx/conf.d/default.conf:ro');
  expect(conf).toMatch(/proxy_cache_key "[^"]*\$request_uri[^"]*\$cookie_i18n_redirected"/);
  // the session cookie of any game server bypasses the cache both ways
  const map = /map \$http_cookie \$landing_session \{[\s\S]*?"~([^"]+)" 1;/.exec(conf)![1]!;
  const session = new RegExp(map.replace(/^\(\^\|;\)/, '(^|;)'));
  expect(session.test('i18n_redirected=de; auth.royal._token.local=abc')).toBe(true);
  expect(session.test('auth.classic._token.local=abc')).toBe(true);
  expect(session.test('i18n_redirected=de; auth.royal._token.uid=7')).toBe(false);
  expect(conf).toMatch(/proxy_cache_bypass \$landing_session;/);
  expect(conf).toMatch(/proxy_no_cache \$landing_session;/);
  expect(conf).toMatch(/proxy_ignore_headers Vary;/);
  expect(conf).toMatch(/upstream landing_shell \{\s*server shell:3000/);
});

test('remotes: manifests and entries never cached, hashed files immutable, precompressed files sent as they are', () => {
  const remoteConf = readFileSync(join(root, 'deploy/nginx-remote.conf'), 'utf8');
  expect(remoteConf).toMatch(/mf-manifest\\\.json\|remoteEntry\\\.js[\s\S]*?no-cache/);
  expect(remoteConf).toMatch(/immutable/);
  expect(remoteConf).toMatch(/gzip_static on;/);
  expect(remoteConf).toMatch(/X-Content-Type-Options nosniff/);
});

test("remotes: the shell's security headers on every location, and the standalone page cannot be framed", () => {
  const remoteConf = readFileSync(join(root, 'deploy/nginx-remote.conf'), 'utf8');
  // nginx drops inherited add_header lines in a location that has its own: each location repeats them.
  const blocks = remoteConf.split(/\n\s*location /).slice(1);
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  for (const block of blocks) {
    for (const header of ['X-Content-Type-Options nosniff', 'Referrer-Policy', 'Permissions-Policy', 'Strict-Transport-Security']) {
      expect(block).toContain(header);
    }
  }
  expect(remoteConf).toMatch(/location ~ index\\.html\$ \{[^}]*frame-ancestors 'none'/);
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

test('the deployed API has no development features: the image runs NODE_ENV=production, neither compose file sets DEV_FEATURES', () => {
  // The API ignores DEV_FEATURES in production and refuses it on 0.0.0.0 (api/src/lib/start-guards.ts).
  expect(stage('api')).toMatch(/NODE_ENV=production/);
  expect(dockerfile).not.toMatch(/DEV_FEATURES/);
  const staging = parse(readFileSync(join(root, 'docker-compose.staging.yml'), 'utf8'));
  for (const file of [compose, staging]) {
    const env = (file.services.api.environment ?? {}) as Record<string, string>;
    expect(env.DEV_FEATURES).toBeUndefined();
    expect(env.NODE_ENV ?? 'production').toBe('production');
  }
});

/**
 * @jest-environment node
 *
 * The app registry (shared/apps.mjs) is the one list of the apps. Files that cannot
 * import it — the compose files and the environments' JSON — are checked against it here, and so
 * is the rule that no other source file spells the list out again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { APPS, HOST, REMOTES, exposedModuleIds, findRemote, portEnvName, portOf } from '../shared/apps.mjs';
import { CONTRACT_MAJOR, EXPOSED_MODULE_IDS, REMOTE_NAMES } from '../shared/src/contracts';

const root = join(__dirname, '..');
type Service = {
  image?: string;
  volumes?: string[];
  ports?: string[];
  command?: string[];
  depends_on?: string[] | Record<string, unknown>;
};
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const envJson = (env: string, file: string) => JSON.parse(readFileSync(join(root, 'deploy', 'environments', env, file), 'utf8'));

test('every app of the registry has its package folder and rspack config', () => {
  for (const app of APPS) {
    expect(existsSync(join(root, app.folder, 'package.json'))).toBe(true);
    expect(existsSync(join(root, app.folder, 'rspack.config.mjs'))).toBe(true);
  }
  for (const r of REMOTES) for (const e of r.exposes) expect(existsSync(join(root, r.folder, 'src', 'exposes', `${e}.tsx`))).toBe(true);
});

test('every app folder is a package of the pnpm workspace', () => {
  const patterns = (parse(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] }).packages;
  const inWorkspace = (folder: string) => patterns.some((p) => p === folder || (p.endsWith('*') && folder.startsWith(p.slice(0, -1))));
  for (const app of APPS) expect(inWorkspace(app.folder)).toBe(true);
});

test('names, folders and ports are unique; ports move with PORT_OFFSET or their own variable', () => {
  expect(new Set(APPS.map((a) => a.name)).size).toBe(APPS.length);
  expect(new Set(APPS.map((a) => a.folder)).size).toBe(APPS.length);
  expect(new Set(APPS.map((a) => a.port)).size).toBe(APPS.length);
  const news = findRemote('mf-news')!;
  expect(findRemote('mf_news')).toBe(news);
  expect(portOf(news, { env: { PORT_OFFSET: '700' } })).toBe(news.port + 700);
  expect(portEnvName(news)).toBe('NEWS_PORT');
  expect(portOf(news, { env: { PORT_OFFSET: '700', NEWS_PORT: '9999' } })).toBe(9999);
  expect(portEnvName(HOST)).toBe('SHELL_PORT');
});

test('the contracts are derived from the registry', () => {
  expect(REMOTE_NAMES).toEqual(REMOTES.map((r) => r.name));
  expect(EXPOSED_MODULE_IDS).toEqual(exposedModuleIds());
  for (const r of REMOTES) expect(CONTRACT_MAJOR[r.name]).toBe(r.contract);
});

/** How docker-compose.yml publishes an app's port: its variable (scripts/docker/stack.mjs sets it from PORT_OFFSET), the registry's port by default. */
const published = (app: (typeof APPS)[number]) => `\${PUBLISH_IP:-127.0.0.1}:\${${portEnvName(app)}:-${app.port}}:80`;
/** The public origin of an app in docker-compose.yml's shell command. */
const publicOrigin = (app: (typeof APPS)[number]) => `http://localhost:\${${portEnvName(app)}:-${app.port}}`;

describe('docker-compose.yml matches the registry', () => {
  const shell = compose.services[HOST.folder]!;
  test.each(REMOTES.map((r) => [r.folder, r] as const))(
    '%s: nginx service on its port, its dist mounted, fetched by the shell',
    (_folder, r) => {
      const svc = compose.services[r.folder];
      expect(svc).toBeDefined();
      expect(svc!.ports).toEqual([published(r)]);
      expect(svc!.volumes).toContain(`./${r.folder}/dist:/usr/share/nginx/html:ro`);
      expect(shell.command).toContain(`--remote-origin=${publicOrigin(r)}=http://${r.folder}`);
      expect(shell.depends_on).toContain(r.folder);
    },
  );
  test('the shell on its port (through its load balancer shell-lb), and no remote service the registry does not list', () => {
    expect(shell.expose).toEqual([String(HOST.port)]);
    expect(compose.services['shell-lb'].ports).toEqual([published(HOST)]);
    const remoteLike = Object.keys(compose.services).filter((s) => s.startsWith('mf-'));
    expect(remoteLike.sort()).toEqual(REMOTES.map((r) => r.folder).sort());
  });
});

test.each(['docker', 'staging', 'production'])('environment %s lists exactly the registry remotes', (env) => {
  expect(Object.keys(envJson(env, 'remotes.json')).sort()).toEqual(REMOTES.map((r) => r.name).sort());
});

test('the docker environment gives each remote its registry port', () => {
  const manifestUrl = envJson('docker', 'environment.json').manifestUrl as Record<string, string>;
  for (const r of REMOTES) expect(manifestUrl[r.name]).toBe(`http://localhost:${r.port}/{version}/mf-manifest.json`);
});

/**
 * Source files that used to carry their own list of the remotes. None of them may list every
 * remote name again (one mention, e.g. in an example of a docstring, is fine). shared/src/contracts.ts
 * names each exposed module's props by design; tsc checks it against the registry
 * (REGISTRY_MATCHES_CONTRACTS).
 */
const FORMER_LISTS = [
  'shared/build/rspack.mjs',
  'scripts/ports.mjs',
  'scripts/serve.mjs',
  'scripts/dev.mjs',
  'scripts/lib/local-stack.mjs',
  'scripts/lib/remotes.mjs',
  'scripts/deploy.mjs',
  'scripts/check-contracts.mjs',
  'scripts/size-report.mjs',
  'scripts/monolith.mjs',
  'scripts/env-server.mjs',
  'eslint.config.mjs',
  'jest.config.mjs',
  'playwright.config.ts',
  ...APPS.map((a) => `${a.folder}/rspack.config.mjs`),
];

test.each(FORMER_LISTS)('%s does not list the remotes again', (file) => {
  const text = readFileSync(join(root, file), 'utf8');
  const named = REMOTES.filter((r) => text.includes(r.name) || text.includes(`'${r.folder}'`));
  expect(named.length).toBeLessThan(REMOTES.length);
});

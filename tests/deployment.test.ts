/**
 * @jest-environment node
 *
 * docker-compose.yml, the Dockerfile and the nginx configs as files: their structure, and the
 * edge cache's reading of requests against the page server's. The composition itself runs in
 * the docker suite (`npm run test:docker`, e2e-docker/; docs/DOCKER.md); these checks make a
 * broken edit fail `npm test` first.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LOCALE_CODES } from '@landing/shared';
import { bucketOf } from '../shell/src/server/environment/canary';
import { languageOf } from '../shell/src/server/pages/page-route';
import { createSessionChecker } from '../shell/src/server/pages/session';

const root = join(__dirname, '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
const remotes = ['mf-auth', 'mf-news', 'mf-bets', 'mf-leaderboard'];
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const edgeConf = readFileSync(join(root, 'deploy/nginx-shell.conf'), 'utf8');
const apiConf = readFileSync(join(root, 'deploy/nginx-api.conf'), 'utf8');
const remoteConf = readFileSync(join(root, 'deploy/nginx-remote.conf'), 'utf8');

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
  expect(Object.keys(compose.services)).toEqual(
    expect.arrayContaining(['api', 'api-lb', 'postgres', 'shell', 'shell-lb', 'mailcatcher', ...remotes]),
  );
});

test('public images by default; a variable names a stand-in where one cannot be pulled', () => {
  const images = Object.fromEntries(Object.entries(compose.services).map(([name, svc]) => [name, (svc as { image: string }).image]));
  expect(images.postgres).toBe('${POSTGRES_IMAGE:-postgres:16-alpine}');
  expect(images.mailcatcher).toBe('${MAILPIT_IMAGE:-axllent/mailpit:latest}');
  for (const name of ['api-lb', 'shell-lb', ...remotes]) expect(images[name]).toBe('${NGINX_IMAGE:-nginx:1.27-alpine}');
  expect(images.api).toBe('${API_IMAGE:-football-landing/api:latest}');
  expect(images.shell).toBe('${SHELL_IMAGE:-football-landing/shell:latest}');
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
  for (const name of ['api', 'shell']) {
    expect(compose.services[name].build).toEqual({ context: '.', target: name, args: { NODE_IMAGE: '${NODE_IMAGE:-node:24-slim}' } });
  }
});

test('each stand-in has its recipe in deploy/local-images, named by the same variables', async () => {
  const { BASE_IMAGES } = (await import('../scripts/docker/local-images.mjs')) as {
    BASE_IMAGES: Array<{ variable: string; image: string; standin: string; recipe: string }>;
  };
  const recipes = readdirSync(join(root, 'deploy', 'local-images'), { withFileTypes: true }).filter((d) => d.isDirectory());
  expect(BASE_IMAGES.map((b) => b.recipe).sort()).toEqual(recipes.map((d) => d.name).sort());
  const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  for (const base of BASE_IMAGES) {
    expect(text).toContain(`\${${base.variable}:-${base.image}}`);
    // A stand-in never takes a public name: the real image wins as soon as it can be had.
    expect(base.standin).toMatch(/^landing-local\//);
  }
});

test('the API uses PostgreSQL and waits for it', () => {
  const api = compose.services.api;
  expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  expect(api.depends_on.postgres.condition).toBe('service_healthy');
});

test('the API image runs the compiled build on Node 24 as the unprivileged node user', () => {
  expect(stages.map((s) => `${s.from} AS ${s.name}`)).toEqual([
    '${NODE_IMAGE} AS base',
    'base AS api-build',
    'base AS api',
    'base AS shell',
  ]);
  const [build, image] = [stage('api-build'), stage('api')];
  // pnpm 12 selects workspace packages for an install by name (a path selector with `...` selects none).
  expect(build).toMatch(/pnpm install --frozen-lockfile --filter "@landing\/api\.\.\."/);
  expect(build).toMatch(/RUN pnpm --filter @landing\/api run build/);
  expect(image).toMatch(/--prod --filter "@landing\/api\.\.\."/);
  expect(image).toMatch(/COPY --from=api-build \/app\/api\/dist api\/dist/);
  expect(image).toMatch(/COPY --from=api-build \/app\/domain\/dist domain\/dist/);
  expect(image).toMatch(/--conditions=landing-compiled/);
  expect(image).not.toMatch(/tsx/);
  expect(image).toMatch(/^USER node$/m);
  expect(image).toMatch(/CMD \["node", "dist\/main\.js"\]\s*$/);
  // The build the image runs is the one `pnpm --filter ./api run build` writes.
  const api = JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8'));
  expect(api.name).toBe('@landing/api');
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
  // Every stage starts from the Node image or from a stage above it.
  stages.forEach(({ from }, i) => {
    if (from !== '${NODE_IMAGE}') expect(stages.slice(0, i).map((s) => s.name)).toContain(from);
  });
  expect(stages[0]!.from).toBe('${NODE_IMAGE}');
});

test('each remote is served from its own dist on its own port', () => {
  remotes.forEach((r) => {
    expect(compose.services[r].volumes).toContain(`./${r}/dist:/usr/share/nginx/html:ro`);
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
  const image = stage('shell');
  expect(image).toMatch(/--prod --filter "@landing\/shell\.\.\."/);
  expect(image).toMatch(/^USER node$/m);
  expect(image).toMatch(/COPY shell\/dist shell\/dist/);
  expect(image).toMatch(/ENTRYPOINT \["node", "shell\/dist\/server\/index\.cjs"\]/);
  // a folder, not single files: deploy.mjs renames remotes.json atomically
  expect(shell.volumes).toContain('${LANDING_ENV_DIR:-./deploy/environments/docker}:/etc/landing-env:ro');
  const args = argsOf(shell.command);
  expect(args.get('remotes')).toEqual(['/etc/landing-env/remotes.json']);
  expect(args.get('config')).toEqual(['/etc/landing-env/config.json']);
  // Two replicas behind shell-lb, which alone is published.
  expect(shell.ports).toBeUndefined();
  expect(shell.deploy.replicas).toBeGreaterThanOrEqual(2);
  const map = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/remotes.json'), 'utf8'));
  for (const name of ['mf_auth', 'mf_news', 'mf_bets', 'mf_leaderboard']) {
    expect(map[name]).toMatch(/^http:\/\/localhost:300\d\/\d+\.\d+\.\d+\/mf-manifest\.json$/);
  }
});

test('the SSR server reaches every remote and the API by service name (public URLs do not resolve in a container)', () => {
  const args = argsOf(compose.services.shell.command);
  const fill = (s: string) => s.replace(/\$\{[A-Z_]+:-([^}]+)\}/g, '$1');
  const mapped = new Map((args.get('remote-origin') ?? []).map((pair) => fill(pair).split('=') as [string, string]));
  const map = JSON.parse(readFileSync(join(root, 'deploy/environments/docker/remotes.json'), 'utf8')) as Record<string, string>;
  for (const url of Object.values(map)) {
    const origin = new URL(url).origin;
    const target = new URL(mapped.get(origin)!);
    const service = compose.services[target.hostname];
    expect(service).toBeDefined();
    // that service publishes the public port on port 80, where the server fetches it
    expect(service.ports.map(fill)).toContain(`127.0.0.1:${new URL(origin).port}:80`);
  }
  const internal = new URL(args.get('api-internal')![0]!.replace('{server}', 'royal'));
  expect(internal.hostname).toBe('api-lb');
  expect(compose.services.shell.depends_on).toEqual(expect.arrayContaining(['api-lb', ...remotes]));
});

/** A `map` of the edge config: its regex entries (source, value) in order, and its default. */
function edgeMap(variable: string): { entries: Array<[RegExp, string]>; fallback: string } {
  const block = new RegExp(`map \\S+ \\$${variable} \\{([\\s\\S]*?)\\n\\}`).exec(edgeConf)![1]!;
  const entries: Array<[RegExp, string]> = [];
  let fallback = '';
  for (const line of block.split('\n').map((l) => l.trim())) {
    const def = /^default (\S+);$/.exec(line);
    if (def) fallback = def[1]!.replace(/^"(.*)"$/, '$1');
    const m = /^"~(\*?)(.+)" (\S+);$/.exec(line);
    // nginx's PCRE and JavaScript read these patterns alike; (?<name>) captures are named the same.
    if (m) entries.push([new RegExp(m[2]!, m[1] ? 'i' : ''), m[3]!]);
  }
  return { entries, fallback };
}

/** What nginx's `map` gives for `input`: the first regex that matches, its value with captures filled in. */
function mapValue(variable: string, input: string): string {
  const { entries, fallback } = edgeMap(variable);
  for (const [re, value] of entries) {
    const m = re.exec(input);
    if (m) return value.replace(/\$(\w+)/g, (_, k: string) => (/^\d+$/.test(k) ? m[Number(k)]! : m.groups![k]!) ?? '');
  }
  return fallback;
}

/** The edge's language for a Cookie header: its two maps in turn. */
const edgeLanguage = (cookie: string) => mapValue('landing_lang', mapValue('landing_lang_cookie', cookie));

/** Cookie headers that name the language cookie in every odd way we know of, plus random ones. */
function cookieCorpus(): string[] {
  const fixed = [
    '',
    'i18n_redirected=de',
    'i18n_redirected\t=de',
    'I18N_REDIRECTED=en; i18n_redirected=de',
    'I18N_REDIRECTED=de',
    'i18n_redirected=DE',
    'i18n_redirected=d%65',
    'i18n_redirected="de"',
    'i18n_redirected=',
    'i18n_redirected=fr; i18n_redirected=de',
    'i18n_redirected=xx; i18n_redirected=de',
    'a=1;\t i18n_redirected = tr \t; b=2',
    'flag; i18n_redirected=it',
    'x_i18n_redirected=de; i18n_redirected=it',
    'i18n_redirected_x=de',
    'a=1, i18n_redirected=de',
    'a="x;i18n_redirected=pl"',
    ' i18n_redirected=ru',
    'i18n_redirected=ru;',
    ';;i18n_redirected=pl',
    'i18n_redirected=de=1',
  ];
  // Random headers from the pieces above (a fixed seed: the same corpus every run).
  const pieces = ['i18n_redirected', 'I18n_redirected', 'i18n_redirected ', '\ti18n_redirected', 'auth.royal._token.local', 'x', ''];
  const values = ['de', 'en', ' fr', 'tr\t', 'DE', 'd%65', '', 'pl;', 'xx'];
  const glue = ['; ', ';', ';\t', ', ', '; ;'];
  let seed = 7;
  const pick = <T>(xs: T[]) => xs[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % xs.length]!;
  const random = Array.from({ length: 400 }, () =>
    Array.from({ length: 1 + (seed % 4) }, () => `${pick(pieces)}${pick(['=', ' =', '= ', ''])}${pick(values)}`).join(pick(glue)),
  );
  return [...fixed, ...random];
}

test('the edge reads the language cookie exactly as the page server does', () => {
  // nginx's own $cookie_ lookup matches the name in any case and stops at a tab: not used.
  expect(edgeConf.replace(/#.*$/gm, '')).not.toMatch(/\$cookie_i18n_redirected/);
  expect(edgeConf).toMatch(/proxy_cache_key "[^"]*\$request_uri[^"]*\$landing_lang[^"]*\$landing_encoding"/);
  // the page server is sent the one Cookie header the key was made from
  expect(edgeConf).toMatch(/proxy_set_header Cookie \$http_cookie;/);
  for (const cookie of cookieCorpus()) {
    expect([cookie, edgeLanguage(cookie)]).toEqual([cookie, languageOf(cookie || undefined)]);
  }
  for (const code of LOCALE_CODES) expect(edgeLanguage(`i18n_redirected=${code}`)).toBe(code);
});

test("the edge treats every request the page server renders for a player as a player's", () => {
  const sessions = createSessionChecker(() => 'http://127.0.0.1:9');
  for (const cookie of cookieCorpus().concat([
    'auth.royal._token.local=abc',
    'AUTH.royal._token.local=abc',
    'auth.classic._token.local =x',
  ])) {
    const server = sessions.hasSessionCookie(cookie, 'royal') || sessions.hasSessionCookie(cookie, 'classic');
    // The edge may pass more by (a render), never fewer (another's page).
    if (server) expect([cookie, mapValue('landing_session', cookie)]).toEqual([cookie, '1']);
  }
  expect(mapValue('landing_session', 'i18n_redirected=de; auth.royal._token.uid=7')).toBe('0');
  expect(edgeConf).toMatch(/proxy_cache_bypass \$landing_session;/);
  expect(edgeConf).toMatch(/proxy_no_cache \$landing_session;/);
});

test('the edge passes every request with a canary bucket to the page servers: its composition is theirs to choose', () => {
  // The page server composes by the bucket it reads (canary.ts bucketOf); the edge may pass more by.
  for (const cookie of cookieCorpus().concat([
    'mf_bucket=42',
    'i18n_redirected=de; mf_bucket=9999',
    'mf_bucket =7',
    'MF_BUCKET=7',
    'a=1;\tmf_bucket=0',
    'mf_bucket=x',
  ])) {
    if (bucketOf(cookie) !== null) expect([cookie, mapValue('landing_session', cookie)]).toEqual([cookie, '1']);
  }
  expect(mapValue('landing_session', 'mf_bucket=42')).toBe('1');
  expect(mapValue('landing_session', 'x_mf_bucket=42; i18n_redirected=de')).toBe('0');
});

test('the edge stores one copy per coding and sends the page server only that coding', () => {
  const coding = (offer: string) =>
    mapValue('landing_encoding', mapValue('landing_offers_br', offer) + mapValue('landing_offers_gzip', offer));
  expect(coding('br, gzip')).toBe('br');
  expect(coding('gzip, deflate, br')).toBe('br');
  expect(coding('gzip')).toBe('gzip');
  expect(coding('br;q=0, gzip')).toBe('gzip');
  expect(coding('br;q=0.0, gzip;q=0')).toBe('');
  expect(coding('br;q=0.5')).toBe('br');
  expect(coding('')).toBe('');
  expect(coding('identity')).toBe('');
  expect(coding('x-gzip-not')).toBe('');
  expect(edgeConf).toMatch(/proxy_set_header Accept-Encoding \$landing_encoding;/);
  expect(edgeConf).toMatch(/proxy_ignore_headers Vary;/);
});

test('the balancers find the replicas through Docker DNS at each request and name the one that answered /health', () => {
  expect(compose.services['shell-lb'].volumes).toContain('./deploy/nginx-shell.conf:/etc/nginx/conf.d/default.conf:ro');
  expect(compose.services['api-lb'].volumes).toContain('./deploy/nginx-api.conf:/etc/nginx/conf.d/default.conf:ro');
  for (const [conf, upstream] of [
    [edgeConf, 'http://shell:3000'],
    [apiConf, 'http://api:4000'],
  ] as const) {
    expect(conf).toMatch(/resolver 127\.0\.0\.11 valid=1s/);
    const variable = new RegExp(`set \\$(\\w+) ${upstream.replaceAll('/', '\\/')};`).exec(conf)![1]!;
    expect(conf.match(new RegExp(`proxy_pass \\$${variable};`, 'g'))!.length).toBe(2);
    expect(conf).toMatch(/location = \/health \{[^}]*add_header X-Upstream \$upstream_addr always;/);
  }
});

test('remotes: manifests and entries never cached, hashed files immutable, precompressed files sent as they are', () => {
  expect(remoteConf).toMatch(/mf-manifest\\\.json\|remoteEntry\\\.js[\s\S]*?no-cache/);
  expect(remoteConf).toMatch(/immutable/);
  expect(remoteConf).toMatch(/gzip_static on;/);
  expect(remoteConf).toMatch(/X-Content-Type-Options nosniff/);
  // nginx reads `{` as the start of a block: a regex with a quantifier must be quoted.
  for (const [, regex] of remoteConf.matchAll(/location ~\*? ([^"\s]\S*) \{/g)) expect(regex).not.toMatch(/\{/);
});

test("remotes: the shell's security headers on every location, and the standalone page cannot be framed", () => {
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
  expect(compose.services['api-lb'].ports).toEqual(['${PUBLISH_IP:-127.0.0.1}:${API_PORT:-4000}:80']);
  expect(apiConf).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
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

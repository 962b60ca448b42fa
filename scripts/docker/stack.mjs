/**
 * docker-compose.yml brought up and down from the repository (scripts/docker/cli.mjs,
 * docs/DOCKER.md): its ports from PORT_OFFSET, the environment folder the page servers read,
 * the project's images, compose itself, and the wait until the site answers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { HOST, REMOTES, portEnvName, portOf } from '../../shared/apps.mjs';
import { buildKitCli, composeCommand, must } from './engine.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The docker environment's tracked folder (remotes.json, config.json, environment.json). */
const TRACKED_ENV = join(root, 'deploy', 'environments', 'docker');

/**
 * The published ports of a composition at `offset` (each base port + offset).
 * @param {number} offset PORT_OFFSET
 * @returns {Record<string, number>} compose variable (SHELL_PORT, NEWS_PORT, …, API_PORT, MAIL_UI_PORT) → port
 */
function portsAt(offset) {
  const env = { PORT_OFFSET: String(offset) };
  const ports = { [portEnvName(HOST)]: portOf(HOST, { env }) };
  for (const r of REMOTES) ports[portEnvName(r)] = portOf(r, { env });
  ports.API_PORT = 4000 + offset;
  ports.MAIL_UI_PORT = 8025 + offset;
  return ports;
}

/**
 * The environments folder of a composition (scripts/deploy.mjs `--envs-dir`; its `docker/`
 * subfolder is mounted into the page servers). Offset 0 uses the tracked deploy/environments.
 * Another offset gets a copy under .data/docker/envs-<offset>/ with every localhost URL moved by
 * the offset, made once (deploys made into it stay) or again with `fresh`.
 * @param {number} offset
 * @param {{ fresh?: boolean }} [o]
 * @returns {string} absolute path of the environments folder
 */
export function environmentsAt(offset, { fresh = false } = {}) {
  if (offset === 0) return join(root, 'deploy', 'environments');
  const envs = join(root, '.data', 'docker', `envs-${offset}`);
  const dir = join(envs, 'docker');
  if (existsSync(join(dir, 'remotes.json')) && !fresh) return envs;
  mkdirSync(dir, { recursive: true });
  const known = new Set(Object.values(portsAt(0)));
  for (const file of readdirSync(TRACKED_ENV).filter((f) => f.endsWith('.json') && f !== 'history.json')) {
    const text = readFileSync(join(TRACKED_ENV, file), 'utf8').replace(/localhost:(\d+)/g, (m, port) =>
      known.has(Number(port)) ? `localhost:${Number(port) + offset}` : m,
    );
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, 'history.json'), '[]\n');
  return envs;
}

/**
 * Everything a composition at `offset` is run with: compose's command, project name and
 * variables.
 * @param {{ offset: number, project: string, images: Record<string, string>, envsDir: string, tag?: string }} o
 *   images: the base image variables (local-images.mjs); tag: of the project's images (default `latest`)
 */
export function stackOf({ offset, project, images, envsDir, tag = 'latest' }) {
  const compose = composeCommand();
  const env = {
    ...process.env,
    ...images,
    ...Object.fromEntries(Object.entries(portsAt(offset)).map(([k, v]) => [k, String(v)])),
    API_IMAGE: `football-landing/api:${tag}`,
    SHELL_IMAGE: `football-landing/shell:${tag}`,
    LANDING_ENV_DIR: join(envsDir, 'docker'),
  };
  return {
    offset,
    project,
    env,
    envsDir,
    compose,
    ports: portsAt(offset),
    /** Runs compose with `args` for this project; throws on failure. */
    run(args, opts = {}) {
      must(compose.cmd, [...compose.args, '-p', project, '-f', join(root, 'docker-compose.yml'), ...args], { cwd: root, env, ...opts });
    },
  };
}

/** Whether the front end is built: the page server bundle and every remote's version folder. */
function frontEndBuilt() {
  if (!existsSync(join(root, 'shell', 'dist', 'server', 'index.cjs'))) return false;
  return REMOTES.every((r) => {
    const version = JSON.parse(readFileSync(join(root, r.folder, 'package.json'), 'utf8')).version;
    return existsSync(join(root, r.folder, 'dist', version, 'mf-manifest.json'));
  });
}

/**
 * The project's images (Dockerfile targets `api` and `shell`), built on the base images; the
 * front end is built first on the host (`pnpm run build`), as `npm start` does, or only when it
 * is missing (`frontEnd: 'if-missing'`: a build made just before is reused).
 * @param {{ images: Record<string, string>, tag?: string, targets?: string[], frontEnd?: 'always' | 'if-missing' }} o
 */
export function buildProjectImages({ images, tag = 'latest', targets = ['api', 'shell'], frontEnd = 'always' }) {
  if (frontEnd === 'always' || !frontEndBuilt()) {
    console.log('› building the front end (pnpm run build)');
    must('pnpm', ['run', 'build'], { cwd: root });
  }
  const { cmd, env } = buildKitCli();
  const nodeImage = images.NODE_IMAGE ?? 'node:24-slim';
  for (const target of targets) {
    const t0 = Date.now();
    console.log(`› football-landing/${target}:${tag} (Dockerfile target ${target}, on ${nodeImage})`);
    must(
      cmd,
      ['build', '--quiet', '--target', target, '--build-arg', `NODE_IMAGE=${nodeImage}`, '--tag', `football-landing/${target}:${tag}`, '.'],
      { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    console.log(`  built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

/**
 * Waits until `url` answers 200 (a page through the edge, the API through its balancer).
 * @param {string} url
 * @param {number} timeoutMs
 * @throws Error past the timeout, with the last status or error
 */
export async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(/** @type {Error} */ (e).cause ?? e);
    }
    await sleep(1000);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/**
 * Brings the composition up (images already built) and waits for the site and the API.
 * @param {ReturnType<typeof stackOf>} stack
 * @param {{ timeoutMs?: number }} [o] how long the site may take (ms, default 180 000)
 */
export async function up(stack, { timeoutMs = 180_000 } = {}) {
  stack.run(['up', '-d', '--no-build', '--remove-orphans']);
  await waitFor(`http://127.0.0.1:${stack.ports.API_PORT}/health`, timeoutMs);
  await waitFor(`http://127.0.0.1:${stack.ports.SHELL_PORT}/royal`, timeoutMs);
}

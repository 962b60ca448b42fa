/**
 * The environment folder of a local deployment (scripts/serve.mjs, scripts/dev.mjs): the origins of
 * the local servers, config.json and remotes.json, written where the page servers re-read them.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from '../../shared/apps.mjs';
import { ports } from '../ports.mjs';
import { packageVersion, pinLocalBuilds, repoRoot } from './remotes.mjs';

/** Host name every local server listens on and every local URL uses (HOST, default localhost). */
export const host = process.env.HOST ?? 'localhost';
/** Folder of local state: the API's PGlite database, local environments (DATA_DIR, default .data). */
export const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
/** Origin of a local port. */
export const originOf = (port) => `http://${host}:${port}`;
const apiOrigin = originOf(ports.api);

/**
 * config.json of a local environment. Outside production, testers may pin remotes from the
 * remotes' own local origins (`trustedRemoteOrigins`) — that is also how one remote runs
 * in development inside the production composition (`npm run dev -- mf-news`).
 * LANDING_PRODUCTION=1 is the environment guard: production, and no override origin at all.
 * @param {{ environment?: string, production?: boolean }} [o]
 */
export function localConfig({
  environment = process.env.LANDING_ENV ?? 'local',
  production = process.env.LANDING_PRODUCTION === '1',
} = {}) {
  return {
    environment,
    production,
    trustedRemoteOrigins: production ? [] : REMOTES.map((r) => originOf(ports[r.name])),
    apiBaseTemplate: process.env.API_BASE_TEMPLATE ?? `${apiOrigin}/{server}`,
    gameUrlTemplate: process.env.GAME_URL_TEMPLATE ?? 'https://{server}.game.example/',
    cdnBase: process.env.CDN_BASE ?? `${originOf(ports.shell)}/cdn`,
  };
}

/**
 * remotes.json of the built remotes: each remote built in `<remote>/dist/<version>/` (version
 * from its package.json) at `http://host:<its port>/<version>/mf-manifest.json`; REMOTES_FILE
 * (an environment's remotes.json, see scripts/deploy.mjs) replaces it.
 * @returns {Record<string, string>}
 */
export function builtRemotesMap() {
  if (process.env.REMOTES_FILE) return JSON.parse(readFileSync(process.env.REMOTES_FILE, 'utf8'));
  const map = {};
  for (const r of REMOTES) {
    const dir = join(repoRoot, r.folder);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const version = packageVersion(dir);
    if (existsSync(join(dir, 'dist', version, 'mf-manifest.json'))) map[r.name] = `${originOf(ports[r.name])}/${version}/mf-manifest.json`;
  }
  return map;
}

/** The development build's manifest URL of a remote (its dev server serves it at the root). */
export const devManifestUrl = (remote) => `${originOf(ports[remote.name])}/mf-manifest.json`;

/**
 * Writes a file when its content changed (servers that re-read it see only real changes).
 * @returns {boolean} whether it was written
 */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

/**
 * Writes an environment folder (`remotes.json`, `config.json`) that the page servers read
 * again when it changes (within 1 s: shell/src/server/environment/environment.ts); remotes served from their local build are pinned (scripts/lib/remotes.mjs
 * pinLocalBuilds). Once a deploy step changed the environment (its history.json exists:
 * `node scripts/deploy.mjs use|canary|… local …`), remotes.json is the deploy's and is left alone.
 * @param {string} dir
 * @param {{ remotes: Record<string, string>, config: object }} env
 */
export function writeEnvironment(dir, { remotes, config }) {
  mkdirSync(dir, { recursive: true });
  // With the SHA-256 pins of the local builds' server code, as scripts/deploy.mjs writes them.
  const pinned = pinLocalBuilds(remotes, (r, version) => `${originOf(ports[r.name])}/${version}/mf-manifest.json`);
  if (!existsSync(join(dir, 'history.json'))) writeIfChanged(join(dir, 'remotes.json'), JSON.stringify(pinned, null, 2));
  writeIfChanged(join(dir, 'config.json'), JSON.stringify(config));
}

/**
 * Makes the local environment a deploy environment named `local` (docs/OPERATIONS.md), starting
 * from the local builds: `environment.json` (each remote's versions on its local port, published
 * where its builds are, `<remote>/dist/<version>/`; the telemetry API; a canary policy for a local
 * machine's traffic) and no history yet. `node scripts/deploy.mjs … local …` then works on it.
 * @param {string} dir  the environment folder (DATA_DIR/local)
 * @param {{ apiOrigin: string, opsToken: string }} o  the local API and the operations credential
 *   (written to `.ops-token`, readable by its owner only, for deploy.mjs status and the guard)
 */
export function resetDeployEnvironment(dir, { apiOrigin, opsToken }) {
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, 'history.json'), { force: true });
  rmSync(join(dir, 'remotes.json'), { force: true });
  const manifestUrl = Object.fromEntries(REMOTES.map((r) => [r.name, `${originOf(ports[r.name])}/{version}/mf-manifest.json`]));
  const settings = {
    name: 'local',
    production: process.env.LANDING_PRODUCTION === '1',
    manifestUrl,
    staticRoot: '{remote}/dist',
    telemetry: { api: apiOrigin },
    // One person clicking around: a smaller sample than production's default (scripts/lib/canary.mjs).
    canaryPolicy: { minPageViews: Number(process.env.CANARY_MIN_PAGE_VIEWS ?? 20) },
  };
  writeFileSync(join(dir, 'environment.json'), `${JSON.stringify(settings, null, 2)}\n`);
  writeFileSync(join(dir, '.ops-token'), `${opsToken}\n`, { mode: 0o600 });
}

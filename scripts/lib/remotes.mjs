/**
 * The remotes of the repo as the delivery scripts see them (scripts/deploy.mjs,
 * scripts/check-contracts.mjs, scripts/size-report.mjs): the app registry's remotes
 * (shared/apps.mjs) with their folders, the exposes their build really declares, the version
 * they build as.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REMOTES, findRemote } from '../../shared/apps.mjs';

/** Repository root (absolute). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Resolves a remote given as MF name (`mf_news`) or folder (`mf-news`).
 * @returns {{ name: string, folder: string, dir: string }} `dir` is absolute
 * @throws Error for a remote the registry does not list
 */
export function resolveRemote(id) {
  const remote = findRemote(id);
  if (!remote)
    throw new Error(
      `unknown remote "${id}" (known: ${REMOTES.map((r) => `${r.folder} / ${r.name}`).join(', ')}; the list is shared/apps.mjs)`,
    );
  return { name: remote.name, folder: remote.folder, dir: join(repoRoot, remote.folder) };
}

/** Every remote of the registry, including those whose package is not written yet (`exists: false`). */
export function allRemotes() {
  return REMOTES.map((r) => {
    const resolved = resolveRemote(r.name);
    return { ...resolved, exists: existsSync(join(resolved.dir, 'rspack.config.mjs')) };
  });
}

/** Version in a package's package.json. */
export function packageVersion(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/**
 * The `exposes` map a remote's rspack config gives its ModuleFederationPlugin
 * (in mf-news: `./NewsList` → mf-news/src/exposes/NewsList.tsx). Loads the config module itself, so what is
 * checked is exactly what is built.
 * @param {string} dir remote folder (absolute) containing rspack.config.mjs
 */
export async function exposesOf(dir) {
  const mod = await import(pathToFileURL(join(dir, 'rspack.config.mjs')).href);
  const config = mod.default;
  const plugins = Array.isArray(config) ? config.flatMap((c) => c.plugins ?? []) : (config.plugins ?? []);
  for (const p of plugins) {
    const options = p?._options ?? p?.options;
    if (options && typeof options === 'object' && 'exposes' in options && options.exposes) return { ...options.exposes };
  }
  return {};
}

/** Key of the pins in remotes.json, beside the remote names (shell/src/server/federation/remote-trust.ts). */
const INTEGRITY_KEY = 'integrity';

/**
 * SHA-256 pins of a remote build's server code, the shape of remotes.json `integrity.<remote>`
 * that the page server checks before it runs the code (shell/src/server/federation/remote-trust.ts): every
 * file of the server build (the folder of `metaData.ssrRemoteEntry` in the manifest, `server/`),
 * precompressed `.gz` / `.br` copies aside, as path relative to the version folder →
 * `sha256-<base64>`, sorted by path.
 * @param {string} versionDir a built or published version folder (`…/<version>/`, with mf-manifest.json)
 * @returns {Record<string, string> | null} null when there is no manifest or no server build
 */
export function serverIntegrity(versionDir) {
  const manifestFile = join(versionDir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return null;
  const ssr = JSON.parse(readFileSync(manifestFile, 'utf8')).metaData?.ssrRemoteEntry;
  if (!ssr?.name || !existsSync(join(versionDir, ssr.path ?? '', ssr.name))) return null;
  const files = readdirSync(join(versionDir, ssr.path ?? ''), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !/\.(gz|br)$/.test(f.name))
    .map((f) => join(f.parentPath, f.name))
    .map((file) => [relative(versionDir, file).split(sep).join('/'), file])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(
    files.map(([path, file]) => [path, `sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}`]),
  );
}

/**
 * remotes.json with the pins of `name` replaced: `pins` set, or removed when null (a remotes.json
 * without any pin has no `integrity` key, as older environments).
 * @param {Record<string, unknown>} remotes remotes.json as read
 * @param {string} name remote (MF name)
 * @param {Record<string, string> | null} pins see {@link serverIntegrity}
 */
export function withPins(remotes, name, pins) {
  const { [INTEGRITY_KEY]: integrity = {}, ...rest } = remotes;
  const { [name]: _old, ...others } = integrity;
  const next = pins ? { ...others, [name]: pins } : others;
  return Object.keys(next).length ? { ...rest, [INTEGRITY_KEY]: next } : rest;
}

/** The remote → manifest URL entries of a remotes.json (its `integrity` aside). */
export function remoteUrls(remotes) {
  return Object.fromEntries(Object.entries(remotes).filter(([key, url]) => key !== INTEGRITY_KEY && typeof url === 'string'));
}

/**
 * `remotes` (a remotes.json) with the pins of every remote that it points at its local build:
 * URL `urlOf(remote, version)` (version from its package.json), files in
 * `<folder>/dist/<version>/` (see {@link serverIntegrity}). Pins already in `remotes` are kept.
 * The local stack writes its environment through this, so `npm start` runs pinned server code.
 * @param {Record<string, unknown>} remotes
 * @param {(remote: { name: string, folder: string }, version: string) => string} urlOf
 */
export function pinLocalBuilds(remotes, urlOf) {
  let out = remotes;
  for (const r of allRemotes()) {
    if (!r.exists) continue;
    const version = packageVersion(r.dir);
    if (remotes[r.name] !== urlOf(r, version) || remotes[INTEGRITY_KEY]?.[r.name]) continue;
    const pins = serverIntegrity(join(r.dir, 'dist', version));
    if (pins) out = withPins(out, r.name, pins);
  }
  return out;
}

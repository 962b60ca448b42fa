/**
 * The remotes of the repo as the delivery scripts see them (scripts/deploy.mjs,
 * scripts/check-contracts.mjs, scripts/size-report.mjs): the app registry's remotes
 * (shared/apps.mjs) with their folders, the exposes their build really declares, the version
 * they build as.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
 * (`./NewsList` → `./src/exposes/NewsList.tsx`). Loads the config module itself, so what is
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

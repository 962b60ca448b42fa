/**
 * The remotes of the repo as the delivery scripts see them (scripts/deploy.mjs,
 * scripts/check-contracts.mjs, scripts/size-report.mjs): Module Federation name ↔ folder, the
 * exposes declared in each remote's rspack.config.mjs, the version it builds as.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { remoteDirs } from '../ports.mjs';

/** Repository root (absolute). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Resolves a remote given as MF name (`mf_news`) or folder (`mf-news`).
 * @returns {{ name: string, folder: string, dir: string }} `dir` is absolute
 * @throws Error for an unknown remote
 */
export function resolveRemote(id) {
  for (const [name, folder] of Object.entries(remoteDirs)) {
    if (id === name || id === folder) return { name, folder, dir: join(repoRoot, folder) };
  }
  throw new Error(`unknown remote "${id}" (known: ${Object.entries(remoteDirs).map(([n, f]) => `${f} / ${n}`).join(', ')})`);
}

/** Every remote of the repo, including those whose package is not written yet (`exists: false`). */
export function allRemotes() {
  return Object.keys(remoteDirs).map((name) => {
    const r = resolveRemote(name);
    return { ...r, exists: existsSync(join(r.dir, 'rspack.config.mjs')) };
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
  const plugins = Array.isArray(config) ? config.flatMap((c) => c.plugins ?? []) : config.plugins ?? [];
  for (const p of plugins) {
    const options = p?._options ?? p?.options;
    if (options && typeof options === 'object' && 'exposes' in options && options.exposes) return { ...options.exposes };
  }
  return {};
}

/**
 * The shared-singleton policy of every app build (shared/build/rspack.mjs, scripts/lib/shared-policy.mjs):
 * the singletons of the table (./singletons.mjs) at their installed versions, and the subset
 * entries of the big ones.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SINGLETONS } from './singletons.mjs';

/** Reads the version of a dependency as installed for `dir` (for `requiredVersion`). */
function installedVersion(dir, name) {
  const req = createRequire(join(dir, 'package.json'));
  const pkgPath = req.resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

/**
 * Shared packages that browsers get as a subset (shared/src/subsets/README.md): shared key →
 * `file`, the subset's name in shared/src/subsets/ (also the alias `@landing/impl/<file>` it
 * imports the package through), and `esm(production)`, the package's ESM build (path inside the
 * package). react-router's package `exports` always point to its development build, hence file paths.
 */
export const SHARED_SUBSETS = {
  'react-router': { file: 'react-router', esm: (production) => `dist/${production ? 'production' : 'development'}/index.mjs` },
  'react-i18next': { file: 'react-i18next', esm: () => 'dist/es/index.js' },
  '@tanstack/react-query': { file: 'react-query', esm: () => 'build/modern/index.js' },
  'react-hook-form': { file: 'react-hook-form', esm: () => 'dist/index.esm.mjs' },
};

/** Whether the app in `dir` shares `name`: always for the table's packages, for an `optional` one when the app depends on it. */
function sharesPackage(dir, name) {
  if (!('optional' in SINGLETONS[name])) return true;
  const dependencies = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {};
  return name in dependencies;
}

/** `resolve.alias` entries `@landing/impl/<file>` → the ESM file of each SHARED_SUBSETS package, as installed for `dir`. */
export function subsetAliases(dir, production) {
  const req = createRequire(join(dir, 'package.json'));
  const aliases = {};
  for (const [name, { file, esm }] of Object.entries(SHARED_SUBSETS)) {
    if (!sharesPackage(dir, name)) continue;
    aliases[`@landing/impl/${file}$`] = join(dirname(req.resolve(`${name}/package.json`)), esm(production));
  }
  return aliases;
}

/** Major range of an installed version, e.g. 19.3.1 → ^19.3.1 */
const caret = (v) => `^${v}`;

/**
 * Singletons every app shares. `requiredVersion` is the caret range of what this
 * app was built with; an incompatible major at run time is reported by the federation runtime
 * (console warning) and by the contract test, never silently duplicated.
 */
export function sharedSingletons(dir, { server = false } = {}) {
  const shared = {};
  const dependencies = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {};
  const optional = OPTIONAL_SHARED_PACKAGES.filter((name) => name in dependencies);
  for (const name of [...SHARED_PACKAGES, ...optional]) {
    if (server && !SINGLETONS[name].server) continue;
    const version = installedVersion(dir, name);
    // Server builds never bundle a copy: the shell's Node server provides every singleton.
    shared[name] = { singleton: true, requiredVersion: caret(version), version, ...(server ? { import: false } : {}) };
  }
  // The browser provides only the part of these packages that the apps use (shared/src/subsets/).
  if (!server) {
    const req = createRequire(join(dir, 'package.json'));
    for (const [name, { file }] of Object.entries(SHARED_SUBSETS)) {
      if (shared[name]) shared[name].import = req.resolve(`@landing/shared/subsets/${file}`);
    }
  }
  return withSubpaths(shared, server);
}

/** Adds the SHARED_SUBPATHS entries to `shared` (same singleton and version as their package). */
function withSubpaths(shared, server) {
  // Sub-path entry points of the same packages must share the same singleton.
  for (const [sub, pkg] of SHARED_SUBPATHS) {
    if (server && !SINGLETONS[sub].server) continue;
    shared[sub] = {
      singleton: true,
      requiredVersion: shared[pkg].requiredVersion,
      version: shared[pkg].version,
      ...(server ? { import: false } : {}),
    };
  }
  return shared;
}

const entries = Object.entries(SINGLETONS);
/** Packages shared as singletons by every app, in the browser and on the server (./singletons.mjs). */
export const SHARED_PACKAGES = entries.filter(([, s]) => !('of' in s) && !('optional' in s)).map(([key]) => key);
/** Packages shared by the apps that list them in their `dependencies` (./singletons.mjs, `optional`). */
export const OPTIONAL_SHARED_PACKAGES = entries.filter(([, s]) => 'optional' in s).map(([key]) => key);
/** Sub-path entries shared with their package's singleton: [entry, package]. */
export const SHARED_SUBPATHS = entries.flatMap(([key, s]) => ('of' in s ? [[key, s.of]] : []));

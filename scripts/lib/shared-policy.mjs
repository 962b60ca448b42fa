/**
 * Shared-dependency policy: every app shares the same singletons
 * (shared/build/rspack.mjs `sharedSingletons`), and a remote built against another major of one
 * of them is an error to report, never a second copy to load silently. Used by
 * `scripts/deploy.mjs publish` (refuses such a build) and tests/shared-deps.test.ts.
 */
import { join } from 'node:path';
import { sharedSingletons } from '../../shared/build/rspack.mjs';
import { repoRoot } from './remotes.mjs';

/** Singletons a remote must share (never bundle its own copy of). */
const REQUIRED_SHARED = ['react', 'react-dom', 'react/jsx-runtime', '@landing/shared'];

/** `19.3.1` → `19`, `0.17.1` → `0.17` (caret-range compatibility); null when unparsable. */
function compatMajor(version) {
  const m = /^\D*(\d+)\.(\d+)/.exec(String(version));
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2]}` : m[1];
}

/** Package name → version the shell is built with (what it provides at run time). */
export function shellSharedVersions() {
  const out = {};
  for (const [name, cfg] of Object.entries(sharedSingletons(join(repoRoot, 'shell')))) out[name] = cfg.version;
  return out;
}

/**
 * Problems of a built remote's mf-manifest.json against the shell's shared versions.
 * @param {{ name?: string, shared?: Array<{ name: string, version: string, singleton?: boolean }> }} manifest
 * @param {Record<string, string>} hostVersions  package name → version (see shellSharedVersions)
 * @returns {string[]} human-readable problems; empty when the remote is compatible
 */
export function sharedPolicyProblems(manifest, hostVersions) {
  const problems = [];
  const shared = Array.isArray(manifest?.shared) ? manifest.shared : [];
  const byName = new Map(shared.map((s) => [s.name, s]));
  for (const name of REQUIRED_SHARED) {
    if (!byName.has(name)) problems.push(`${manifest?.name ?? 'remote'} does not share ${name} (it would bundle a second copy)`);
  }
  for (const s of shared) {
    const host = hostVersions[s.name];
    if (!host) continue;
    if (s.singleton !== true) problems.push(`${manifest?.name ?? 'remote'} shares ${s.name} without singleton: true`);
    if (compatMajor(s.version) !== compatMajor(host)) {
      problems.push(`${manifest?.name ?? 'remote'} was built with ${s.name}@${s.version}, the shell provides ${host} (another major)`);
    }
  }
  return problems;
}

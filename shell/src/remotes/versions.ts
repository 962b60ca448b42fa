/**
 * Versions of remotes and of shared singletons: the version folder of a manifest URL, and the
 * comparison of a remote's shared singletons with the shell's (an incompatible major is reported
 * loudly; the shell's singleton is still the one used, docs/ARCHITECTURE.md "Delivery"). Pure
 * functions: the delivery runtime plugin (plugins/delivery.ts) and the composition page use them.
 */
import type { SharedMismatch } from './remote-info';

/**
 * Version folder of a manifest URL (`…/1.1.0/mf-manifest.json` → `1.1.0`), or null when the URL
 * does not follow the versioned layout.
 */
export function versionFromManifestUrl(url: string): string | null {
  const m = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url);
  return m ? m[1]! : null;
}

/** Major of a semver version for compatibility (`19.3.1` → `19`, `0.17.1` → `0.17`); null when unparsable. */
export function compatMajor(version: string): string | null {
  const m = /^\D*(\d+)\.(\d+)/.exec(version);
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2]}` : m[1]!;
}

/** Shared entry of a remote's mf-manifest.json (the fields used here). */
export interface ManifestShared {
  name: string;
  version: string;
  singleton?: boolean;
}

/**
 * Compares the majors of a remote's shared singletons with the shell's.
 * @param remote        remote name, for the report
 * @param remoteShared  `shared` of the remote's mf-manifest.json
 * @param hostVersions  package name → version the shell provides
 * @returns the packages whose major differs (empty when compatible)
 */
export function sharedMajorMismatches(
  remote: string,
  remoteShared: ManifestShared[],
  hostVersions: Record<string, string>,
): SharedMismatch[] {
  const out: SharedMismatch[] = [];
  for (const s of remoteShared) {
    const hostVersion = hostVersions[s.name];
    if (!hostVersion) continue;
    if (compatMajor(s.version) !== compatMajor(hostVersion)) out.push({ remote, name: s.name, remoteVersion: s.version, hostVersion });
  }
  return out;
}

/**
 * Versions of the shell's own shared packages (package name → version), from the `shared` of the
 * federation runtime's host options; empty when there are none.
 */
export function hostSharedVersions(shared: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!shared || typeof shared !== 'object') return out;
  for (const [name, entries] of Object.entries(shared as Record<string, unknown>)) {
    const list = (Array.isArray(entries) ? entries : [entries]) as Array<{ version?: unknown; from?: unknown }>;
    const own = list.find((e) => e?.from === 'shell') ?? list[0];
    if (own && typeof own.version === 'string') out[name] = own.version;
  }
  return out;
}

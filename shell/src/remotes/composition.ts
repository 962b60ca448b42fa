/**
 * What the composition status page shows (outside production; docs/ARCHITECTURE.md "Delivery"): for every remote the
 * page registered — the environment's remotes.json plus the tester overrides — its manifest URL,
 * the version it was built as, how long its manifest took to load in this browser, and the shared
 * singletons it was built with next to the shell's own, majors that differ flagged (the same rule
 * as the delivery plugin's loud report: {@link sharedMajorMismatches}).
 */
import type { RemoteName } from '@landing/shared';
import type { RemotesMap } from '@landing/shared';
import { sharedMajorMismatches, type ManifestShared } from './versions';

/** One shared package of a remote's build next to the shell's. */
interface SharedStatus {
  /** Package name, e.g. `react`. */
  name: string;
  /** Version the remote was built with (its mf-manifest.json). */
  version: string;
  /** Version the shell provides, or null when the shell does not share this package. */
  hostVersion: string | null;
  /** True when the majors differ (the shell's singleton is used anyway: rebuild the remote). */
  mismatch: boolean;
}

/** Status of one registered remote. */
export interface RemoteStatus {
  name: RemoteName;
  /** Manifest URL as registered (absolute). */
  manifestUrl: string;
  /** True when a tester override pinned this remote in this browser. */
  override: boolean;
  /** `metaData.buildInfo.buildVersion` of the manifest, or null when it could not be read. */
  version: string | null;
  /** Time (ms) from the request of the manifest to its parsed JSON, in this browser. */
  loadMs: number | null;
  shared: SharedStatus[];
  /** Why the manifest could not be read (HTTP status or network error), else null. */
  error: string | null;
}

/** Fields of mf-manifest.json read here. */
interface Manifest {
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: ManifestShared[];
}

/**
 * Loads every registered remote's manifest (no cache: the environment may just have changed) and
 * describes it. Never throws: a remote whose manifest fails has `error` set.
 * @param map           registered remotes (name → manifest URL, relative URLs against `base`)
 * @param overrides     the tester overrides among them
 * @param hostVersions  package name → version the shell shares
 * @param o.fetch       fetch to use (tests); o.now: clock in ms (default performance.now)
 * @returns one status per remote, in the order of `map`
 */
export async function readComposition(
  map: RemotesMap,
  overrides: RemotesMap,
  hostVersions: Record<string, string>,
  {
    fetch: fetchImpl = fetch,
    now = () => performance.now(),
    base = globalThis.location?.href ?? 'http://localhost/',
  }: { fetch?: typeof fetch; now?: () => number; base?: string } = {},
): Promise<RemoteStatus[]> {
  const entries = Object.entries(map) as Array<[RemoteName, string]>;
  return Promise.all(
    entries.map(async ([name, url]): Promise<RemoteStatus> => {
      const manifestUrl = new URL(url, base).toString();
      const status: RemoteStatus = { name, manifestUrl, override: name in overrides, version: null, loadMs: null, shared: [], error: null };
      const started = now();
      try {
        const res = await fetchImpl(manifestUrl, { cache: 'no-store' });
        if (!res.ok) return { ...status, error: `HTTP ${res.status}` };
        const manifest = (await res.json()) as Manifest;
        const remoteShared = Array.isArray(manifest.shared) ? manifest.shared : [];
        const mismatched = new Set(sharedMajorMismatches(name, remoteShared, hostVersions).map((m) => m.name));
        return {
          ...status,
          loadMs: Math.round(now() - started),
          version: manifest.metaData?.buildInfo?.buildVersion ?? null,
          shared: remoteShared
            .map((s) => ({ name: s.name, version: s.version, hostVersion: hostVersions[s.name] ?? null, mismatch: mismatched.has(s.name) }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        };
      } catch (e) {
        return { ...status, error: e instanceof Error ? e.message : String(e) };
      }
    }),
  );
}

/**
 * Finding remotes at run time (design brief §2, issue 7). The shell fetches the never-cached
 * `/remotes.json` of its environment (remote name → versioned manifest URL, written by
 * `scripts/deploy.mjs`) and registers the remotes with the Module Federation runtime before the
 * first load. Outside production a tester may pin one remote to another manifest for their own
 * browser (`?mf_override=mf_news@<url>`, kept in localStorage `mf-overrides`); the shell then
 * shows the override badge (OverrideBadge.tsx) with a one-click reset.
 *
 * When a remote's manifest arrives, the registry records the version it was built as (shown on
 * the slot as `data-remote-version` and in the badge) and compares the majors of its shared
 * singletons with the shell's: an incompatible major is reported loudly in the console (the
 * shell's copy is still the one used: singletons are never duplicated).
 */
import { registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { REMOTE_NAMES, type RemoteName } from '@landing/shared';

/** Contents of `remotes.json`: remote name → manifest URL (`…/<version>/mf-manifest.json`). */
export type RemotesMap = Partial<Record<RemoteName, string>>;

export const OVERRIDES_STORAGE_KEY = 'mf-overrides';
/** Query parameter of a tester override: `mf_override=<remote name>@<manifest url>` (repeatable). */
export const OVERRIDE_QUERY_PARAM = 'mf_override';

let registered: RemotesMap = {};

/** Load failures seen by the runtime, newest last (shown raw on the error page outside production). */
export const remoteFailures: Array<{ id: string; message: string; at: number }> = [];

/** A shared singleton whose major differs between a remote's build and the shell's. */
export interface SharedMismatch {
  remote: string;
  /** Package name, e.g. `react`. */
  name: string;
  /** Version the remote was built with (from its mf-manifest.json). */
  remoteVersion: string;
  /** Version the shell provides. */
  hostVersion: string;
}

/** What the shell knows about the remotes of this page; changes notify the subscribers. */
interface RemoteInfo {
  /** Remote name → version of the build whose manifest was loaded (`buildInfo.buildVersion`). */
  versions: Partial<Record<RemoteName, string>>;
  /** Tester overrides applied at start (always empty in production). */
  overrides: RemotesMap;
  /** Incompatible shared singletons reported so far. */
  sharedMismatches: SharedMismatch[];
}

let info: RemoteInfo = { versions: {}, overrides: {}, sharedMismatches: [] };
const listeners = new Set<() => void>();

function updateInfo(patch: Partial<RemoteInfo>): void {
  info = { ...info, ...patch };
  listeners.forEach((l) => l());
}

/** Subscribes to changes of {@link remoteInfo} (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeRemoteInfo(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current, immutable snapshot of the remotes' versions, overrides and shared mismatches. */
export function remoteInfo(): RemoteInfo {
  return info;
}

/** The remotes registered at start (after overrides). */
export function registeredRemotes(): RemotesMap {
  return registered;
}

/** Keeps only known remote names with http(s) or root-relative manifest URLs. */
export function sanitizeRemotesMap(input: unknown): RemotesMap {
  const out: RemotesMap = {};
  if (!input || typeof input !== 'object') return out;
  for (const [name, url] of Object.entries(input as Record<string, unknown>)) {
    if (!REMOTE_NAMES.includes(name as RemoteName) || typeof url !== 'string') continue;
    if (/^(https?:\/\/|\/)/.test(url)) out[name as RemoteName] = url;
  }
  return out;
}

/**
 * Version folder of a manifest URL (`…/1.1.0/mf-manifest.json` → `1.1.0`), or null when the URL
 * does not follow the versioned layout.
 */
export function versionFromManifestUrl(url: string): string | null {
  const m = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url);
  return m ? m[1]! : null;
}

/** Tester overrides (non-production only): query `mf_override=name@url` wins over localStorage. */
export function readOverrides(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): RemotesMap {
  let stored: RemotesMap;
  try {
    stored = sanitizeRemotesMap(JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '{}'));
  } catch {
    stored = {};
  }
  const params = new URLSearchParams(search);
  for (const value of params.getAll(OVERRIDE_QUERY_PARAM)) {
    const at = value.indexOf('@');
    if (at > 0) Object.assign(stored, sanitizeRemotesMap({ [value.slice(0, at)]: value.slice(at + 1) }));
  }
  if (params.has(OVERRIDE_QUERY_PARAM)) storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(stored));
  return stored;
}

/**
 * Ends the tester overrides of this browser: forgets `mf-overrides`, drops `mf_override` from the
 * address and reloads, so every remote comes from the environment's `remotes.json` again.
 */
export function clearOverrides(
  storage: Pick<Storage, 'removeItem'> | null = safeLocalStorage(),
  loc: Pick<Location, 'href' | 'replace'> = location,
): void {
  storage?.removeItem(OVERRIDES_STORAGE_KEY);
  const url = new URL(loc.href);
  url.searchParams.delete(OVERRIDE_QUERY_PARAM);
  loc.replace(url.toString());
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
 * Compares the majors of a remote's shared singletons with the shell's (design brief §2:
 * "incompatible versions are reported loudly, never silently duplicated").
 * @param remote        remote name, for the report
 * @param remoteShared  `shared` of the remote's mf-manifest.json
 * @param hostVersions  package name → version the shell provides
 * @returns the packages whose major differs (empty when compatible)
 */
export function sharedMajorMismatches(remote: string, remoteShared: ManifestShared[], hostVersions: Record<string, string>): SharedMismatch[] {
  const out: SharedMismatch[] = [];
  for (const s of remoteShared) {
    const hostVersion = hostVersions[s.name];
    if (!hostVersion) continue;
    if (compatMajor(s.version) !== compatMajor(hostVersion)) out.push({ remote, name: s.name, remoteVersion: s.version, hostVersion });
  }
  return out;
}

/** Versions of the shell's own shared packages, from the runtime's host options. */
function hostSharedVersions(shared: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!shared || typeof shared !== 'object') return out;
  for (const [name, entries] of Object.entries(shared as Record<string, unknown>)) {
    const list = (Array.isArray(entries) ? entries : [entries]) as Array<{ version?: unknown; from?: unknown }>;
    const own = list.find((e) => e?.from === 'shell') ?? list[0];
    if (own && typeof own.version === 'string') out[name] = own.version;
  }
  return out;
}

/**
 * `errorLoadRemote` hook (design brief §2): reports the failure loudly and lets the load reject,
 * so the slot's error boundary shows the translated fallback with a retry button.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-remote-fallback',
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args as { id: string; error: unknown; lifecycle?: string };
      const message = error instanceof Error ? error.message : String(error);
      remoteFailures.push({ id, message, at: Date.now() });
      console.error(`[remotes] ${id} could not be loaded (${lifecycle ?? 'load'}): ${message}`);
      return undefined;
    },
  };
}

/**
 * `loadRemoteSnapshot` hook: when a remote's manifest is loaded, records the version it was
 * built as and reports shared singletons of another major (`console.error`, kept in
 * `remoteInfo().sharedMismatches`). Never changes what the runtime loads.
 */
export function deliveryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-remote-delivery',
    loadRemoteSnapshot(args) {
      const { options, moduleInfo, manifestJson } = args as {
        options?: { shared?: unknown };
        moduleInfo?: { name?: string };
        manifestJson?: { name?: string; metaData?: { buildInfo?: { buildVersion?: string } }; shared?: ManifestShared[] };
      };
      const name = (moduleInfo?.name ?? manifestJson?.name) as RemoteName | undefined;
      if (name && manifestJson) {
        const version = manifestJson.metaData?.buildInfo?.buildVersion;
        const mismatches = sharedMajorMismatches(name, manifestJson.shared ?? [], hostSharedVersions(options?.shared));
        for (const m of mismatches) {
          console.error(
            `[remotes] ${m.remote} was built with ${m.name}@${m.remoteVersion}, the shell provides ${m.hostVersion} (another major): ` +
              `the shell's singleton is used, rebuild ${m.remote} against ${m.name}@${m.hostVersion}`,
          );
        }
        updateInfo({
          versions: version ? { ...info.versions, [name]: version } : info.versions,
          sharedMismatches: mismatches.length ? [...info.sharedMismatches, ...mismatches] : info.sharedMismatches,
        });
      }
      return args;
    },
  } as ModuleFederationRuntimePlugin;
}

function safeLocalStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * Fetches `/remotes.json` (no-cache), applies tester overrides outside production and registers
 * every remote with the federation runtime (retry plugin: 2 retries, 500 ms apart).
 * A failed fetch registers nothing: every remote slot then shows its fallback.
 */
export async function loadAndRegisterRemotes(production: boolean): Promise<RemotesMap> {
  let map: RemotesMap = {};
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (res.ok) map = sanitizeRemotesMap(await res.json());
    else console.error(`[remotes] /remotes.json answered ${res.status}; remotes disabled`);
  } catch (e) {
    console.error('[remotes] /remotes.json could not be loaded; remotes disabled', e);
  }
  let overrides: RemotesMap = {};
  if (!production) {
    overrides = readOverrides(location.search, safeLocalStorage());
    map = { ...map, ...overrides };
    for (const [name, url] of Object.entries(overrides)) console.info(`[remotes] tester override: ${name} → ${url}`);
  }
  registered = map;
  updateInfo({ overrides });
  registerPlugins([
    fallbackPlugin(),
    deliveryPlugin(),
    RetryPlugin({ fetch: { retryTimes: 2, retryDelay: 500 }, script: { retryTimes: 2, retryDelay: 500 } }),
  ]);
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).toString() })),
    { force: true },
  );
  return map;
}

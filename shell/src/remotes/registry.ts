/**
 * Finding remotes at run time (design brief §2, issue 7). The shell fetches the never-cached
 * `/remotes.json` of its environment (remote name → versioned manifest URL, written by
 * `scripts/deploy.mjs`) and registers the remotes with the Module Federation runtime before the
 * first load. Outside production a tester may pin one remote to another manifest for their own
 * browser (`?mf_override=mf_news@<url>`); the shell then shows the override badge
 * (OverrideBadge.tsx) with a one-click reset.
 *
 * Overrides run a manifest's code in the site's origin, so they are guarded (issue 10, item 1):
 * - only manifests on an origin listed in the environment's `config.json` `trustedRemoteOrigins`
 *   are accepted; anything else is refused, reported in the console and the badge, and never
 *   stored (stored entries are re-checked on every start, so a planted one is dropped);
 * - an override lives in sessionStorage (this tab, this browser session) unless the tester
 *   confirms "Keep" in the badge, which copies it to localStorage;
 * - production ignores overrides completely: here (`production` from config.json) and in the
 *   servers that serve config.json, which force `production: true` and an empty allow-list when
 *   their environment is production, whatever the file says.
 *
 * When a remote's manifest arrives, the registry records the version it was built as (shown on
 * the slot as `data-remote-version` and in the badge) and compares the majors of its shared
 * singletons with the shell's: an incompatible major is reported loudly in the console (the
 * shell's copy is still the one used: singletons are never duplicated).
 */
import { getInstance, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { sanitizeRemotesMap, type RemoteName, type RemotesMap, type RuntimeConfig } from '@landing/shared';

/** Storage key of tester overrides: in sessionStorage by default, in localStorage once kept. */
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
  /** True when the overrides were confirmed to outlive the browser session (localStorage). */
  overridesKept: boolean;
  /** Override URLs refused at start because their origin is not trusted (shown in the badge). */
  refusedOverrides: string[];
  /** Incompatible shared singletons reported so far. */
  sharedMismatches: SharedMismatch[];
}

let info: RemoteInfo = { versions: {}, overrides: {}, overridesKept: false, refusedOverrides: [], sharedMismatches: [] };
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

/**
 * Version folder of a manifest URL (`…/1.1.0/mf-manifest.json` → `1.1.0`), or null when the URL
 * does not follow the versioned layout.
 */
export function versionFromManifestUrl(url: string): string | null {
  const m = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url);
  return m ? m[1]! : null;
}

/** The two storages overrides live in (either may be unavailable, e.g. in a locked-down browser). */
export interface OverrideStorages {
  /** This tab's browser session (default home of an override). */
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Kept across sessions, only after the tester confirms "Keep". */
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/**
 * Whether a manifest URL may be used as a tester override: it must be an absolute http(s) URL (or
 * root-relative, resolved against `base`) whose origin is one of `trustedOrigins` (exact
 * `scheme://host:port` match, from config.json `trustedRemoteOrigins`).
 */
export function isTrustedManifestUrl(url: string, trustedOrigins: readonly string[], base: string): boolean {
  try {
    const target = new URL(url, base);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    return trustedOrigins.some((o) => {
      try {
        return new URL(o).origin === target.origin;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

function readStored(storage: OverrideStorages['session']): RemotesMap {
  try {
    return sanitizeRemotesMap(JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '{}'));
  } catch {
    return {};
  }
}

function writeStored(storage: OverrideStorages['session'], map: RemotesMap): void {
  try {
    if (Object.keys(map).length) storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(map));
    else storage?.removeItem(OVERRIDES_STORAGE_KEY);
  } catch {
    /* storage full or blocked: the override then lasts for this page only */
  }
}

/** Result of {@link readOverrides}. */
export interface OverrideRead {
  /** Remote name → manifest URL of the accepted overrides. */
  overrides: RemotesMap;
  /** True when the accepted overrides come from localStorage (kept by the tester). */
  kept: boolean;
  /** URLs refused because their origin is not trusted. */
  refused: string[];
}

/**
 * Tester overrides (non-production only; issue 10 item 1). Sources, later ones winning:
 * kept overrides (localStorage), this session's (sessionStorage), then the query
 * (`mf_override=name@url`, repeatable). Every entry is checked with {@link isTrustedManifestUrl};
 * refused ones are dropped from storage too. A query override goes to sessionStorage, or to
 * localStorage when the overrides were already kept.
 * @param search          `location.search`
 * @param storages        where overrides are kept
 * @param trustedOrigins  config.json `trustedRemoteOrigins`
 * @param base            URL that root-relative manifest URLs resolve against (`location.href`)
 */
export function readOverrides(search: string, storages: OverrideStorages, trustedOrigins: readonly string[], base: string): OverrideRead {
  const refused: string[] = [];
  const accept = (map: RemotesMap): RemotesMap => {
    const out: RemotesMap = {};
    for (const [name, url] of Object.entries(map) as Array<[RemoteName, string]>) {
      if (isTrustedManifestUrl(url, trustedOrigins, base)) out[name] = url;
      else refused.push(url);
    }
    return out;
  };
  const storedLocal = readStored(storages.local);
  const storedSession = readStored(storages.session);
  const local = accept(storedLocal);
  const session = accept(storedSession);
  if (Object.keys(local).length !== Object.keys(storedLocal).length) writeStored(storages.local, local);
  if (Object.keys(session).length !== Object.keys(storedSession).length) writeStored(storages.session, session);

  const fromQuery: RemotesMap = {};
  const params = new URLSearchParams(search);
  for (const value of params.getAll(OVERRIDE_QUERY_PARAM)) {
    const at = value.indexOf('@');
    if (at > 0) Object.assign(fromQuery, sanitizeRemotesMap({ [value.slice(0, at)]: value.slice(at + 1) }));
  }
  const query = accept(fromQuery);
  const kept = Object.keys(local).length > 0;
  if (Object.keys(query).length) {
    if (kept) writeStored(storages.local, { ...local, ...query });
    else writeStored(storages.session, { ...session, ...query });
  }
  return { overrides: { ...local, ...session, ...query }, kept, refused };
}

/**
 * "Keep" in the badge: the tester confirms that the current overrides outlive the browser
 * session; they move from sessionStorage to localStorage.
 */
export function keepOverrides(storages: OverrideStorages = defaultStorages()): void {
  writeStored(storages.local, { ...readStored(storages.local), ...info.overrides });
  writeStored(storages.session, {});
  updateInfo({ overridesKept: true });
}

/**
 * Ends the tester overrides of this browser: forgets `mf-overrides` (session and kept), drops
 * `mf_override` from the address and reloads, so every remote comes from the environment's
 * `remotes.json` again.
 */
export function clearOverrides(storages: OverrideStorages = defaultStorages(), loc: Pick<Location, 'href' | 'replace'> = location): void {
  storages.session?.removeItem(OVERRIDES_STORAGE_KEY);
  storages.local?.removeItem(OVERRIDES_STORAGE_KEY);
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
 * Versions of the shell's own shared packages (package name → version), from the federation
 * runtime's host options; empty before the runtime is set up.
 */
export function shellSharedVersions(): Record<string, string> {
  return hostSharedVersions(getInstance()?.options?.shared);
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

function defaultStorages(): OverrideStorages {
  const pick = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
    try {
      return window[name];
    } catch {
      return null;
    }
  };
  return { session: pick('sessionStorage'), local: pick('localStorage') };
}

/**
 * Registers the environment's remotes with the federation runtime (retry plugin: 2 retries,
 * 500 ms apart): the map the server rendered with (`given`, from the page data), else
 * `/remotes.json` (no-cache); outside production tester overrides apply on top (trusted origins
 * only). A failed fetch registers nothing: every remote slot then shows its fallback.
 * @param config  `production` and `trustedRemoteOrigins` of the environment's config.json
 * @param given   remotes map of a server-rendered page
 * @returns the registered map and the overrides in it
 */
export async function loadAndRegisterRemotes(
  config: Pick<RuntimeConfig, 'production' | 'trustedRemoteOrigins'>,
  given?: RemotesMap,
): Promise<{ map: RemotesMap; overrides: RemotesMap }> {
  let map: RemotesMap = given ? sanitizeRemotesMap(given) : {};
  if (!given) {
    try {
      const res = await fetch('/remotes.json', { cache: 'no-store' });
      if (res.ok) map = sanitizeRemotesMap(await res.json());
      else console.error(`[remotes] /remotes.json answered ${res.status}; remotes disabled`);
    } catch (e) {
      console.error('[remotes] /remotes.json could not be loaded; remotes disabled', e);
    }
  }
  let read: OverrideRead = { overrides: {}, kept: false, refused: [] };
  if (!config.production) {
    read = readOverrides(location.search, defaultStorages(), config.trustedRemoteOrigins, location.href);
    map = { ...map, ...read.overrides };
    for (const [name, url] of Object.entries(read.overrides)) console.info(`[remotes] tester override: ${name} → ${url}`);
    for (const url of read.refused)
      console.warn(`[remotes] tester override refused: ${url} is not on a trusted remote origin (config.json trustedRemoteOrigins)`);
  }
  registered = map;
  updateInfo({ overrides: read.overrides, overridesKept: read.kept, refusedOverrides: read.refused });
  registerPlugins([
    fallbackPlugin(),
    deliveryPlugin(),
    RetryPlugin({ fetch: { retryTimes: 2, retryDelay: 500 }, script: { retryTimes: 2, retryDelay: 500 } }),
  ]);
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).toString() })),
    { force: true },
  );
  return { map, overrides: read.overrides };
}

/**
 * Tester overrides of a remote (outside production; docs/ARCHITECTURE.md "Delivery",
 * docs/SECURITY.md): `?mf_override=mf_news@<url>` pins one remote to another manifest for this
 * browser, and the override badge (OverrideBadge.tsx) shows it with a one-click reset.
 * - only manifests on a trusted origin are accepted (trusted-origins.ts); anything else is refused,
 *   reported in the console and the badge, and never stored (stored entries are re-checked on
 *   every start, so a planted one is dropped);
 * - an override lives in sessionStorage (this tab, this browser session) unless the tester
 *   confirms "Keep" in the badge, which copies it to localStorage;
 * - production ignores overrides completely (registry.ts, and the servers that serve config.json).
 */
import { sanitizeRemotesMap, type RemoteName, type RemotesMap } from '@landing/shared';
import { remoteInfo, updateInfo } from './remote-info';
import { isTrustedManifestUrl } from './trusted-origins';

/** Storage key of tester overrides: in sessionStorage by default, in localStorage once kept. */
export const OVERRIDES_STORAGE_KEY = 'mf-overrides';
/** Query parameter of a tester override: `mf_override=<remote name>@<manifest url>` (repeatable). */
export const OVERRIDE_QUERY_PARAM = 'mf_override';

/** The two storages overrides live in (either may be unavailable, e.g. in a locked-down browser). */
export interface OverrideStorages {
  /** This tab's browser session (default home of an override). */
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Kept across sessions, only after the tester confirms "Keep". */
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
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

/** This browser's sessionStorage and localStorage, each null when the browser refuses it. */
export function defaultStorages(): OverrideStorages {
  const pick = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
    try {
      return window[name];
    } catch {
      return null;
    }
  };
  return { session: pick('sessionStorage'), local: pick('localStorage') };
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
 * Tester overrides (non-production only). Sources, later ones winning:
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
  writeStored(storages.local, { ...readStored(storages.local), ...remoteInfo().overrides });
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

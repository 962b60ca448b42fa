/**
 * Finding remotes at run time (docs/ARCHITECTURE.md "Delivery"). The shell fetches the
 * never-cached `/remotes.json` of its environment (remote name → versioned manifest URL, written
 * by `scripts/deploy.mjs`) and registers the remotes with the Module Federation runtime before
 * the first load; outside production the tester overrides of overrides.ts apply on top.
 *
 * Registering does not load the federation runtime: ./runtime-host.ts creates it (with the
 * runtime plugins of plugins/) when a slot first loads a remote.
 */
import { sanitizeRemotesMap, type RemotesMap, type RuntimeConfig } from '@landing/shared';
import { defaultStorages, readOverrides, type OverrideRead } from './overrides';
import { updateInfo } from './remote-info';
import { registerRemotes, sharedVersions } from './runtime-host';

// The registry's parts, importable from here as before (tests/remote-overrides.test.ts).
export { OVERRIDES_STORAGE_KEY, OVERRIDE_QUERY_PARAM, clearOverrides, keepOverrides, readOverrides } from './overrides';
export type { OverrideRead, OverrideStorages } from './overrides';
export { isTrustedManifestUrl } from './trusted-origins';
export { remoteFailures, remoteInfo, subscribeRemoteInfo, type SharedMismatch } from './remote-info';
export { compatMajor, sharedMajorMismatches, versionFromManifestUrl, type ManifestShared } from './versions';
export { default as deliveryPlugin } from './plugins/delivery';
export { default as fallbackPlugin } from './plugins/fallback';

let registered: RemotesMap = {};

/** The remotes registered at start (after overrides). */
export function registeredRemotes(): RemotesMap {
  return registered;
}

/** Versions of the shell's own shared packages (package name → version), as built. */
export function shellSharedVersions(): Record<string, string> {
  return sharedVersions();
}

/**
 * Registers the environment's remotes with the federation runtime: the map the server rendered
 * with (`given`, from the page data), else `/remotes.json` (no-cache); outside production tester
 * overrides apply on top (trusted origins only). A failed fetch registers nothing: every remote
 * slot then shows its fallback.
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
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).toString() })),
    { force: true },
  );
  return { map, overrides: read.overrides };
}

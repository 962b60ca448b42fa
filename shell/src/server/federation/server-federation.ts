/**
 * Module Federation in the shell's Node server: the runtime API, no bundler plugin.
 * - One federation instance per composition (the stable one, and one per set of canaries:
 *   canary.ts `federationPool`); remotes come from the environment's remotes.json, looked at
 *   when its folder reports a change and at most once a second otherwise (environment.ts), so a
 *   remote redeployed alone renders at its new version without a restart.
 * - Shared singletons are the page server's own modules (`lib: () => module`: ./shared-modules.ts).
 * - A changed manifest URL is registered again with `registerRemotes(…, { force: true })`, which
 *   in runtime-core 2.9.2 evicts the old version everywhere (manifest cache, snapshot, container,
 *   module cache). Remote code never enters `require.cache`: the runtime fetches
 *   `<version>/server/remoteEntry.js` over HTTP and evaluates it with `vm`.
 * - Runtime plugins, one file each in ./plugins/: every fetch has a timeout and a status check (the
 *   Node entry loader would otherwise evaluate any error page as JavaScript: fetch-guard.ts), a
 *   remote's server entry is loaded afresh (fresh-node-entry.ts), and failed loads are recorded
 *   (load-failures.ts). A load of a superseded registration never replaces the current one (here).
 * What remote code the page server accepts (https outside loopback, only the origins of remotes.json,
 * manifests without code, server files pinned by SHA-256) is ./remote-trust.ts; a refusal is
 * logged and sends the slot as its fallback, like any failed load; one made while the runtime
 * loads (fetch, body, entry) is recorded in `failures` too, one of the transport rule at `sync` is not.
 */
import { createInstance } from '@module-federation/runtime';
import { REMOTE_NAMES, type ExposedModuleId, type RemoteName, type RemotesMap } from '@landing/shared';
import { browserAssetsOf } from './browser-assets';
import { fetchOriginsOf } from './fetch-origins';
import { addFetchGuard } from './plugins/fetch-guard';
import { freshNodeEntryPlugin } from './plugins/fresh-node-entry';
import { loadFailuresPlugin, type LoadFailure } from './plugins/load-failures';
import { createRemoteTrust, type RemotePins } from './remote-trust';
import { serverShared } from './shared-modules';

/** Options of {@link createServerFederation}. */
export interface ServerFederationOptions {
  /** Timeout of each manifest / entry / chunk fetch (ms; default 2000). */
  fetchTimeoutMs?: number;
  /** After a failed load, the page server sends that remote's slots as fallbacks at once for this long (ms; default 5000). */
  retryAfterMs?: number;
  /**
   * Public origin → origin the page server fetches from, for deployments where the remotes' public
   * URLs do not resolve from the page server (docker-compose: `http://localhost:3002` →
   * `http://mf-news`). Only the fetch goes elsewhere: the browser's URLs stay the public ones.
   */
  fetchOrigins?: Record<string, string>;
}

/** The page server's federation: remotes in sync with remotes.json, loads for SSR, browser asset lists. */
export interface ServerFederation {
  /**
   * Registers what changed in `map` (new or moved manifest URLs, changed pins); returns the
   * current map. `pins`: remotes.json's `integrity` (./remote-trust.ts `sanitizeRemotePins`).
   * A remote the page server refuses to fetch (remote-trust.ts transport rule) stays in the map (the
   * browser's business) but is not registered here: its server loads fail, its slots are sent as
   * fallbacks.
   */
  sync(map: RemotesMap, pins?: RemotePins): RemotesMap;
  /** The map registered now. */
  registered(): RemotesMap;
  /**
   * Loads an exposed module for SSR.
   * @throws Error when the remote is not deployed, failed within `retryAfterMs`, or fails to load
   */
  load(id: ExposedModuleId): Promise<unknown>;
  /** Build version of a remote from its loaded manifest (`buildInfo.buildVersion`), if loaded. */
  versionOf(remote: RemoteName): string | undefined;
  /**
   * Browser files of exposed modules, from the manifests the runtime already fetched: each
   * remote's remoteEntry.js, the modules' sync JS and CSS (absolute URLs).
   */
  browserAssets(ids: readonly ExposedModuleId[]): { js: string[]; css: string[] };
  /** Recent load failures (bounded list). */
  failures: LoadFailure[];
  /** Takes this federation's trust out of the process's fetch guard (a canary composition that ended). */
  dispose(): void;
}

/**
 * Creates a federation instance of the page server (one per composition: canary.ts `federationPool`).
 * @param options timeouts, see {@link ServerFederationOptions}
 */
export function createServerFederation({
  fetchTimeoutMs = 2000,
  retryAfterMs = 5000,
  fetchOrigins = {},
}: ServerFederationOptions = {}): ServerFederation {
  const failures: LoadFailure[] = [];
  const { mapped, fetchUrl } = fetchOriginsOf(fetchOrigins);
  const trust = createRemoteTrust({ mappedOrigins: mapped });
  const removeGuard = addFetchGuard({ trust, fetchUrl, fetchTimeoutMs });
  const mf = createInstance({
    name: 'shell_server',
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: serverShared(),
    plugins: [freshNodeEntryPlugin(trust), loadFailuresPlugin(failures)],
  });

  let registered: RemotesMap = {};
  /** Per remote: its manifest URL and pins, as registered (a change of either registers it again). */
  const registrations = new Map<RemoteName, string>();
  /** Remotes of remotes.json refused by the transport rule, with the reason. */
  let refusedRemotes = new Map<RemoteName, string>();
  const retryAt = new Map<string, number>();

  /**
   * Race guard: a load started under the previous registration that was still waiting for its
   * manifest puts a Module with the OLD remote info back into the cache when it resumes. Each
   * registration carries `registeredAs` (copied into Module.remoteInfo); a cached Module of
   * another registration is dropped.
   */
  function dropStale(name: RemoteName): boolean {
    const cached = mf.moduleCache.get(name);
    if (!cached || (cached.remoteInfo as { registeredAs?: string }).registeredAs === registrations.get(name)) return false;
    mf.moduleCache.delete(name);
    return true;
  }

  const manifestOf = (remote: RemoteName) => {
    const url = registered[remote];
    return url ? mf.snapshotHandler.manifestCache.get(url) : undefined;
  };

  return {
    failures,
    dispose: removeGuard,
    registered: () => registered,
    sync(map, pins = {}) {
      const next: RemotesMap = {};
      for (const name of REMOTE_NAMES) if (typeof map[name] === 'string') next[name] = map[name];
      const { accepted, refused } = trust.update(next, pins);
      for (const [name, reason] of refused) if (refusedRemotes.get(name) !== reason) console.error(`[remotes] refused: ${reason}`);
      refusedRemotes = refused;
      const keyOf = (name: RemoteName, url: string) => `${url} ${JSON.stringify(pins[name] ?? null)}`;
      const changed = (Object.entries(accepted) as Array<[RemoteName, string]>).filter(
        ([name, url]) => registrations.get(name) !== keyOf(name, url),
      );
      if (changed.length) {
        // `registeredAs` is copied into each Module's remoteInfo (see dropStale).
        mf.registerRemotes(
          changed.map(([name, entry]) => ({ name, entry, registeredAs: keyOf(name, entry) })),
          { force: true },
        );
        for (const [name, url] of changed) {
          registrations.set(name, keyOf(name, url));
          console.log(`[remotes] ${name} → ${url}${pins[name] ? ' (pinned)' : ' (unpinned: remotes.json has no integrity for it)'}`);
        }
      }
      registered = next;
      return registered;
    },
    load(id) {
      const name = id.split('/')[0] as RemoteName;
      const url = registered[name];
      const refusedReason = refusedRemotes.get(name);
      if (refusedReason) return Promise.reject(new Error(`${id}: refused: ${refusedReason}`));
      if (!url) return Promise.reject(new Error(`${id}: remote not deployed in this environment`));
      const key = `${name} ${registrations.get(name)}`;
      const until = retryAt.get(key) ?? 0;
      if (until > Date.now())
        return Promise.reject(new Error(`${id}: ${name} failed recently, the server retries in ${until - Date.now()} ms`));
      dropStale(name);
      return mf.loadRemote(id).then(
        (mod) => {
          if (dropStale(name)) throw new Error(`${id}: loaded from a superseded registration of ${name}`);
          retryAt.delete(key);
          return mod;
        },
        (error: unknown) => {
          retryAt.set(key, Date.now() + retryAfterMs);
          throw error;
        },
      );
    },
    versionOf(remote) {
      return manifestOf(remote)?.metaData.buildInfo?.buildVersion;
    },
    browserAssets(ids) {
      const js = new Set<string>();
      const css = new Set<string>();
      for (const id of ids) {
        const [name, expose] = id.split('/') as [RemoteName, string];
        const url = registered[name];
        const manifest = manifestOf(name);
        if (!url || !manifest) continue;
        const assets = browserAssetsOf(manifest, url, expose);
        assets.js.forEach((a) => js.add(a));
        assets.css.forEach((a) => css.add(a));
      }
      return { js: [...js], css: [...css] };
    },
  };
}

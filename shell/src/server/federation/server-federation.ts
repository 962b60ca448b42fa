/**
 * Module Federation in the shell's Node server: the runtime API, no bundler plugin.
 * - One federation instance per composition (the stable one, and one per set of canaries:
 *   canary.ts `federationPool`); remotes come from the environment's remotes.json, looked at
 *   when its folder reports a change and at most once a second otherwise (environment.ts), so a
 *   remote redeployed alone renders at its new version without a restart.
 * - Shared singletons are this server's own modules (`lib: () => module`): the React the server
 *   renders with is the React every remote's server build uses (their builds say `import: false`).
 * - A changed manifest URL is registered again with `registerRemotes(…, { force: true })`, which
 *   in runtime-core 2.9.2 evicts the old version everywhere (manifest cache, snapshot, container,
 *   module cache). Remote code never enters `require.cache`: the runtime fetches
 *   `<version>/server/remoteEntry.js` over HTTP and evaluates it with `vm`.
 * Two guards found by the SSR spike are kept here: every fetch has a timeout and a status check
 * (the Node entry loader would otherwise evaluate any error page as JavaScript), and a load of a
 * superseded registration never replaces the current one.
 * What remote code the server accepts (https outside loopback, only the origins of remotes.json,
 * manifests without code, server files pinned by SHA-256) is ./remote-trust.ts; a refusal is
 * logged and sends the slot as its fallback, like any failed load; one made while the runtime
 * loads (fetch, body, entry) is recorded in `failures` too, one of the transport rule at `sync` is not.
 */
import { createRequire } from 'node:module';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactRouter from 'react-router';
import * as Zustand from 'zustand';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as Axios from 'axios';
import * as ReactToastify from 'react-toastify';
import * as ReactQuery from '@tanstack/react-query';
import * as ReactHookForm from 'react-hook-form';
import * as LandingShared from '@landing/shared';
import sharedPackage from '@landing/shared/package.json';
import { createInstance, registerGlobalPlugins } from '@module-federation/runtime';
import { loadScriptNode } from '@module-federation/sdk';
import { REMOTE_NAMES, type ExposedModuleId, type RemoteName, type RemotesMap } from '@landing/shared';
import { createRemoteTrust, type RemotePins, type RemoteTrust } from './remote-trust';

const requireHere = createRequire(__filename);
const versionOf = (pkg: string): string => (requireHere(`${pkg}/package.json`) as { version: string }).version;

/**
 * The modules this server provides as shared singletons, by shared key, with their installed
 * versions. They must be exactly the server's keys of the shared-singleton policy
 * (shared/build/shared-singletons.mjs, `sharedSingletons(dir, { server: true })`), which the
 * remotes' server builds take as `import: false`: a key missing here would leave a remote without
 * the module. shell/test/shared-singletons.test.ts checks that they agree, and the browser host's
 * (../../remotes/federation.ts) too.
 */
export const SERVER_SHARED_MODULES: Readonly<Record<string, { lib: unknown; version: string }>> = {
  react: { lib: React, version: versionOf('react') },
  'react/jsx-runtime': { lib: ReactJsxRuntime, version: versionOf('react') },
  'react-dom': { lib: ReactDom, version: versionOf('react-dom') },
  'react-router': { lib: ReactRouter, version: versionOf('react-router') },
  zustand: { lib: Zustand, version: versionOf('zustand') },
  i18next: { lib: I18next, version: versionOf('i18next') },
  'react-i18next': { lib: ReactI18next, version: versionOf('react-i18next') },
  axios: { lib: Axios, version: versionOf('axios') },
  'react-toastify': { lib: ReactToastify, version: versionOf('react-toastify') },
  '@tanstack/react-query': { lib: ReactQuery, version: versionOf('@tanstack/react-query') },
  'react-hook-form': { lib: ReactHookForm, version: versionOf('react-hook-form') },
  '@landing/shared': { lib: LandingShared, version: sharedPackage.version },
};

/** The `shared` option: each of {@link SERVER_SHARED_MODULES} as a singleton of the caret range of its version. */
function serverShared() {
  return Object.fromEntries(
    Object.entries(SERVER_SHARED_MODULES).map(([key, { lib, version }]) => [
      key,
      { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } },
    ]),
  );
}

/** The trust checks, URL mapping and timeout of each federation of this process. */
const fetchGuards = new Set<{ trust: RemoteTrust; fetchUrl: (url: string) => string; fetchTimeoutMs: number }>();
let fetchGuardRegistered = false;

/**
 * The process's fetch guard (see its use in {@link createServerFederation}): a URL is fetched when
 * some federation's trust allows its origin (with that federation's mapping and timeout), and a
 * body is used when no federation's trust objects to it (a trust objects only to the manifests it
 * registered and to the pinned folders it owns).
 */
function registerFetchGuard(refuse: (problem: string) => Error): void {
  if (fetchGuardRegistered) return;
  fetchGuardRegistered = true;
  registerGlobalPlugins([
    {
      name: 'landing-fetch-guard',
      async fetch(url: string, init: RequestInit) {
        const guards = [...fetchGuards];
        const allowed = guards.find((g) => g.trust.fetchProblem(url) === null);
        if (!allowed) throw refuse(guards[0]?.trust.fetchProblem(url) ?? `${url}: no remotes registered`);
        const signal = AbortSignal.timeout(allowed.fetchTimeoutMs);
        const res = await fetch(allowed.fetchUrl(url), { ...init, redirect: 'error', signal });
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
        const body = new Uint8Array(await res.arrayBuffer());
        for (const g of guards) {
          const bad = g.trust.bodyProblem(url, body);
          if (bad) throw refuse(bad);
        }
        const type = res.headers.get('content-type');
        return new Response(body, { status: res.status, headers: type ? { 'content-type': type } : {} });
      },
    } as never,
  ]);
}

/** A failed load, newest last (logged, and the reason a slot was sent as its fallback). */
interface LoadFailure {
  id: string;
  message: string;
  at: number;
}

/** Options of {@link createServerFederation}. */
export interface ServerFederationOptions {
  /** Timeout of each manifest / entry / chunk fetch (ms; default 2000). */
  fetchTimeoutMs?: number;
  /** After a failed load, the server sends that remote's slots as fallbacks at once for this long (ms; default 5000). */
  retryAfterMs?: number;
  /**
   * Public origin → origin this server fetches from, for deployments where the remotes' public
   * URLs do not resolve from the server (docker-compose: `http://localhost:3002` →
   * `http://mf-news`). Only the fetch goes elsewhere: the browser's URLs stay the public ones.
   */
  fetchOrigins?: Record<string, string>;
}

/** The server's federation: remotes in sync with remotes.json, loads for SSR, browser asset lists. */
export interface ServerFederation {
  /**
   * Registers what changed in `map` (new or moved manifest URLs, changed pins); returns the
   * current map. `pins`: remotes.json's `integrity` (./remote-trust.ts `sanitizeRemotePins`).
   * A remote the server refuses to fetch (remote-trust.ts transport rule) stays in the map (the
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

interface Manifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path?: string }; buildInfo?: { buildVersion?: string } };
  exposes: Array<{ name: string; path?: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
}

/**
 * Creates a federation instance of the server (one per composition: canary.ts `federationPool`).
 * @param options timeouts, see {@link ServerFederationOptions}
 */
export function createServerFederation({
  fetchTimeoutMs = 2000,
  retryAfterMs = 5000,
  fetchOrigins = {},
}: ServerFederationOptions = {}): ServerFederation {
  const failures: LoadFailure[] = [];
  const origins = new Map(Object.entries(fetchOrigins).map(([from, to]) => [new URL(from).origin, new URL(to).origin]));
  const trust = createRemoteTrust({ mappedOrigins: origins.keys() });
  /** Logs a refusal of remote code and returns the error that fails the load. */
  const refuse = (problem: string): Error => {
    console.error(`[remotes] refused: ${problem}`);
    return new Error(`refused: ${problem}`);
  };
  /** The URL this server fetches for a public URL (manifests, entries and chunks all pass here). */
  const fetchUrl = (url: string): string => {
    if (!origins.size) return url;
    const parsed = new URL(url);
    const to = origins.get(parsed.origin);
    return to ? `${to}${parsed.pathname}${parsed.search}` : url;
  };
  // Manifests, entries and chunks: the trust checks on the URL and on the body (remote-trust.ts),
  // a timeout, errors for non-2xx and for redirects (one could leave the origins of remotes.json),
  // and the server-side origin of a public URL (fetchOrigins). Registered globally once per
  // process (a remote's server build runs its own federation instance, which fetches the remote's
  // chunks; global plugins apply to it too), over the trust of every federation of the process
  // (a canary composition has one of its own: canary.ts).
  const guard = { trust, fetchUrl, fetchTimeoutMs };
  fetchGuards.add(guard);
  registerFetchGuard(refuse);
  const mf = createInstance({
    name: 'shell_server',
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: serverShared(),
    plugins: [
      {
        // The built-in Node entry loader reuses whatever container is in globalThis[name] (a late
        // load of the previous version may have left it) and skips the fetch hook above.
        name: 'landing-fresh-node-entry',
        // Only commonjs-module containers (the remotes' server builds), and a pinned remote's entry
        // must be one of its pinned files (remote-trust.ts).
        loadEntry({
          remoteInfo,
          loaderHook,
        }: {
          remoteInfo: { type: string; entry: string; name: string; entryGlobalName: string };
          loaderHook: { lifecycle: { fetch: unknown } };
        }) {
          const refused = trust.entryProblem(remoteInfo.name as RemoteName, remoteInfo.entry, remoteInfo.type);
          if (refused) return Promise.reject(refuse(refused));
          return loadScriptNode(remoteInfo.entry, {
            attrs: { name: remoteInfo.name, globalName: remoteInfo.entryGlobalName, type: remoteInfo.type },
            loaderHook: { fetch: loaderHook.lifecycle.fetch, lifecycle: loaderHook.lifecycle },
          } as never);
        },
      },
      {
        // No fallback module: the load rejects, so the slot is sent as its fallback and rendered
        // by the browser (a fallback module in a healthy boundary would not hydrate).
        name: 'landing-report',
        errorLoadRemote({ id, error, lifecycle }: { id: string; error: unknown; lifecycle: string }) {
          const message = String((error as Error)?.message ?? error).split('\n')[0]!;
          failures.push({ id, message: `${lifecycle}: ${message}`, at: Date.now() });
          if (failures.length > 50) failures.shift();
          return undefined;
        },
      },
    ] as never,
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
  const moduleCache = (mf as unknown as { moduleCache: Map<string, { remoteInfo: { registeredAs?: string } }> }).moduleCache;
  function dropStale(name: RemoteName): boolean {
    const cached = moduleCache.get(name);
    if (!cached || cached.remoteInfo.registeredAs === registrations.get(name)) return false;
    moduleCache.delete(name);
    return true;
  }

  function manifestOf(remote: RemoteName): Manifest | undefined {
    const url = registered[remote];
    const cache = (mf as unknown as { snapshotHandler: { manifestCache: Map<string, Manifest> } }).snapshotHandler.manifestCache;
    return url ? cache.get(url) : undefined;
  }

  return {
    failures,
    dispose: () => void fetchGuards.delete(guard),
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
        mf.registerRemotes(changed.map(([name, entry]) => ({ name, entry, registeredAs: keyOf(name, entry) })) as never, { force: true });
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
        const { publicPath, remoteEntry } = manifest.metaData;
        const base = !publicPath || publicPath === 'auto' ? new URL('.', url) : new URL(publicPath, url);
        js.add(new URL([remoteEntry.path, remoteEntry.name].filter(Boolean).join('/'), base).href);
        const exposed = manifest.exposes.find((e) => e.name === expose || e.path === `./${expose}`);
        for (const a of exposed?.assets.js.sync ?? []) js.add(new URL(a, base).href);
        for (const a of exposed?.assets.css.sync ?? []) css.add(new URL(a, base).href);
      }
      return { js: [...js], css: [...css] };
    },
  };
}

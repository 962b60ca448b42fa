/**
 * Federation runtime plugin `landing-fetch-guard`, registered globally once per process: every
 * manifest, entry and chunk the page server fetches passes the trust checks on its URL and on its
 * body (../remote-trust.ts), with a timeout, an error for a non-2xx answer and for a redirect (one
 * could leave the origins of remotes.json), and the origin the page server fetches a public URL from
 * (`--remote-origin`). Global, because a remote's server build runs its own federation instance,
 * which fetches the remote's chunks: global plugins apply to it too. It goes by the guards of
 * every federation of the process (a canary composition has one of its own: canary.ts).
 */
import { registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { refusal, type RemoteTrust } from '../remote-trust';

/** The fetch rules of one federation. */
export interface FetchGuard {
  trust: RemoteTrust;
  /** The URL the page server fetches for a public URL (`--remote-origin` mapping). */
  fetchUrl(url: string): string;
  /** Timeout of each fetch (ms). */
  fetchTimeoutMs: number;
}

/** The guards of every federation of this process. */
const guards = new Set<FetchGuard>();
let registered = false;

/**
 * The plugin over a set of guards: a URL is fetched when some federation's trust allows its
 * origin (with that federation's mapping and timeout), and a body is used when no federation's
 * trust objects to it (a trust objects only to the manifests it registered and to the pinned
 * folders it owns).
 */
function fetchGuardPlugin(of: ReadonlySet<FetchGuard>): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-fetch-guard',
    async fetch(url, init) {
      const all = [...of];
      const allowed = all.find((g) => g.trust.fetchProblem(url) === null);
      if (!allowed) throw refusal(all[0]?.trust.fetchProblem(url) ?? `${url}: no remotes registered`);
      const signal = AbortSignal.timeout(allowed.fetchTimeoutMs);
      const res = await fetch(allowed.fetchUrl(url), { ...init, redirect: 'error', signal });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
      const body = new Uint8Array(await res.arrayBuffer());
      for (const g of all) {
        const bad = g.trust.bodyProblem(url, body);
        if (bad) throw refusal(bad);
      }
      const type = res.headers.get('content-type');
      return new Response(body, { status: res.status, headers: type ? { 'content-type': type } : {} });
    },
  };
}

/**
 * Puts a federation's guard under the process's fetch guard (registered at the first call).
 * @returns a function that takes the guard out again (a canary composition that ended)
 */
export function addFetchGuard(guard: FetchGuard): () => void {
  guards.add(guard);
  if (!registered) {
    registered = true;
    registerGlobalPlugins([fetchGuardPlugin(guards)]);
  }
  return () => void guards.delete(guard);
}

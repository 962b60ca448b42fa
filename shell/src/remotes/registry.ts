/**
 * Finding remotes at run time (design brief §2). The shell fetches the never-cached
 * `/remotes.json` of its environment (remote name → versioned manifest URL) and registers the
 * remotes with the Module Federation runtime before the first load. Outside production a tester
 * may override one remote's manifest for their own browser (`?mf_override=mf_news@<url>` or
 * localStorage `mf-overrides`).
 */
import { registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { REMOTE_NAMES, type RemoteName } from '@landing/shared';

/** Contents of `remotes.json`: remote name → manifest URL (`…/<version>/mf-manifest.json`). */
export type RemotesMap = Partial<Record<RemoteName, string>>;

export const OVERRIDES_STORAGE_KEY = 'mf-overrides';

let registered: RemotesMap = {};

/** Load failures seen by the runtime, newest last (shown raw on the error page outside production). */
export const remoteFailures: Array<{ id: string; message: string; at: number }> = [];

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

/** Tester overrides (non-production only): query `mf_override=name@url` wins over localStorage. */
export function readOverrides(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): RemotesMap {
  let stored: RemotesMap;
  try {
    stored = sanitizeRemotesMap(JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '{}'));
  } catch {
    stored = {};
  }
  const params = new URLSearchParams(search);
  for (const value of params.getAll('mf_override')) {
    const at = value.indexOf('@');
    if (at > 0) Object.assign(stored, sanitizeRemotesMap({ [value.slice(0, at)]: value.slice(at + 1) }));
  }
  if (params.has('mf_override')) storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(stored));
  return stored;
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
  if (!production) {
    let storage: Storage | null;
    try {
      storage = localStorage;
    } catch {
      storage = null;
    }
    map = { ...map, ...readOverrides(location.search, storage) };
  }
  registered = map;
  registerPlugins([fallbackPlugin(), RetryPlugin({ fetch: { retryTimes: 2, retryDelay: 500 }, script: { retryTimes: 2, retryDelay: 500 } })]);
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, location.href).toString() })),
    { force: true },
  );
  return map;
}

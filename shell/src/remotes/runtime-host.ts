/**
 * The shell's handle on the federation runtime in the browser. The shell is a runtime-only host
 * (shared/build/rspack.mjs `runtimeHostOptions`): its build has no federation plugin, and the
 * runtime (./federation.ts, a chunk of its own) is loaded and created the first time a slot
 * needs a remote. A page whose slots are all below the fold loads no federation code until the
 * reader scrolls. Remotes registered before that are kept here and registered at creation.
 */
import type { ModuleFederation } from '@module-federation/runtime';

/** A remote as the runtime registers it: its name and absolute manifest URL. */
export interface RemoteEntry {
  name: string;
  entry: string;
}

let remotes: RemoteEntry[] = [];
let created: Promise<ModuleFederation> | undefined;

/** The federation instance, created on first call (loads ./federation.ts). */
function federation(): Promise<ModuleFederation> {
  created ??= import(/* webpackChunkName: "federation" */ './federation').then((m) => m.createShellFederation(remotes));
  return created;
}

/**
 * Sets the remotes the runtime loads from (replacing earlier ones, as `registerRemotes(…, { force: true })`).
 * Does not load the runtime: a runtime already created gets them at once, a later one at creation.
 * @param list  remotes with absolute manifest URLs
 */
export function registerRemotes(list: RemoteEntry[], _options?: { force?: boolean }): void {
  remotes = list;
  if (created) void created.then((mf) => mf.registerRemotes(list, { force: true }));
}

/**
 * Loads an exposed module (`mf_news/NewsTeaser`) through the runtime, creating it first if needed.
 * @throws the runtime's load error (after the retry plugin's attempts)
 */
export async function loadRemote<T>(id: string): Promise<T | null> {
  return (await federation()).loadRemote<T>(id);
}

/** Versions of the packages the shell shares (shared key → version), as built (`__SHARED_VERSIONS__`). */
export function sharedVersions(): Record<string, string> {
  return typeof __SHARED_VERSIONS__ === 'undefined' ? {} : { ...__SHARED_VERSIONS__ };
}

/**
 * What the shell knows about the remotes of this page, as a small store that React reads with
 * `useSyncExternalStore` (OverrideBadge.tsx, RemoteSlot.tsx, the composition page): the version
 * each remote's manifest was built as, the tester overrides applied at start, and shared
 * singletons of another major. registry.ts, overrides.ts and the runtime plugins delivery.ts and
 * fallback.ts (plugins/) write to it.
 *
 * This module imports types only. The shell's start-up code uses it (registry.ts, in the bootstrap
 * chunk); the runtime plugins are imported by ./federation.ts only, in the federation chunk that
 * ./runtime-host.ts loads when a slot first needs a remote.
 */
import type { RemoteName, RemotesMap } from '@landing/shared';

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
export interface RemoteInfo {
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

/** Load failures seen by the runtime, newest last (appended by plugins/fallback.ts; no page shows them). */
export const remoteFailures: Array<{ id: string; message: string; at: number }> = [];

let info: RemoteInfo = { versions: {}, overrides: {}, overridesKept: false, refusedOverrides: [], sharedMismatches: [] };
const listeners = new Set<() => void>();

/** Replaces the fields of `patch` in {@link remoteInfo} and notifies the subscribers. */
export function updateInfo(patch: Partial<RemoteInfo>): void {
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

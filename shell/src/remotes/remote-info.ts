/**
 * What the shell knows about the remotes of this page, as a small store that React reads with
 * `useSyncExternalStore` (OverrideBadge.tsx, RemoteSlot.tsx, the composition page): the version
 * each remote's manifest was built as, the tester overrides applied at start, and shared
 * singletons of another major. The runtime plugins (plugins/*.ts) write to it.
 *
 * This module imports nothing at run time: the runtime plugins that use it are bundled into the
 * shell's entry, before the shared scope exists.
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

/** Load failures seen by the runtime, newest last (shown raw on the error page outside production). */
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

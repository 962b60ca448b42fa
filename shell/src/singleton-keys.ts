/**
 * Keys of the table of shared singletons (shared/build/singletons.mjs), by who provides what:
 * the hosts type their module maps with them, so the table and the hosts cannot disagree.
 */
import type { SINGLETONS } from '@landing/shared/build/singletons.mjs';

type Table = typeof SINGLETONS;
type KeysWhere<Field extends 'browser' | 'server', Value> = {
  [K in keyof Table]: Table[K][Field] extends Value ? K : never;
}[keyof Table];

/** Singletons the shell's entry has evaluated before any remote loads (shell/src/remotes/federation.ts). */
export type BrowserLoadedKey = KeysWhere<'browser', 'loaded'>;
/** Singletons the shell loads on first use in the browser. */
export type BrowserLazyKey = KeysWhere<'browser', 'lazy'>;
/** Singletons the page server provides to the remotes' server builds (shell/src/server/federation/shared-modules.ts). */
export type ServerKey = KeysWhere<'server', true>;

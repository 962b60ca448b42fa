/**
 * Federation runtime plugin `landing-load-failures` of each page server federation: records every
 * failed load (logged, and the reason a slot was sent as its fallback). It offers no fallback
 * module: the load rejects, so the slot is sent as its fallback and rendered by the browser (a
 * fallback module in a healthy boundary would not hydrate).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/** A failed load. */
export interface LoadFailure {
  /** The exposed module (`mf_news/NewsList`). */
  id: string;
  /** The runtime's lifecycle step and the first line of the error. */
  message: string;
  /** Epoch ms. */
  at: number;
}

/** At most this many failures are kept (the oldest go first). */
const MAX_FAILURES = 50;

/** Creates the plugin; each failure is appended to `failures`, newest last. */
export function loadFailuresPlugin(failures: LoadFailure[]): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-load-failures',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = String((error as Error)?.message ?? error).split('\n')[0]!;
      failures.push({ id, message: `${lifecycle}: ${message}`, at: Date.now() });
      if (failures.length > MAX_FAILURES) failures.shift();
      return undefined;
    },
  };
}

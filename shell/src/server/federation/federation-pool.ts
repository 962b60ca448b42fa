/**
 * One federation instance per composition of remote versions (canary.ts): the stable one, and one
 * per set of canaries a visitor can join.
 */
import type { EnvironmentState } from '../environment/environment';
import type { ServerFederation } from './server-federation';

/**
 * The federation of each composition (server-federation.ts): the stable one, and one per set of canaries
 * a visitor can join, so each version of a remote runs in a federation instance of its own (one
 * instance holds one version of a remote). At most {@link MAX_CANARY_FEDERATIONS} canary
 * compositions are kept; the least recently used one is disposed of.
 * @param create  makes a federation (createServerFederation with the page server's options)
 */
export function federationPool(create: () => ServerFederation): { stable: ServerFederation; of(env: EnvironmentState): ServerFederation } {
  const stable = create();
  const canaries = new Map<string, ServerFederation>();
  return {
    stable,
    of(env) {
      if (!env.composition) return stable;
      let federation = canaries.get(env.composition);
      if (federation) canaries.delete(env.composition);
      else federation = create();
      canaries.set(env.composition, federation);
      for (const [key, old] of canaries) {
        if (canaries.size <= MAX_CANARY_FEDERATIONS) break;
        canaries.delete(key);
        old.dispose();
      }
      return federation;
    },
  };
}

/** Canary compositions whose federation is kept at once. */
const MAX_CANARY_FEDERATIONS = 4;

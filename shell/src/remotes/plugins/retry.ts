/**
 * Federation runtime plugin `retry-plugin` (registered at the creation of the
 * shell's federation instance, src/remotes/federation.ts): a manifest fetch or a remote entry script that fails is tried twice
 * more, 500 ms apart, before the load fails (then fallback.ts reports it).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/** Retries of a failed manifest fetch or entry script, and the pause between them (ms). */
const RETRY = { retryTimes: 2, retryDelay: 500 } as const;

/**
 * Creates the plugin with {@link RETRY} for manifest fetches and entry scripts (../federation.ts
 * calls it when it creates the instance).
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({ fetch: { ...RETRY }, script: { ...RETRY } }) as ModuleFederationRuntimePlugin;
}

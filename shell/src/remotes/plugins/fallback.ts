/**
 * Federation runtime plugin `landing-remote-fallback` (registered at the creation of the
 * shell's federation instance, src/remotes/federation.ts): the `errorLoadRemote` hook reports a failed load loudly and lets it
 * reject, so the slot's error boundary shows the translated fallback with a retry button
 * (RemoteSlot.tsx).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteName } from '@landing/shared';
import { reportFailure } from '../../telemetry/report';
import { remoteFailures } from '../remote-info';

/**
 * Creates the plugin (../federation.ts calls it when it creates the instance). Each failure is
 * appended to `remoteFailures`, logged with `console.error` and reported to the telemetry
 * (../../telemetry/report.ts, as the remote's load failure); the hook returns undefined, so
 * the load rejects with the runtime's error.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-remote-fallback',
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args as { id: string; error: unknown; lifecycle?: string };
      const message = error instanceof Error ? error.message : String(error);
      remoteFailures.push({ id, message, at: Date.now() });
      console.error(`[remotes] ${id} could not be loaded (${lifecycle ?? 'load'}): ${message}`);
      reportFailure({ kind: 'load_failure', source: 'runtime', remote: id.split('/')[0] as RemoteName, error }); // telemetry
      return undefined;
    },
  };
}

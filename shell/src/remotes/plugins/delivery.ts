/**
 * Federation runtime plugin `landing-remote-delivery` (registered at the creation of the
 * shell's federation instance, src/remotes/federation.ts): when a remote's manifest is loaded it records the version the remote
 * was built as and reports shared singletons of another major.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteName } from '@landing/shared';
import { remoteInfo, updateInfo } from '../remote-info';
import { hostSharedVersions, sharedMajorMismatches, type ManifestShared } from '../versions';

/**
 * Creates the plugin (../federation.ts calls it when it creates the instance). Its
 * `loadRemoteSnapshot` hook writes `remoteInfo().versions[name]` (`buildInfo.buildVersion`) and
 * appends the mismatches to `remoteInfo().sharedMismatches`, each also logged with
 * `console.error`. It never changes what the runtime loads (returns its arguments).
 */
export default function deliveryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'landing-remote-delivery',
    loadRemoteSnapshot(args) {
      const { options, moduleInfo, manifestJson } = args as {
        options?: { shared?: unknown };
        moduleInfo?: { name?: string };
        manifestJson?: { name?: string; metaData?: { buildInfo?: { buildVersion?: string } }; shared?: ManifestShared[] };
      };
      const name = (moduleInfo?.name ?? manifestJson?.name) as RemoteName | undefined;
      if (name && manifestJson) {
        const version = manifestJson.metaData?.buildInfo?.buildVersion;
        const mismatches = sharedMajorMismatches(name, manifestJson.shared ?? [], hostSharedVersions(options?.shared));
        for (const m of mismatches) {
          console.error(
            `[remotes] ${m.remote} was built with ${m.name}@${m.remoteVersion}, the shell provides ${m.hostVersion} (another major): ` +
              `the shell's singleton is used, rebuild ${m.remote} against ${m.name}@${m.hostVersion}`,
          );
        }
        const info = remoteInfo();
        updateInfo({
          versions: version ? { ...info.versions, [name]: version } : info.versions,
          sharedMismatches: mismatches.length ? [...info.sharedMismatches, ...mismatches] : info.sharedMismatches,
        });
      }
      return args;
    },
  } as ModuleFederationRuntimePlugin;
}

/**
 * The browser files of a remote's exposed module, read from the remote's manifest (the one the
 * federation runtime already fetched): the page links their CSS and preloads their scripts.
 */
import type { Manifest } from '@module-federation/sdk';

/**
 * The absolute URLs of an exposed module's browser files: the remote's remoteEntry.js and the
 * module's sync JS, and its sync CSS.
 * @param manifestUrl  the URL the manifest was fetched from (remotes.json); relative paths resolve against it
 * @param expose  the exposed name (`NewsList`)
 */
export function browserAssetsOf(manifest: Manifest, manifestUrl: string, expose: string): { js: string[]; css: string[] } {
  const { metaData } = manifest;
  const { remoteEntry } = metaData;
  // A manifest names a publicPath or a getPublicPath (remote-trust.ts refuses the latter).
  const publicPath = 'publicPath' in metaData ? metaData.publicPath : undefined;
  const base = !publicPath || publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(publicPath, manifestUrl);
  const exposed = manifest.exposes.find((e) => e.name === expose || e.path === `./${expose}`);
  return {
    js: [
      new URL([remoteEntry.path, remoteEntry.name].filter(Boolean).join('/'), base).href,
      ...(exposed?.assets.js.sync ?? []).map((a) => new URL(a, base).href),
    ],
    css: (exposed?.assets.css.sync ?? []).map((a) => new URL(a, base).href),
  };
}

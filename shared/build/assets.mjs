/** HTML templates and precompressed copies of the text assets of every app build (shared/build/rspack.mjs). */
import { existsSync } from 'node:fs';
import zlib from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import CompressionPlugin from 'compression-webpack-plugin';

/** Standalone page template of the remotes that have no `src/index.html` of their own (title from `createAppConfig`). */
export const REMOTE_HTML_TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), 'remote.html');

/**
 * HTML template of an app: its own `src/index.html` when it has one (the shell does), otherwise
 * the shared standalone page `shared/build/remote.html`.
 * @param {string} dir  the app's folder (absolute)
 * @returns {string} absolute path of the template
 */
export function htmlTemplate(dir) {
  const own = join(dir, 'src', 'index.html');
  return existsSync(own) ? own : REMOTE_HTML_TEMPLATE;
}

/**
 * Precompressed copies of every text asset (brotli quality 11 and gzip level 9, only when smaller),
 * so static servers (sirv in scripts/serve.mjs, nginx `gzip_static`/`brotli_static`) send them
 * without compressing per request.
 */
export function precompressPlugins() {
  const test = /\.(js|css|html|json|svg|webmanifest|txt)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test,
      compressionOptions: { level: 9 },
      threshold: 512,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 512,
      minRatio: 0.9,
    }),
  ];
}

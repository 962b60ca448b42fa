import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import helmet from 'helmet';
import { injectManifest } from 'workbox-build';
import { CompileHintsPlugin, SsrAssetsPlugin, createAppConfig, createShellServerConfig } from '@landing/shared/build/rspack.mjs';
import { LegalDocumentsPlugin } from './scripts/legal-documents.mjs';
import { PERMISSIONS_POLICY, securityHeaderOptions } from './src/server/environment/security-policy.mjs';

const dir = dirname(fileURLToPath(import.meta.url));
const production = process.env.NODE_ENV !== 'development';
const outDir = join(dir, 'dist');
/** Where the worker is compiled before workbox-build adds the precache list (not served). */
const swBuildDir = join(dir, 'node_modules', '.cache', 'landing-sw');

/**
 * Precache list of the app shell (spec §1 "precache the shell"): the page, the hashed chunks
 * and styles, the web app manifest and its icons. Source maps, PDFs and the content host's
 * audio are left out (audio is cached when first played).
 */
export const PRECACHE = {
  globDirectory: outDir,
  globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'manifest.webmanifest', 'icons/*.png'],
  globIgnores: ['**/*.map', 'sw.js'],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
};

/**
 * Runs workbox-build's `injectManifest` after the shell's files are written: the worker compiled
 * by the `sw` configuration gets the precache list and is written to dist/sw.js. (workbox-webpack-
 * plugin's InjectManifest crashes under rspack; this keeps the worker our own tested module.)
 */
class InjectPrecacheManifest {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheManifest', async () => {
      const { count, size, warnings } = await injectManifest({
        ...PRECACHE,
        swSrc: join(swBuildDir, 'sw.js'),
        swDest: join(outDir, 'sw.js'),
      });
      for (const w of warnings) console.warn(`[sw] ${w}`);
      console.log(`[sw] dist/sw.js precaches ${count} files (${Math.round(size / 1024)} KiB)`);
    });
  }
}

/**
 * The development server's own answers (`npm run dev`, scripts/dev.mjs): `/config.json` and
 * `/remotes.json` of the development environment, read on every request from LANDING_ENV_DIR
 * (written by scripts/dev.mjs: remotes at their dev servers), and on every answer the security
 * headers of the page server (src/server/environment/security-policy.mjs), so development runs under
 * production's Content-Security-Policy. The page is rendered in the browser (no page data: the
 * shell fetches both files, as on a page the server could not render).
 */
function devEnvironmentMiddleware() {
  const envDir = process.env.LANDING_ENV_DIR ?? join(dir, '..', '.data', 'dev');
  const read = (file) => {
    const path = join(envDir, file);
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  };
  return (req, res, next) => {
    const config = read('config.json');
    const remotes = read('remotes.json');
    if (!config || !remotes) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end(`No development environment in ${envDir}: start the shell with \`npm run dev\` (scripts/dev.mjs).`);
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmet(securityHeaderOptions({ config, remotes, path }))(req, res, () => {
      if (path === '/config.json' || path === '/remotes.json') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(JSON.stringify(path === '/config.json' ? config : remotes));
      }
      next();
    });
  };
}

/** The shell (Module Federation host). Remotes are not listed here: they come from remotes.json at run time. */
const shell = createAppConfig({
  dir,
  title: 'Football Team – free online football manager game',
  pluginsExtra: [
    new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), to: '.' }] }),
    new SsrAssetsPlugin({ group: 'bootstrap', pages: ['home'] }),
    // The start-up scripts (the same group, and the home page's chunk) are compiled while they
    // stream in, off the main thread.
    ...(production ? [new CompileHintsPlugin({ group: 'bootstrap' }), new CompileHintsPlugin({ group: 'home' })] : []),
    // Terms and Privacy PDFs of spec §2, from shell/legal/*/<lang>.md → dist/documents/.
    new LegalDocumentsPlugin(),
    ...(production ? [new InjectPrecacheManifest()] : []),
  ],
  devServer: {
    setupMiddlewares: (middlewares) => [{ name: 'landing-dev-environment', middleware: devEnvironmentMiddleware() }, ...middlewares],
  },
  extend: (config) =>
    production
      ? {
          ...config,
          name: 'shell',
          dependencies: ['sw'],
          optimization: {
            ...config.optimization,
            // The federation runtime's packages go into the chunk that loads them (runtime-host.ts's
            // "federation"), not a vendor chunk of their own: one request and one gzip stream on
            // every page with a remote, 0.2 KiB less.
            splitChunks: {
              cacheGroups: {
                // TanStack Query, loaded on first use (shared/src/data/query-runtime.ts), is one
                // chunk: the default split made three of the parts the lazy parts share.
                queryRuntime: {
                  test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]shared[\\/]src[\\/]subsets[\\/]react-query\.ts$/,
                  name: 'query',
                  chunks: 'async',
                  enforce: true,
                },
                federationRuntime: {
                  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
                  name: 'federation',
                  chunks: 'async',
                  enforce: true,
                },
              },
            },
          },
        }
      : config,
});

/** The service worker (src/sw/service-worker.ts): one classic script, no federation, no hashing. */
const serviceWorker = {
  name: 'sw',
  mode: 'production',
  target: 'webworker',
  context: dir,
  entry: { sw: './src/sw/service-worker.ts' },
  devtool: false,
  output: { path: swBuildDir, filename: 'sw.js', clean: true },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
        type: 'javascript/auto',
      },
    ],
  },
  optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
  stats: 'errors-warnings',
};

/** The page server (src/server/): dist/server/index.cjs, built after the browser build it serves. */
const server = { ...createShellServerConfig({ dir, entry: './src/server/index.ts' }), dependencies: ['shell'] };

// Production builds the worker first, then the shell (which injects the precache list), then the
// page server. `rspack serve` (development) builds the browser side only: no worker (the page does
// not register one there) and no page server (development renders in the browser).
export default production ? [serviceWorker, shell, server] : shell;

/**
 * Build configuration shared by the shell (host) and every remote: rspack 2 + Module Federation
 * (@module-federation/enhanced). One place for loaders, the shared-singleton policy and the
 * versioned output layout. Remotes are built with the federation plugin; the shell's browser build
 * is a runtime-only host (no federation plugin: it bundles its dependencies like any app, and its
 * lazy src/remotes/federation.ts creates the federation runtime with the runtime API, providing
 * its own modules as the shared singletons, see {@link runtimeHostOptions}):
 *   - host:   dist/                 (index.html template, hashed chunks) + dist/server/ (the SSR
 *                                   server, createShellServerConfig)
 *   - remote: dist/<version>/       (mf-manifest.json, remoteEntry.js, hashed chunks, standalone index.html)
 *             dist/<version>/server/ (the remote's server build: remoteEntry.js as a commonjs-module
 *                                   container for the shell's Node server; the browser manifest
 *                                   names it in `metaData.ssrRemoteEntry`, so remotes.json keeps
 *                                   one URL per remote for both sides)
 * Text assets (JS, CSS, HTML, JSON, SVG) are also written precompressed (.br and .gz) for the
 * static servers.
 * HTML template: the app's own `src/index.html` (the shell), else `shared/build/remote.html` (remotes).
 * Parts: federation-runtime.mjs (the remotes' standalone runtime build), assets.mjs (HTML templates,
 * precompression), shared-singletons.mjs (the shared-singleton policy), server.mjs (server builds),
 * swc-rule.mjs (the TypeScript loader), compile-hints.mjs (V8 compile hints for start-up scripts).
 *
 * A remote's build writes only into its own `dist/<version>/` folder, so building or deploying one
 * remote never changes a file of the shell or of another remote (tests/delivery-build.test.ts).
 *
 * Environment (remote builds only, used by scripts/deploy.mjs and the e2e fixtures):
 *   MF_REMOTE_VERSION=1.1.0   version used for the output folder, `__APP_VERSION__` and the
 *                             manifest's `buildInfo.buildVersion` (default: package.json version)
 *   MF_REMOTE_OUT_DIR=/path   root of the versioned folders (default: `<remote>/dist`)
 * Environment (every build):
 *   MF_EXTERNAL_RUNTIME=0     bundle the federation runtime into each remote again (for size
 *                             comparisons; see docs/PERFORMANCE.md). Default: remotes use the
 *                             runtime core the shell provides (`_FEDERATION_RUNTIME_CORE`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { exposesOf, findAppByFolder, portOf } from '../apps.mjs';
import { StandaloneFederationRuntimePlugin, esmRuntimeAliases } from './federation-runtime.mjs';
import { htmlTemplate, precompressPlugins } from './assets.mjs';
import { SHARED_SUBSETS, sharedSingletons, subsetAliases } from './shared-singletons.mjs';
import { remoteServerConfig } from './server.mjs';
import { swcRule } from './swc-rule.mjs';

// The parts of the build, one module per job; this module re-exports their public names.
export { REMOTE_HTML_TEMPLATE, htmlTemplate, precompressPlugins } from './assets.mjs';
export { SHARED_PACKAGES, SHARED_SUBPATHS, SHARED_SUBSETS, sharedSingletons } from './shared-singletons.mjs';
export { SERVER_EXTENSIONS, SsrAssetsPlugin, createShellServerConfig } from './server.mjs';
export { swcRule } from './swc-rule.mjs';
export { CompileHintsPlugin } from './compile-hints.mjs';

const require = createRequire(import.meta.url);

/** Versions a remote may be published as: semver `major.minor.patch[-pre]` (folder-safe). */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Where and as which version an app is built.
 * @param {string} dir  the app's folder (absolute)
 * @param {'host'|'remote'} kind
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ version: string, outDir: string }} `outDir` is `<dir>/dist` for the host and
 *   `<MF_REMOTE_OUT_DIR or dir/dist>/<version>` for a remote.
 * @throws Error when MF_REMOTE_VERSION is not a semver version
 */
export function buildTarget(dir, kind, env = process.env) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (kind !== 'remote') return { version: pkg.version, outDir: join(dir, 'dist') };
  const version = env.MF_REMOTE_VERSION || pkg.version;
  if (!VERSION_PATTERN.test(version)) throw new Error(`MF_REMOTE_VERSION "${version}" is not a semver version (e.g. 1.2.0)`);
  return { version, outDir: join(env.MF_REMOTE_OUT_DIR || join(dir, 'dist'), version) };
}

/** Whether remotes use the host-provided federation runtime (default yes; `MF_EXTERNAL_RUNTIME=0` turns it off). */
export function externalRuntimeEnabled(env = process.env) {
  return env.MF_EXTERNAL_RUNTIME !== '0';
}

/**
 * What the host's browser build (a runtime-only federation host) needs in place of the federation plugin: the aliases that
 * make the shell import the same subsets the remotes share (`react-router` → the subset of
 * shared/src/subsets/), and the definitions its federation module reads: `__SHARED_VERSIONS__`
 * (shared key → installed version, from the shared-singleton policy) and the runtime's
 * `ENV_TARGET` (leaves its Node-only code out).
 * @param {string} dir  the host's folder (absolute)
 * @returns {{ alias: Record<string, string>, define: Record<string, string> }}
 */
export function runtimeHostOptions(dir) {
  const shared = sharedSingletons(dir);
  const alias = {};
  for (const name of Object.keys(SHARED_SUBSETS)) if (shared[name]) alias[`${name}$`] = shared[name].import;
  const versions = Object.fromEntries(Object.entries(shared).map(([name, { version }]) => [name, version]));
  return { alias, define: { __SHARED_VERSIONS__: JSON.stringify(versions), ENV_TARGET: JSON.stringify('web') } };
}

/** React's own `useSyncExternalStore` in place of its pre-18 polyfill (see the file). */
const USE_SYNC_EXTERNAL_STORE_SHIM = join(dirname(fileURLToPath(import.meta.url)), 'use-sync-external-store-shim.js');

/** Development-only first module of every page: a React DevTools hook that keeps renderers (see the file). */
const DEVTOOLS_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'devtools-hook.js');

/**
 * The app of the registry (shared/apps.mjs) built from `dir`: the entry whose `folder` is the
 * folder's name, or else whose folder its package.json names (`@landing/mf-news`: a copy of a
 * remote in another folder, as tests/contracts.test.ts builds).
 * @param {string} dir  the app's folder (absolute)
 * @throws Error when neither names an app of the registry
 */
export function registryApp(dir) {
  const pkg = join(dir, 'package.json');
  const packageName = existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).name : '';
  const app = findAppByFolder(basename(dir)) ?? findAppByFolder(String(packageName).replace(/^@landing\//, ''));
  if (!app) throw new Error(`${basename(dir)} is not in the app registry (shared/apps.mjs): add its entry first (docs/ADDING_A_REMOTE.md)`);
  return app;
}

/**
 * Creates the rspack configuration of an app of the registry (shared/apps.mjs gives its kind,
 * Module Federation name, exposes and port): the host's browser build (an object), or a remote's
 * `[browser, server]` builds (the server one runs after the browser one).
 *
 * Development (`NODE_ENV=development`, `rspack serve`, scripts/dev.mjs): hot module replacement
 * with React Fast Refresh (@rspack/plugin-react-refresh) on the app's registry port (moved by
 * PORT_OFFSET like `npm start`), no eval source maps (the shell's Content-Security-Policy has no
 * 'unsafe-eval'), and a remote builds its browser side only: in development the shell renders in
 * the browser (README.md "Development"). A remote's dev server also serves its production builds
 * (`dist/<version>/`), so an environment's remotes.json keeps working while one remote runs in
 * development behind a tester override.
 * @param {object} o
 * @param {string} o.dir           the app's folder (absolute), a `folder` of the registry
 * @param {string} [o.title]       HTML title of the page (default: `<folder> (standalone)`)
 * @param {(config: object) => object} [o.extend] last-minute changes of the browser build
 * @param {object[]} [o.pluginsExtra] more plugins of the browser build
 * @param {object} [o.devServer]   more dev-server options (e.g. the shell's `setupMiddlewares`)
 * @param {NodeJS.ProcessEnv} [o.env]  environment (default process.env)
 * @param {object} [o.app]         the registry entry to build (default: {@link registryApp} of `dir`;
 *                                 tests build a copy with other exposes)
 */
export function createAppConfig({
  dir,
  title,
  extend = (c) => c,
  pluginsExtra = [],
  devServer = {},
  env = process.env,
  app = registryApp(dir),
}) {
  const { kind, name } = app;
  const exposes = kind === 'remote' ? exposesOf(app) : {};
  const production = env.NODE_ENV !== 'development';
  // React Fast Refresh needs React's development build in the page. A remote in development inside
  // the production composition (`npm run dev -- mf-news`: LANDING_REACT_REFRESH=0) runs under the
  // shell's production React: it compiles JSX for that React, and an edit reloads the page.
  const refresh = !production && env.LANDING_REACT_REFRESH !== '0';
  const { version, outDir } = buildTarget(dir, kind, env);
  // The manifest's buildInfo.buildVersion is read from MF_BUILD_VERSION by the federation plugin.
  if (kind === 'remote') process.env.MF_BUILD_VERSION = version;
  const externalRuntime = externalRuntimeEnabled(env);
  const hostOptions = kind === 'remote' ? { alias: {}, define: {} } : runtimeHostOptions(dir);
  const port = portOf(app, { env });
  const config = {
    name: kind === 'remote' ? `${name}-browser` : undefined,
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    // No eval-based maps in development: the shell's Content-Security-Policy has no 'unsafe-eval'.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: kind === 'remote' ? 'auto' : '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      cssFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      cssChunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      alias: {
        ...subsetAliases(dir, production),
        ...hostOptions.alias,
        ...(kind === 'remote' ? esmRuntimeAliases() : {}),
        'use-sync-external-store/shim$': USE_SYNC_EXTERNAL_STORE_SHIM,
      },
    },
    module: {
      // An import of a missing export fails the build: above all one that a subset of
      // shared/src/subsets/ does not provide (see its README), which would be undefined at run time.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        swcRule({ development: refresh, refresh }),
        { test: /\.css$/, type: 'css/auto' },
        // Flag images stay files (fetched once per flag, cached) rather than data URIs inlined into
        // the render-blocking stylesheet, which `asset` does below 8 KB.
        { test: /[\\/]country-flag-icons[\\/].+\.svg$/, type: 'asset/resource' },
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, exclude: /[\\/]country-flag-icons[\\/]/, type: 'asset' },
      ],
    },
    plugins: [
      ...(kind === 'remote'
        ? [
            new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              shared: sharedSingletons(dir),
              shareStrategy: 'loaded-first',
              manifest: { fileName: 'mf-manifest.json' },
              dts: false,
              dev: false,
              // Federation runtime cost: the host bundles the runtime core once and provides it
              // (src/remotes/federation.ts); remotes reuse it instead of shipping their own copy in
              // remoteEntry.js. `optimization.target: 'web'` leaves the runtime's Node-only code out.
              experiments: { ...(externalRuntime ? { externalRuntime: true } : {}), optimization: { target: 'web' } },
            }),
          ]
        : []),
      ...(kind === 'remote' && externalRuntime ? [new StandaloneFederationRuntimePlugin({ production })] : []),
      new rspack.HtmlRspackPlugin({
        template: htmlTemplate(dir),
        title: title ?? `${app.folder} (standalone)`,
        inject: 'body',
        scriptLoading: 'defer',
        minify: production,
      }),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(version),
        __APP_NAME__: JSON.stringify(name),
        // A browser build runs in pages only (the worker is a build of its own): the minifier then
        // drops the server-side branches (`IS_SERVER`, shared/src/data/query-runtime.ts).
        'typeof window': JSON.stringify('object'),
        ...hostOptions.define,
      }),
      // Fast Refresh: each app's runtime under its own namespace (output.uniqueName), so the
      // shell's and the remotes' refresh runtimes live side by side in one page; the hook comes
      // first so that a remote's runtime finds React too (devtools-hook.js).
      ...(production ? precompressPlugins() : []),
      ...(refresh ? [new rspack.EntryPlugin(dir, DEVTOOLS_HOOK, { name: undefined }), new ReactRefreshRspackPlugin()] : []),
      ...pluginsExtra,
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    // `rspack serve` would compile dynamic imports on first request: a remote's exposes are
    // dynamic imports of its container, and each late compilation reloaded the shell's page.
    lazyCompilation: false,
    devServer: {
      host: 'localhost',
      port,
      hot: true,
      // A remote's code runs in the shell's page (another origin): its chunks, hot updates and
      // manifest are fetched cross-origin, and its HMR client must dial its own server.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { webSocketURL: { hostname: 'localhost', port }, overlay: { warnings: false, runtimeErrors: false } },
      historyApiFallback: kind === 'host',
      // A remote's production builds next to its development one (`/<version>/mf-manifest.json`).
      static: kind === 'remote' ? { directory: join(dir, 'dist'), publicPath: '/', watch: false } : false,
      ...devServer,
    },
    stats: 'errors-warnings',
  };
  if (kind !== 'remote') return extend(config);
  if (!production) return [extend(config)];
  return [extend(config), remoteServerConfig({ dir, name, exposes, version, outDir, production })];
}

export { require as _require };

/**
 * Build configuration shared by the shell (host) and every remote: rspack 2 + Module Federation
 * (@module-federation/enhanced). One place for loaders, the shared-singleton policy and the
 * versioned output layout:
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
 *                             runtime the shell provides.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import CompressionPlugin from 'compression-webpack-plugin';
import { exposesOf, findAppByFolder, portOf } from '../apps.mjs';

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

/** ESM entry of `@module-federation/runtime-core` as used by the installed federation plugin. */
function runtimeCorePath() {
  const fromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const fromRspackPlugin = createRequire(fromPlugin.resolve('@module-federation/rspack'));
  const cjs = fromRspackPlugin.resolve('@module-federation/runtime-tools/runtime-core');
  const esm = join(dirname(cjs), 'runtime-core.js');
  return existsSync(esm) ? esm : cjs;
}

/**
 * Remotes built with `experiments.externalRuntime` expect the host to provide the federation
 * runtime core as `self._FEDERATION_RUNTIME_CORE` (the shell does, `provideExternalRuntime`).
 * A remote's own standalone page (src/bootstrap.tsx, `index.html` of its build) has no host, so
 * this plugin builds a small script that provides the same runtime core, emits it as
 * `assets/federation-runtime.<hash>.js` and puts it first in the standalone page. The script is
 * never loaded by the shell.
 */
class StandaloneFederationRuntimePlugin {
  constructor({ production }) {
    this.production = production;
    this.code = null;
  }

  async buildProvider(context) {
    if (this.code) return;
    const out = mkdtempSync(join(tmpdir(), 'mf-runtime-'));
    const source = [
      "import * as runtimeCore from '@landing/federation-runtime-core';",
      'if (!self._FEDERATION_RUNTIME_CORE) self._FEDERATION_RUNTIME_CORE = runtimeCore;',
    ].join('\n');
    const compiler = rspack({
      mode: this.production ? 'production' : 'development',
      context,
      target: 'web',
      devtool: false,
      entry: { runtime: `data:text/javascript,${encodeURIComponent(source)}` },
      output: { path: out, filename: 'runtime.js', iife: true },
      resolve: { alias: { '@landing/federation-runtime-core$': runtimeCorePath() } },
      optimization: { minimize: this.production },
      stats: 'errors-only',
    });
    try {
      await new Promise((resolve, reject) => {
        compiler.run((err, stats) => {
          if (err) return reject(err);
          if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
          resolve();
        });
      });
      this.code = readFileSync(join(out, 'runtime.js'), 'utf8');
    } finally {
      await new Promise((resolve) => compiler.close(() => resolve()));
      rmSync(out, { recursive: true, force: true });
    }
  }

  apply(compiler) {
    const name = 'StandaloneFederationRuntimePlugin';
    compiler.hooks.beforeRun.tapPromise(name, () => this.buildProvider(compiler.context));
    compiler.hooks.watchRun.tapPromise(name, () => this.buildProvider(compiler.context));
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      const file = () => `assets/federation-runtime.${createHash('sha256').update(this.code).digest('hex').slice(0, 10)}.js`;
      compilation.hooks.processAssets.tap({ name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(file(), new rspack.sources.RawSource(this.code));
      });
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeAssetTagGeneration.tapPromise(name, async (data) => {
        data.assets.js.unshift(`${data.assets.publicPath}${file()}`);
        return data;
      });
    });
  }
}

/** Development-only first module of every page: a React DevTools hook that keeps renderers (see the file). */
const DEVTOOLS_HOOK = join(dirname(fileURLToPath(import.meta.url)), 'devtools-hook.js');

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

/**
 * After a remote's server build: names its container in the browser manifest as
 * `metaData.ssrRemoteEntry` (what @module-federation/rsbuild-plugin does in its manifest utilities; the
 * rspack plugin does not), so one manifest URL in remotes.json serves both sides: the federation
 * runtime in Node loads `<manifest dir>/server/remoteEntry.js`, the browser
 * `<manifest dir>/remoteEntry.js`. The precompressed copies of the manifest are rewritten too.
 */
class SsrManifestMergePlugin {
  constructor({ browserDir, serverDir }) {
    this.browserDir = browserDir;
    this.serverDir = serverDir;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('SsrManifestMergePlugin', () => {
      const file = join(this.browserDir, 'mf-manifest.json');
      const browser = JSON.parse(readFileSync(file, 'utf8'));
      const server = JSON.parse(readFileSync(join(this.serverDir, 'mf-manifest.json'), 'utf8'));
      const { name, path, type } = server.metaData.remoteEntry;
      browser.metaData.ssrRemoteEntry = { name, path: path ? `server/${path}` : 'server', type: type || 'commonjs-module' };
      const text = JSON.stringify(browser, null, 2);
      writeFileSync(file, text);
      if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
      if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    });
  }
}

/** Reads the version of a dependency as installed for `dir` (for `requiredVersion`). */
function installedVersion(dir, name) {
  const req = createRequire(join(dir, 'package.json'));
  const pkgPath = req.resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

/**
 * Shared packages that browsers get as a subset (shared/src/subsets/README.md): shared key →
 * `file`, the subset's name in shared/src/subsets/ (also the alias `@landing/impl/<file>` it
 * imports the package through), and `esm(production)`, the package's ESM build (path inside the
 * package). react-router's package `exports` always point to its development build, hence file paths.
 */
export const SHARED_SUBSETS = {
  'react-router': { file: 'react-router', esm: (production) => `dist/${production ? 'production' : 'development'}/index.mjs` },
  'react-i18next': { file: 'react-i18next', esm: () => 'dist/es/index.js' },
  '@tanstack/react-query': { file: 'react-query', esm: () => 'build/modern/index.js' },
};

/** `resolve.alias` entries `@landing/impl/<file>` → the ESM file of each SHARED_SUBSETS package, as installed for `dir`. */
function subsetAliases(dir, production) {
  const req = createRequire(join(dir, 'package.json'));
  const aliases = {};
  for (const [name, { file, esm }] of Object.entries(SHARED_SUBSETS)) {
    aliases[`@landing/impl/${file}$`] = join(dirname(req.resolve(`${name}/package.json`)), esm(production));
  }
  return aliases;
}

/** Major range of an installed version, e.g. 19.3.1 → ^19.3.1 */
const caret = (v) => `^${v}`;

/**
 * Singletons every app shares. `requiredVersion` is the caret range of what this
 * app was built with; an incompatible major at run time is reported by the federation runtime
 * (console warning) and by the contract test, never silently duplicated.
 */
export function sharedSingletons(dir, { server = false } = {}) {
  const shared = {};
  for (const name of SHARED_PACKAGES) {
    const version = installedVersion(dir, name);
    // Server builds never bundle a copy: the shell's Node server provides every singleton.
    shared[name] = { singleton: true, requiredVersion: caret(version), version, ...(server ? { import: false } : {}) };
  }
  // The browser provides only the part of these packages that the apps use (shared/src/subsets/).
  if (!server) {
    const req = createRequire(join(dir, 'package.json'));
    for (const [name, { file }] of Object.entries(SHARED_SUBSETS)) shared[name].import = req.resolve(`@landing/shared/subsets/${file}`);
  }
  return withSubpaths(shared, server);
}

/** Adds the SHARED_SUBPATHS entries to `shared` (same singleton and version as their package). */
function withSubpaths(shared, server) {
  // Sub-path entry points of the same packages must share the same singleton.
  for (const [sub, pkg] of SHARED_SUBPATHS) {
    if (server && sub === 'react-dom/client') continue; // never used on the server
    shared[sub] = {
      singleton: true,
      requiredVersion: shared[pkg].requiredVersion,
      version: shared[pkg].version,
      ...(server ? { import: false } : {}),
    };
  }
  return shared;
}

/** Packages shared as singletons by every app, in the browser and on the server. */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'zustand',
  'i18next',
  'react-i18next',
  'axios',
  'react-toastify',
  '@tanstack/react-query',
  '@landing/shared',
];
/** Sub-path entries shared with their package's singleton: [entry, package]. */
export const SHARED_SUBPATHS = [
  ['react/jsx-runtime', 'react'],
  ['react-dom/client', 'react-dom'],
];

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
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'], alias: subsetAliases(dir, production) },
    module: {
      // An import of a missing export fails the build: above all one that a subset of
      // shared/src/subsets/ does not provide (see its README), which would be undefined at run time.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        swcRule({ development: refresh, refresh }),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes } : {}),
        shared: sharedSingletons(dir),
        shareStrategy: 'loaded-first',
        manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        dev: false,
        // Federation runtime cost: the host bundles the runtime core once and provides
        // it; remotes reuse it instead of shipping their own copy in remoteEntry.js.
        // `optimization.target: 'web'` leaves the runtime's Node-only code out of the browser build.
        experiments: {
          ...(externalRuntime ? (kind === 'remote' ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
          optimization: { target: 'web' },
        },
      }),
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

/**
 * swc rule for TypeScript/TSX of the apps and of `@landing/*` workspace sources.
 * @param {{ development: boolean, refresh?: boolean }} o  `development` uses React's
 *   jsx-dev-runtime (never on the server: it is not shared, and a development JSX runtime under a
 *   production React crashes); `refresh` adds React Fast Refresh's registrations (dev server only)
 */
export function swcRule({ development, refresh = false }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules[\\/](?!@landing)/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh } },
        target: 'es2020',
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * Module extensions of server builds: a `<name>.server.ts` file replaces `<name>.ts` on the server
 * (e.g. an HTML sanitiser that needs no browser DOM), the browser builds and tests never see it.
 */
export const SERVER_EXTENSIONS = ['.server.tsx', '.server.ts', '.tsx', '.ts', '.jsx', '.js', '.json'];

/**
 * The server build of a remote: the same exposes as a
 * `commonjs-module` container for the shell's Node server, in `<version>/server/`. Every shared
 * singleton is `import: false` (the server provides it: one React, one store module, one query
 * client context); chunks load over HTTP through @module-federation/node's runtime plugin,
 * relative to server/remoteEntry.js, with content-hashed names so versions never mix.
 */
function remoteServerConfig({ dir, name, exposes, version, outDir, production }) {
  const serverDir = join(outDir, 'server');
  return {
    name: `${name}-server`,
    dependencies: [`${name}-browser`], // after the browser build, whose clean: true would wipe server/
    mode: production ? 'production' : 'development',
    context: dir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: serverDir,
      publicPath: '',
      uniqueName: `${name}_server`,
      library: { type: 'commonjs-module' },
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      filename: '[name].js',
      chunkFilename: 'chunks/[name].[contenthash:10].js',
      assetModuleFilename: '../assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: SERVER_EXTENSIONS },
    module: {
      rules: [
        swcRule({ development: false }),
        // Styles come from the browser build (the page links them); nothing to emit here.
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version), __APP_NAME__: JSON.stringify(name) }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name },
        exposes,
        shared: sharedSingletons(dir, { server: true }),
        shareStrategy: 'loaded-first',
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
      }),
      new SsrManifestMergePlugin({ browserDir: outDir, serverDir }),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Writes `ssr-assets.json` next to the host's build: the files of the named chunk group the page
 * boots with (`bootstrap`: its JS and CSS), so the SSR server links the CSS in the first HTML and
 * preloads the JS instead of waiting for the entry to ask for them.
 */
export class SsrAssetsPlugin {
  constructor({ group = 'bootstrap' } = {}) {
    this.group = group;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SsrAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SsrAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = compilation.namedChunkGroups.get(this.group)?.getFiles() ?? [];
        const list = { css: files.filter((f) => f.endsWith('.css')), preload: files.filter((f) => f.endsWith('.js')) };
        compilation.emitAsset('ssr-assets.json', new rspack.sources.RawSource(JSON.stringify(list, null, 2)));
      });
    });
  }
}

/**
 * The shell's SSR server bundle (`shell/dist/server/index.cjs`): plain Node (no federation
 * plugin: it loads remotes with the runtime API). The shell's own dependencies stay `require()`s
 * from its node_modules, so the React it renders with is the React it provides to the remotes;
 * other packages are bundled; `@landing/*` sources are bundled (TypeScript) and that same module object is
 * what it provides as `@landing/shared`. CSS imports are dropped (the page links the browser
 * build's styles); images keep the browser build's URLs.
 * @param {{ dir: string, entry: string }} o  the shell's folder and its server entry
 */
export function createShellServerConfig({ dir, entry }) {
  const production = process.env.NODE_ENV !== 'development';
  // Only the shell's own dependencies stay external: they are what its deployment installs
  // (resolving would also find packages hoisted for other workspace packages via NODE_PATH).
  const dependencies = new Set(Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {}));
  const packageOf = (request) =>
    request
      .split('/')
      .slice(0, request.startsWith('@') ? 2 : 1)
      .join('/');
  return {
    name: 'shell-server',
    mode: production ? 'production' : 'development',
    context: dir,
    target: 'node20',
    entry: { index: entry },
    devtool: 'source-map',
    output: {
      path: join(dir, 'dist', 'server'),
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:10].cjs',
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // react-router's package `exports` name only its development build (dev warnings, slower
    // renders): the production server bundles its production build instead of requiring it.
    resolve: {
      extensions: SERVER_EXTENSIONS,
      alias: production
        ? {
            'react-router$': join(
              dirname(createRequire(join(dir, 'package.json')).resolve('react-router/package.json')),
              SHARED_SUBSETS['react-router'].esm(true),
            ),
          }
        : {},
    },
    externalsPresets: { node: true },
    node: { __dirname: false, __filename: false },
    externals: [
      ({ request }, callback) => {
        if (!request || request.startsWith('data:')) return callback();
        if (production && request === 'react-router') return callback(); // bundled: see resolve.alias
        if (/\.css$/.test(request)) return callback(null, 'var {}');
        if (/^[./]/.test(request) || request.startsWith('@landing/')) return callback();
        return dependencies.has(packageOf(request)) ? callback(null, `commonjs ${request}`) : callback();
      },
    ],
    module: {
      rules: [
        swcRule({ development: false }),
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version),
        __APP_NAME__: JSON.stringify('shell'),
      }),
    ],
    // NODE_ENV stays a run-time value (src/server/index.ts sets it before React loads).
    optimization: { minimize: false, nodeEnv: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export { require as _require };

/**
 * Server builds (shared/build/rspack.mjs): a remote's `commonjs-module` container for the shell's
 * Node server, and the shell's page server bundle with the list of assets its pages boot with.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { SHARED_SUBSETS, sharedSingletons } from './shared-singletons.mjs';
import { swcRule } from './swc-rule.mjs';

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
export function remoteServerConfig({ dir, name, exposes, version, outDir, production }) {
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
        // Chunks only over HTTP, through the page server's pinned fetch (server-chunks-plugin.mjs).
        runtimePlugins: [join(dirname(fileURLToPath(import.meta.url)), 'server-chunks-plugin.mjs')],
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
 * boots with (`bootstrap`: its JS and CSS), so the page server links the CSS in the first HTML and
 * preloads the JS instead of waiting for the entry to ask for them; and under `pages`, the JS of
 * the named chunk group of each page in its own chunk (the shell's `home`), which the page server
 * preloads on that page only.
 */
export class SsrAssetsPlugin {
  /** @param {{ group?: string, pages?: string[] }} [options]  the boot group (default `bootstrap`) and the page groups */
  constructor({ group = 'bootstrap', pages = [] } = {}) {
    this.group = group;
    this.pages = pages;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SsrAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SsrAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = compilation.namedChunkGroups.get(this.group)?.getFiles() ?? [];
        const js = (group) => (compilation.namedChunkGroups.get(group)?.getFiles() ?? []).filter((f) => f.endsWith('.js'));
        const pages = Object.fromEntries(this.pages.map((page) => [page, js(page).filter((f) => !files.includes(f))]));
        const list = { css: files.filter((f) => f.endsWith('.css')), preload: files.filter((f) => f.endsWith('.js')), pages };
        compilation.emitAsset('ssr-assets.json', new rspack.sources.RawSource(JSON.stringify(list, null, 2)));
      });
    });
  }
}

/**
 * The shell's page server bundle (`shell/dist/server/index.cjs`): plain Node (no federation
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

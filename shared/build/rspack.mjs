/**
 * Build configuration shared by the shell (host) and every remote: rspack 2 + Module Federation
 * (@module-federation/enhanced). One place for loaders, the shared-singleton policy and the
 * versioned output layout (design brief §2):
 *   - host:   dist/                 (index.html, remoteEntry-less, hashed chunks)
 *   - remote: dist/<version>/       (mf-manifest.json, remoteEntry.js, hashed chunks, standalone index.html)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);

/** Reads the version of a dependency as installed for `dir` (for `requiredVersion`). */
function installedVersion(dir, name) {
  const req = createRequire(join(dir, 'package.json'));
  const pkgPath = req.resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

/** Major range of an installed version, e.g. 19.3.1 → ^19.3.1 */
const caret = (v) => `^${v}`;

/**
 * Singletons every app shares (design brief §2). `requiredVersion` is the caret range of what this
 * app was built with; an incompatible major at run time is reported by the federation runtime
 * (console warning) and by the contract test, never silently duplicated.
 */
export function sharedSingletons(dir) {
  const names = ['react', 'react-dom', 'react-router', 'zustand', 'i18next', 'react-i18next', 'axios', 'react-toastify', '@landing/shared'];
  const shared = {};
  for (const name of names) {
    const version = installedVersion(dir, name);
    shared[name] = { singleton: true, requiredVersion: caret(version), version };
  }
  // Sub-path entry points of the same packages must share the same singleton.
  for (const [sub, pkg] of [['react/jsx-runtime', 'react'], ['react-dom/client', 'react-dom']]) {
    shared[sub] = { singleton: true, requiredVersion: shared[pkg].requiredVersion, version: shared[pkg].version };
  }
  return shared;
}

/**
 * Creates the rspack configuration of an app.
 * @param {object} o
 * @param {string} o.dir           the app's folder (absolute)
 * @param {'host'|'remote'} o.kind
 * @param {string} o.name          Module Federation name (`shell`, `mf_news`, ...)
 * @param {Record<string,string>} [o.exposes] remote exposes (`./NewsList` → `./src/exposes/NewsList.tsx`)
 * @param {string} o.title         HTML title of the page
 * @param {number} [o.devPort]     port of `rspack serve`
 * @param {(config: object) => object} [o.extend] last-minute changes
 */
export function createAppConfig({ dir, kind, name, exposes = {}, title, devPort, extend = (c) => c, pluginsExtra = [] }) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const production = process.env.NODE_ENV !== 'development';
  const outDir = kind === 'remote' ? join(dir, 'dist', pkg.version) : join(dir, 'dist');
  const config = {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules[\\/](?!@landing)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
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
      }),
      new rspack.HtmlRspackPlugin({
        template: join(dir, 'src', 'index.html'),
        title,
        inject: 'body',
        scriptLoading: 'defer',
        minify: production,
      }),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(pkg.version),
        __APP_NAME__: JSON.stringify(name),
      }),
      ...pluginsExtra,
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: {
      port: devPort,
      historyApiFallback: kind === 'host',
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
    },
    stats: 'errors-warnings',
  };
  return extend(config);
}

export { require as _require };

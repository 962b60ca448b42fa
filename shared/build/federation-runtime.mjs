/**
 * The federation runtime core of a remote's standalone page (shared/build/rspack.mjs uses it
 * unless MF_EXTERNAL_RUNTIME=0). In the site the shell provides the core it bundles
 * (shell/src/remotes/federation.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);

/** ESM entry of `@module-federation/runtime-core` as used by the installed federation plugin. */
function runtimeCorePath() {
  const fromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const fromRspackPlugin = createRequire(fromPlugin.resolve('@module-federation/rspack'));
  const cjs = fromRspackPlugin.resolve('@module-federation/runtime-tools/runtime-core');
  const esm = join(dirname(cjs), 'runtime-core.js');
  return existsSync(esm) ? esm : cjs;
}

/**
 * `resolve.alias` entries of a remote's browser build that give its `remoteEntry.js` the ESM
 * builds of the federation runtime packages it embeds. rspack's federation plugin resolves
 * `@module-federation/webpack-bundler-runtime` and `@module-federation/runtime` with
 * `require.resolve`, that is their CommonJS builds, and CommonJS is not tree-shaken: the whole of
 * `@module-federation/sdk` (its Node loader, its build-plugin option types, manifest helpers) came
 * along. From the ESM builds (the sdk is `sideEffects: false`) the bundler keeps what the entry
 * calls. Same packages, same versions, same code paths; only the module format differs.
 * @returns {Record<string, string>} exact-match aliases (`…$`) from each CommonJS entry and
 *   package name to its ESM entry (`dist/index.js` beside `dist/index.cjs`)
 */
export function esmRuntimeAliases() {
  const fromPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const fromRspackPlugin = createRequire(fromPlugin.resolve('@module-federation/rspack'));
  // The runtime-tools entry the plugin passes to rspack as `implementation`; rspack resolves the
  // bundler runtime and the runtime from there.
  const fromRuntimeTools = createRequire(fromRspackPlugin.resolve('@module-federation/runtime-tools'));
  const aliases = {};
  for (const name of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime']) {
    const cjs = fromRuntimeTools.resolve(name);
    const esm = join(dirname(cjs), 'index.js');
    if (!cjs.endsWith('.cjs') || !existsSync(esm)) continue;
    aliases[`${cjs}$`] = esm;
    aliases[`${name}$`] = esm;
  }
  return aliases;
}

/**
 * Remotes built with `experiments.externalRuntime` expect the host to provide the federation
 * runtime core as `self._FEDERATION_RUNTIME_CORE` (the shell does, src/remotes/federation.ts).
 * A remote's own standalone page (src/bootstrap.tsx, `index.html` of its build) has no host, so
 * this plugin builds a small script that provides the same runtime core, emits it as
 * `assets/federation-runtime.<hash>.js` and puts it first in the standalone page. The script is
 * never loaded by the shell.
 */
export class StandaloneFederationRuntimePlugin {
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

/**
 * V8 compile hints for the scripts a page runs at start-up (docs/performance/history/2026-11-rounds.md "Start-up compile").
 *
 * V8 compiles a function lazily, on the main thread, the first time it is called. The shell's
 * start-up evaluates its whole module graph (React DOM, the router, i18next, @landing/shared, the
 * pages) and then hydrates, so hundreds of functions are compiled in those tasks: about half of the
 * start-up evaluation task and of the hydration tasks is lazy compilation in a Chrome trace
 * (`V8.CompileCode`). The magic comment `//# allFunctionsCalledOnLoad` as the first line of a
 * script asks V8 (Chrome 136+) to compile all of the script's functions eagerly, while the script
 * is streamed, off the main thread (https://v8.dev/blog/explicit-compile-hints). Other engines
 * read it as a comment.
 *
 * {@link CompileHintsPlugin} adds it to the JS files of one named chunk group (the shell's
 * `bootstrap`: the files the page server preloads, see SsrAssetsPlugin in server.mjs); lazily
 * loaded chunks keep V8's lazy compilation, since most of their functions may never run.
 */
import { rspack } from '@rspack/core';

/** V8's magic comment: compile every function of this script eagerly (explicit compile hints). */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link ALL_FUNCTIONS_CALLED_ON_LOAD} first in each JS file of the chunk group `group`.
 * It runs after minification (which would drop the comment) and before the source maps and the
 * precompressed copies are written, so both describe the file as served.
 */
export class CompileHintsPlugin {
  /** @param {{ group?: string }} [options]  the named chunk group (default `bootstrap`) */
  constructor({ group = 'bootstrap' } = {}) {
    this.group = group;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = compilation.namedChunkGroups.get(this.group)?.getFiles() ?? [];
          for (const file of files.filter((f) => f.endsWith('.js'))) {
            compilation.updateAsset(file, (source) => new rspack.sources.ConcatSource(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\n`, source));
          }
        },
      );
    });
  }
}

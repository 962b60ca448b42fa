/**
 * Runtime plugin of every remote's server build (server.mjs `runtimePlugins`): how the remote's
 * container loads its chunks inside the shell's page server.
 *
 * It replaces @module-federation/node's `runtimePlugin`, whose chunk loader first looks on the
 * page server's own disk, at the remote entry's URL path (`<entry dir>/chunks/<name>.js`), and
 * runs a file found there without the runtime's `fetch` hook, so without the SHA-256 pins of
 * remotes.json (shell/src/server/federation/remote-trust.ts). Here every chunk is fetched over HTTP through
 * that hook (the node plugin's own `loadChunk('http-vm', …)`), whatever lies on the disk. That
 * library has no option to turn its filesystem branch off, hence this copy of its chunk handler.
 * Proved by e2e/ssr-remote-trust.spec.ts (a tampered chunk at the local path is not run).
 */
/* global __webpack_require__ */
import { deleteChunk, installChunk, loadChunk, setupScriptLoader } from '@module-federation/node/runtimePlugin';

/**
 * The plugin (a Module Federation runtime plugin factory).
 * @returns {{ name: string, beforeInit(args: object): object }}
 */
export default function landingServerChunks() {
  return {
    name: 'landing-server-chunks',
    beforeInit(args) {
      setupScriptLoader();
      /** chunk id → 0 (installed) or [resolve, reject, promise] while it loads */
      const installed = {};
      const handle = (chunkId, promises) => {
        const state = installed[chunkId];
        if (state === 0) return;
        if (state) {
          promises.push(state[2]);
          return;
        }
        // Chunks the build has no file for (the shared modules it consumes): nothing to load.
        const { chunkMatcher } = __webpack_require__.federation;
        if (chunkMatcher && !chunkMatcher(chunkId)) {
          installed[chunkId] = 0;
          return;
        }
        const pending = [];
        installed[chunkId] = pending;
        pending[2] = new Promise((resolve, reject) => {
          pending[0] = resolve;
          pending[1] = reject;
          const name = __webpack_require__.federation.initOptions.name;
          loadChunk(
            'http-vm',
            __webpack_require__.u(chunkId),
            name,
            (error, chunk) => {
              if (error) {
                deleteChunk(chunkId, installed);
                reject(error);
                return;
              }
              if (chunk) installChunk(chunk, installed);
              resolve(chunk);
            },
            args,
          );
        });
        promises.push(pending[2]);
      };
      if (__webpack_require__.f?.readFileVm) __webpack_require__.f.readFileVm = handle;
      return args;
    },
  };
}

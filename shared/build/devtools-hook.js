/**
 * Development builds only (`npm run dev`), first module of every app's page. React Fast Refresh
 * finds React's renderer through `window.__REACT_DEVTOOLS_GLOBAL_HOOK__`. When no DevTools
 * extension provides that hook, react-refresh installs a stand-in that does not keep the renderers
 * it is given, so only the refresh runtime that was there before React loaded (the shell's) can
 * ever refresh: a remote's runtime, loaded later into the same page, finds no renderer and its
 * edits never show. This stand-in keeps them in `renderers`, as the DevTools hook does, so every
 * runtime (one per app: the shell and each remote) can refresh its own components. Hand-written:
 * the hook's shape is React's internal protocol and no package provides only the hook.
 */
if (typeof window !== 'undefined' && !window.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  const renderers = new Map();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

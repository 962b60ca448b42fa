// `use-sync-external-store/shim` for React 18 and later, which has the hook itself (react-i18next
// imports the shim for React 16 and 17; its polyfill is dead code with React 19). Aliased in the
// browser builds (./rspack.mjs).
export { useSyncExternalStore } from 'react';

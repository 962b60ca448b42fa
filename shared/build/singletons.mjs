/**
 * The table of shared singletons: every module the apps share through Module Federation, once.
 * It feeds the build policy of every app (./shared-singletons.mjs) and both hosts, whose module
 * maps are typed by it, so a key missing from a host, or one a host adds, fails the typecheck:
 * the browser host (shell/src/remotes/federation.ts) and the page server
 * (shell/src/server/federation/shared-modules.ts); shell/test/shared-singletons.test.ts checks
 * the versions they provide.
 *
 * Per key:
 * - `browser`: `'loaded'`, the shell's entry has it evaluated before any remote loads;
 *   `'lazy'`, the shell loads its copy when the first app asks for it.
 * - `server`: whether the page server provides it to the remotes' server builds.
 * - `of`: for a sub-path entry, the package whose singleton and version it shares.
 * - `optional`: shared only by the apps that list the package in their `dependencies`
 *   (react-hook-form: the shell and the remotes with a form), so a page with forms in two apps
 *   loads one copy; an app without it neither provides nor consumes it.
 */
export const SINGLETONS = /** @type {const} */ ({
  react: { browser: 'loaded', server: true },
  'react/jsx-runtime': { browser: 'loaded', server: true, of: 'react' },
  'react-dom': { browser: 'loaded', server: true },
  'react-dom/client': { browser: 'loaded', server: false, of: 'react-dom' },
  'react-router': { browser: 'loaded', server: true },
  zustand: { browser: 'loaded', server: true },
  i18next: { browser: 'loaded', server: true },
  'react-i18next': { browser: 'loaded', server: true },
  '@tanstack/react-query': { browser: 'lazy', server: true },
  '@landing/shared': { browser: 'loaded', server: true },
  axios: { browser: 'lazy', server: true },
  'react-toastify': { browser: 'lazy', server: true },
  'react-hook-form': { browser: 'lazy', server: true, optional: true },
});

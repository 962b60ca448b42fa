/**
 * The part of react-router that this site's apps use, provided to the share scope under the key
 * `react-router` (issue 11, "JavaScript diet"; design brief §2).
 *
 * A shared module cannot be tree-shaken by its provider: the provider does not know which exports
 * other builds consume, so sharing `react-router` ships all of it (about 60 KiB gzip, including
 * framework-mode, RSC, cookie and session code that no app here uses). Every app's browser build
 * therefore provides THIS module as `react-router` (`sharedSingletons` in build/rspack.mjs, shared
 * `import`), and this module re-exports the APIs the shell and the remotes use, from react-router's
 * production ESM build, so everything else is dropped.
 *
 * Module Federation 2's own answer, the shared `treeShaking` option, is marked experimental by
 * rspack and needs a second, independent build of each shared package; this explicit list does the
 * same with the bundler's ordinary tree shaking and no extra build.
 *
 * Contract for remote teams: source code keeps importing from `react-router`. An import of an
 * export that is not listed here fails the app's build (`exportsPresence: 'error'`), so add the
 * export here, in the same release as the shell, before a remote uses it. The server render uses
 * the whole package (shell/src/server/federation.ts).
 *
 * `@landing/react-router-impl` is a build alias of react-router's ESM entry (a request that does not
 * match the shared key, so this module does not consume itself).
 */
export {
  // Routers: the shell's data router; the remotes' standalone pages (bootstrap.tsx).
  createBrowserRouter,
  createHashRouter,
  RouterProvider,
  BrowserRouter,
  HashRouter,
  Routes,
  Route,
  // Components.
  Link,
  NavLink,
  Navigate,
  Outlet,
  ScrollRestoration,
  // Hooks and helpers.
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  isRouteErrorResponse,
  generatePath,
  matchPath,
} from '@landing/react-router-impl';

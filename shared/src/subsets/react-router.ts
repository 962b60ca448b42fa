/**
 * The part of react-router that this site's apps use, provided in the browser as the shared
 * `react-router` (how and why: ./README.md). The whole package is
 * about 60 KiB gzip, with framework-mode, RSC, cookie and session code no app here uses; this
 * subset is about half. `@landing/impl/react-router` is react-router's production ESM build.
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
  // Route loaders: the old e-mail links' redirect to the token in the fragment (shell router).
  redirect,
} from '@landing/impl/react-router';

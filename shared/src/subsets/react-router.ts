/**
 * The part of react-router that this site's apps use, provided in the browser as the shared
 * `react-router` (how and why: ./README.md). Declarative mode only: the shell and the remotes'
 * standalone pages route with `<BrowserRouter>`/`<HashRouter>` and `useRoutes`/`<Routes>`, so
 * the data router (`createBrowserRouter`, loaders, `errorElement`, `<ScrollRestoration>`), about
 * 17 KiB gzip, is left out. The whole package is about 60 KiB gzip, with framework-mode, RSC,
 * cookie and session code no app here uses; this subset is about 14 KiB.
 * `@landing/impl/react-router` is react-router's production ESM build.
 */
export {
  // Routers: the shell (bootstrap.tsx); the remotes' standalone pages (their bootstrap.tsx).
  BrowserRouter,
  HashRouter,
  Routes,
  Route,
  useRoutes,
  // Components.
  Link,
  NavLink,
  Navigate,
  Outlet,
  // Hooks and helpers.
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  generatePath,
  matchPath,
} from '@landing/impl/react-router';

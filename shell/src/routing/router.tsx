/**
 * The routes of the site (spec §2), one table rendered by {@link SiteRoutes} under the browser's
 * `<BrowserRouter>` (bootstrap.tsx) and the page server's `<StaticRouter>`
 * (server/render/render-page.tsx). Every route of the spec is declared here; remotes render inside
 * their slot. `/auth_callback` and `/auth/{provider}/callback` use the callback layout, every
 * other page the default layout. Each layout is inside a {@link RouteErrorBoundary}: a page that
 * fails to render (its code cannot load) shows the error page.
 */
import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { COOKIES, DEFAULT_SERVER, getCookie } from '@landing/shared';
import { DefaultLayout } from '../layout/DefaultLayout';
import { CallbackLayout } from '../layout/CallbackLayout';
import { NotFoundPage } from '../pages/StatusPages';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { lazyWithQueryCache } from '../data/with-query-cache';
import { useNavigationEvents } from './navigation-events';
import { useScrollRestoration } from '../layout/scroll-restoration';
import {
  AccountRoute,
  ActivationRoute,
  BetsRoute,
  HomeRoute,
  JoinRoute,
  NewsArticleRoute,
  NewsListRoute,
  SocialCallbackRoute,
  TokenPathRoute,
} from './RemoteRoutes';

/** `/` goes to the remembered server (`ft-lang-last-locale`) or royal; unknown values are normalised by the layout. */
function RootRedirect() {
  return <Navigate to={`/${getCookie(COOKIES.lastServer) || DEFAULT_SERVER}${window.location.search}`} replace />;
}

/** The affiliate page's code loads when it is visited (it is not part of the home page's first load). */
const AffiliatePage = lazyWithQueryCache(() => import('../pages/AffiliatePage').then((m) => m.AffiliatePage));
/** The operations page (docs/OPERATIONS.md) loads when it is visited. */
const OperationsPage = lazy(() => import('../telemetry/OperationsPage').then((m) => ({ default: m.OperationsPage })));
/** The composition status page (outside production only) loads when it is visited. */
const CompositionPage = lazy(() => import('../pages/CompositionPage').then((m) => ({ default: m.CompositionPage })));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootRedirect />
      </RouteErrorBoundary>
    ),
  },
  {
    element: (
      <RouteErrorBoundary>
        <CallbackLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/auth_callback', element: <SocialCallbackRoute /> },
      { path: '/auth/:provider/callback', element: <SocialCallbackRoute /> },
    ],
  },
  {
    path: '/:server',
    element: (
      <RouteErrorBoundary>
        <DefaultLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'join', element: <JoinRoute /> },
      { path: 'join/p/:partner', element: <JoinRoute /> },
      { path: 'join/ref/:id', element: <JoinRoute /> },
      { path: 'bets', element: <BetsRoute tab="matches" /> },
      { path: 'bets-ranking', element: <BetsRoute tab="ranking" /> },
      { path: 'bets-rules', element: <BetsRoute tab="rules" /> },
      { path: 'news', element: <NewsListRoute /> },
      { path: 'news/list/:page', element: <NewsListRoute /> },
      { path: 'news/:slug', element: <NewsArticleRoute /> },
      {
        path: 'affiliate',
        element: (
          <Suspense fallback={null}>
            <AffiliatePage />
          </Suspense>
        ),
      },
      {
        path: 'composition',
        element: (
          <Suspense fallback={null}>
            <CompositionPage />
          </Suspense>
        ),
      },
      {
        path: 'operations',
        element: (
          <Suspense fallback={null}>
            <OperationsPage />
          </Suspense>
        ),
      },
      { path: 'account', element: <AccountRoute /> },
      // E-mailed tokens are in the URL fragment; old path links are redirected there (tokenPathTarget).
      { path: 'account-activation', element: <ActivationRoute kind="account" /> },
      { path: 'email-activation', element: <ActivationRoute kind="email" /> },
      { path: 'password-activation', element: <ActivationRoute kind="password" /> },
      { path: 'account-activation/:token', element: <TokenPathRoute /> },
      { path: 'email-activation/:token', element: <TokenPathRoute /> },
      { path: 'password-activation/:token', element: <TokenPathRoute /> },
      { path: '*', element: <NotFoundPage variant="unmatched" /> },
    ],
  },
];

/**
 * The site's pages: {@link routes} for the router around it (`useRoutes`), with the scroll
 * positions of its navigations (../layout/scroll-restoration.ts) and their listeners
 * (./navigation-events.ts), both in the browser only.
 */
export function SiteRoutes() {
  useScrollRestoration();
  useNavigationEvents();
  return useRoutes(routes);
}

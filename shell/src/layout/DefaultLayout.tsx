import { lazy, Suspense, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import {
  COOKIES,
  REGISTER_PARAMS,
  toastsRequested,
  getCookie,
  getRuntimeConfig,
  useApiClient,
  useLandingStore,
  useQueryData,
  useReadScope,
  type RegisterParams,
  type ServerCode,
} from '@landing/shared';
import { landingQuery } from '../data/queries';
import { normaliseServerRoute } from '../routing/normalise';
import { Header } from './Header';
import { Footer } from './Footer';
import { ModalsHost } from './ModalsHost';
import { BottomNotices } from './BottomNotices';
import { PageHydrated } from './page-hydrated';
import { PwaStatus } from '../pwa/PwaStatus';
import { OverrideBadgeSlot } from '../remotes/OverrideBadgeSlot';
import { ErrorPage } from '../pages/StatusPages';
import { useTranslation } from 'react-i18next';

function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a className="skip-link" href="#main">
      {t('header.skip')}
    </a>
  );
}

/**
 * Landing config of the server in the interface language (spec §3 `landingHeaderCode`, technical
 * break §4). The page server prefetches it before rendering (it decides a 503); in the browser it
 * comes from the hydrated cache, and is fetched again for a new server or language.
 * @returns whether the technical break is on (from the answer or from a 503 of any call)
 */
function useTechnicalBreak(server: ServerCode): boolean {
  const data = useQueryData(landingQuery(useApiClient(), useReadScope(server)));
  const raised = useLandingStore((s) => s.technicalBreak);
  return raised || data?.technical_break === true;
}

/** Captures the register params of spec §3 from the query (partner, click_id, …). */
function useRegisterParams(search: string) {
  const setRegisterParams = useLandingStore((s) => s.setRegisterParams);
  useEffect(() => {
    const q = new URLSearchParams(search);
    const found: RegisterParams = {};
    for (const key of REGISTER_PARAMS) {
      const v = q.get(key);
      if (v) found[key] = v.slice(0, 128);
    }
    const refId = q.get('ref_id');
    if (refId) found.ref_id_track = refId.slice(0, 128);
    if (Object.keys(found).length) setRegisterParams(found);
  }, [search, setRegisterParams]);
}

/**
 * The page frame once the server segment is valid: header, page, footer, modals, toasts. The page
 * and the footer are Suspense boundaries of their own: when hydrating, React makes the header and
 * its controls live first and hydrates them afterwards (a click inside one before then hydrates it
 * at once and is replayed by React).
 */
function ServerFrame({ server }: { server: ServerCode }) {
  const { search } = useLocation();
  const technicalBreak = useTechnicalBreak(server);
  useRegisterParams(search);
  return (
    <div className="app">
      <SkipLink />
      <Header server={server} />
      <main id="main" className="main">
        {/* The page and the footer hydrate after the header, each in its own pass (page-hydrated.ts). */}
        <Suspense fallback={null}>
          {technicalBreak ? <ErrorPage status={503} /> : <Outlet />}
          <PageHydrated />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ModalsHost server={server} />
      <BottomNotices />
      <PwaStatus />
      <OverrideBadgeSlot />
      <ToastHost />
    </div>
  );
}

const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toast container (and loads its code) with the page's first toast. */
function ToastHost() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get, toastsRequested.getServer);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * Default layout of every `/{server}/…` page (spec §2). Applies the route normalisation rules
 * first (legacy codes, unknown servers) and stores a known server as `selectedServer` before the
 * page's own requests run.
 */
export function DefaultLayout() {
  const { server: segment = '' } = useParams();
  const { pathname, search } = useLocation();
  const rest = pathname.slice(segment.length + 1);
  const result = normaliseServerRoute({
    segment,
    rest,
    search,
    production: getRuntimeConfig().production,
    lastServer: getCookie(COOKIES.lastServer),
  });
  const setSelectedServer = useLandingStore((s) => s.setSelectedServer);
  const validServer = result.kind === 'ok' ? result.server : null;
  useLayoutEffect(() => {
    if (validServer) setSelectedServer(validServer);
  }, [validServer, setSelectedServer]);
  const selected = useLandingStore((s) => s.selectedServer);
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  if (selected !== validServer) return null; // one frame until the store has the server
  return <ServerFrame server={result.server} />;
}

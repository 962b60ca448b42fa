/**
 * Route elements that turn URL parameters into the typed props of a remote's exposed component
 * (spec §2 routes). A parameter failing its validator gives the 404 page (spec §8).
 */
import { Suspense, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useLandingStore } from '@landing/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { NotFoundPage } from '../pages/StatusPages';
import { LazyHomePage, loadedHomePage } from '../pages/home-chunk';
import { routeValidators } from './normalise';

/**
 * `/{server}`: the home page, a chunk of its own (../pages/home-chunk.ts). Loaded before
 * hydration on a home page, it renders at once; in a navigation it shows once its chunk is in.
 */
export function HomeRoute() {
  const server = useLandingStore((s) => s.selectedServer);
  // Chosen once: the route never switches from the lazy page to the loaded one (that would remount it).
  const [HomePage] = useState(() => loadedHomePage() ?? LazyHomePage);
  return (
    <Suspense fallback={null}>
      <HomePage server={server} />
    </Suspense>
  );
}

export function JoinRoute() {
  const server = useLandingStore((s) => s.selectedServer);
  const { partner, id } = useParams();
  if (partner !== undefined && !routeValidators.partner(partner)) return <NotFoundPage variant="invalid" />;
  if (id !== undefined && !routeValidators.refId(id)) return <NotFoundPage variant="invalid" />;
  return <RemoteSlot id="mf_auth/JoinPage" props={{ server, partner, refId: id }} />;
}

/**
 * `/{server}/{kind}-activation#token=…`: the page reads the token from the URL fragment, which
 * the server never sees (old path links are moved there: {@link tokenPathTarget}).
 */
export function ActivationRoute({ kind }: { kind: 'account' | 'email' | 'password' }) {
  const server = useLandingStore((s) => s.selectedServer);
  return <RemoteSlot id="mf_auth/ActivationPage" props={{ server, kind }} />;
}

/** The old e-mail links with the token in the path: `/{server}/{kind}-activation/{token}`. */
const TOKEN_PATH = /^\/[^/]+\/(?:account|email|password)-activation\/([^/]+)$/;

/**
 * Where an old e-mail link with the token in the path (`/{server}/{kind}-activation/{token}`) goes:
 * the same page with the token in the fragment (`…-activation#token=…`), so the token leaves the
 * address and later Referers and logs. The page server answers it with a 302
 * (server/render/render-page.tsx), the browser with a replacing navigation ({@link TokenPathRoute}).
 * @param pathname  the request's path
 * @returns the target (path and fragment), or null for any other path and for a malformed token
 *   (that route shows the 404 page, spec §8)
 */
export function tokenPathTarget(pathname: string): string | null {
  const token = TOKEN_PATH.exec(pathname)?.[1];
  if (token === undefined || !routeValidators.token(token)) return null;
  return `${pathname.slice(0, pathname.lastIndexOf('/'))}#token=${token}`;
}

/** `/{server}/{kind}-activation/{token}` in the browser: {@link tokenPathTarget}, or the 404 page. */
export function TokenPathRoute() {
  const target = tokenPathTarget(useLocation().pathname);
  return target ? <Navigate to={target} replace /> : <NotFoundPage variant="invalid" />;
}

/** `/{server}/account`: the logged-in player's password, sessions and security events (mf-auth). */
export function AccountRoute() {
  const server = useLandingStore((s) => s.selectedServer);
  return <RemoteSlot id="mf_auth/AccountPage" props={{ server }} />;
}

export function BetsRoute({ tab }: { tab: 'matches' | 'ranking' | 'rules' }) {
  const server = useLandingStore((s) => s.selectedServer);
  return <RemoteSlot id="mf_bets/BetsPage" props={{ server, tab }} />;
}

export function NewsListRoute() {
  const server = useLandingStore((s) => s.selectedServer);
  const { page } = useParams();
  if (page !== undefined && !routeValidators.page(page)) return <NotFoundPage variant="invalid" />;
  return <RemoteSlot id="mf_news/NewsList" props={{ server, page: page ? Number(page) : 1 }} />;
}

export function NewsArticleRoute() {
  const server = useLandingStore((s) => s.selectedServer);
  const { slug } = useParams();
  if (!routeValidators.slug(slug)) return <NotFoundPage variant="invalid" />;
  return <RemoteSlot id="mf_news/NewsArticle" props={{ server, slug: slug! }} />;
}

export function SocialCallbackRoute() {
  const { provider } = useParams();
  if (provider !== undefined && !routeValidators.provider(provider)) return <NotFoundPage variant="invalid" />;
  return <RemoteSlot id="mf_auth/SocialCallback" props={{ provider }} />;
}

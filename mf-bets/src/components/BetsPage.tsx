import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  EmptyState,
  Spinner,
  findServer,
  formatNumber,
  formatServerDate,
  openLogin,
  registerTranslationLoaders,
  useApiClient,
  usePageMeta,
  usePageQuery,
  useReadScope,
  useResponseStatus,
  usePlayer,
  viewerKey,
  type BetsPageProps,
} from '@landing/shared';
import type { Tournament } from '@landing/domain/schemas/bets';
import { rankingQuery } from '../api/fetch-ranking';
import { tournamentsQuery } from '../api/fetch-tournaments';
import { loaders } from '../i18n';
import { tabHref } from '../lib/links';
import { tournamentName } from '../lib/names';
import { MatchesTab } from './MatchesTab';
import { NotLoaded } from './NotLoaded';
// The page's styles, in cascade order (the responsive rules last).
import '../styles/index.css';

// The Ranking and Rules tabs' code loads when one of them is opened (or its page is the one
// server-rendered), not with the Bet matches tab.
const RankingTab = lazy(() => import('./RankingTab').then((m) => ({ default: m.RankingTab })));
const RulesTab = lazy(() => import('./RulesTab').then((m) => ({ default: m.RulesTab })));

// The shared API client translates an error code found in `common:errors` (spec §8 toasts); the
// codes of the bets API go there too (distinct names, so no other package's text is replaced).
registerTranslationLoaders('bets', loaders, { also: (res) => [['common', { errors: res.apiErrors as Record<string, string> }]] });

type Tab = BetsPageProps['tab'];
const TABS: readonly Tab[] = ['matches', 'ranking', 'rules'];

function StatusPill({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation('bets');
  return <span className={`bt-pill ui-tint bt-pill--${tournament.status}`}>{t(`page.status.${tournament.status}`)}</span>;
}

/**
 * The bets page (spec §1 "match-betting page … with tabs Bet matches, Ranking, Rules"; routes
 * `/{server}/bets`, `/bets-ranking`, `/bets-rules` of §2): tournament switch (World Cup, Euro
 * 2024; `?tournament=` keeps it in the URL), the player's summary, and the tab chosen by the route.
 * Tabs are links, so each is deep-linkable and the shell's router handles them.
 */
export function BetsPage({ server, tab }: BetsPageProps) {
  const { t } = useTranslation('bets');
  const [params] = useSearchParams();
  // Every player shares this page's render (docs/ARCHITECTURE.md "Page cache"): the player's own
  // record, and so their predictions and summary, is read in the browser after hydration.
  const player = usePlayer(server);
  const loggedIn = player.loggedIn;
  // Per-viewer data is keyed by the viewer, so a logout drops it (shared `forgetViewerData`).
  const userKey = viewerKey(player.own);
  const meTitle = useId();
  const api = useApiClient();
  const read = useReadScope(server);
  const tournaments = usePageQuery(tournamentsQuery(api, read));

  const requested = params.get('tournament');
  const list = tournaments.data?.tournaments ?? [];
  const code = requested ?? tournaments.data?.current ?? null;
  const tournament = list.find((x) => x.code === code) ?? null;
  const linkCode = requested ? code : null;
  // A tournament the list does not have does not exist: 404 (the page server does not keep it).
  useResponseStatus(tournaments.data && !tournament && requested !== null ? 404 : 200);

  const summary = usePageQuery(
    player.own && tournament
      ? rankingQuery(api, read, { tournament: tournament.code, page: 1, perPage: 1, scope: 'server' }, userKey)
      : null,
  );
  const pageName = tournament ? tournamentName(tournament.code, tournament.name, t) : null;
  usePageMeta(pageName ? { title: `${pageName} · ${t('page.eyebrow')}`, description: t('page.intro') } : null);

  if (!tournaments.data) {
    return (
      <div className="ui-container bt-page">
        <NotLoaded query={tournaments} errorTitle={t('page.loadError')} page />
      </div>
    );
  }

  if (!tournament) {
    return (
      <div className="ui-container bt-page">
        <div className="ui-card">
          <EmptyState
            title={t('page.notFound')}
            action={
              <Link className="ui-btn" to={tabHref(server, tab, null)}>
                {t('page.showCurrent')}
              </Link>
            }
          />
        </div>
      </div>
    );
  }

  const info = findServer(server);
  const name = tournamentName(tournament.code, tournament.name, t);
  const me = summary.data?.me ?? null;

  return (
    <div className="ui-container bt-page" data-testid="bets-page">
      <header className="bt-hero">
        <div className="bt-hero__main">
          <p className="bt-hero__eyebrow">{t('page.eyebrow')}</p>
          <h1 className="bt-hero__title">{name}</h1>
          <p className="bt-hero__intro">{t('page.intro')}</p>
          <p className="bt-hero__meta">
            <StatusPill tournament={tournament} />
            <span>
              {formatServerDate(tournament.starts_at, server, 'dd-MM-yyyy')} – {formatServerDate(tournament.ends_at, server, 'dd-MM-yyyy')}
            </span>
            <span>{t('page.progress', { finished: tournament.matches_finished, total: tournament.matches_total })}</span>
          </p>
          <p className="bt-hero__tz">{t('page.timezone', { server: info?.name ?? server, gmt: info?.gmt ?? '' })}</p>
          <nav className="bt-switch" aria-label={t('page.tournaments')}>
            {list.map((x) => (
              <Link
                key={x.code}
                to={tabHref(server, tab, x.code)}
                className={`bt-switch__item ${x.code === tournament.code ? 'is-active' : ''}`}
                aria-current={x.code === tournament.code ? 'page' : undefined}
              >
                <span>{tournamentName(x.code, x.name, t)}</span>
                <span className={`bt-dot bt-dot--${x.status}`} aria-hidden="true" />
                <span className="ui-visually-hidden">({t(`page.status.${x.status}`)})</span>
              </Link>
            ))}
          </nav>
        </div>

        <aside className="bt-hero__side" aria-labelledby={meTitle}>
          {loggedIn ? (
            <div className="bt-me" data-testid="my-summary">
              <p id={meTitle} className="bt-me__title">
                {t('me.title', { name: player.nickname })}
              </p>
              {me ? (
                <dl className="bt-me__stats">
                  <div>
                    <dt>{t('me.position')}</dt>
                    <dd>
                      #{formatNumber(me.position)} <small>{t('me.of', { total: formatNumber(summary.data!.total) })}</small>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('me.points')}</dt>
                    <dd data-testid="my-points">{formatNumber(me.total_points)}</dd>
                  </div>
                  <div>
                    <dt>{t('me.bets')}</dt>
                    <dd>{formatNumber(me.total_bets)}</dd>
                  </div>
                </dl>
              ) : summary.isPending || summary.isPlaceholderData || !player.own ? (
                // The same rows while the player's own figures load: nothing moves when they come.
                <dl className="bt-me__stats" aria-busy="true" data-testid="my-summary-pending">
                  {(['position', 'points', 'bets'] as const).map((k) => (
                    <div key={k}>
                      <dt>{t(`me.${k}`)}</dt>
                      <dd>–</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="bt-me__none">{t('me.none')}</p>
              )}
              {tab !== 'ranking' ? (
                <Link className="bt-me__link" to={tabHref(server, 'ranking', linkCode)}>
                  {t('me.seeRanking')}
                </Link>
              ) : null}
            </div>
          ) : (
            <div className="bt-me bt-me--visitor">
              <p id={meTitle} className="bt-me__title">
                {t('visitor.title')}
              </p>
              <p className="bt-me__none">{t('visitor.text')}</p>
              <ul className="bt-me__tiers" aria-label={t('rules.points.title')}>
                {(['exact', 'goal_difference', 'outcome'] as const).map((hit) => (
                  <li key={hit} className={`bt-points ui-tint bt-points--${hit}`}>
                    {t(`match.hit.${hit}`)} · {t('match.points', { count: tournament.scoring[hit] })}
                  </li>
                ))}
              </ul>
              <button type="button" className="ui-btn ui-btn--gold" onClick={() => openLogin({ stayOnPage: true })}>
                {t('visitor.login')}
              </button>
            </div>
          )}
        </aside>
      </header>

      <nav className="bt-tabs ui-tabs" aria-label={t('page.sections')}>
        {TABS.map((x) => (
          <Link
            key={x}
            to={tabHref(server, x, linkCode)}
            className={`ui-tabs__tab bt-tabs__tab ${x === tab ? 'is-active' : ''}`}
            aria-current={x === tab ? 'page' : undefined}
            data-testid={`tab-${x}`}
          >
            {t(`tabs.${x}`)}
          </Link>
        ))}
      </nav>

      <div className="bt-panel">
        <Suspense fallback={<Spinner />}>
          {tab === 'matches' ? (
            <MatchesTab server={server} tournament={tournament} loggedIn={loggedIn} userKey={userKey} />
          ) : tab === 'ranking' ? (
            <RankingTab server={server} tournament={tournament} userKey={userKey} matchesHref={tabHref(server, 'matches', linkCode)} />
          ) : (
            <RulesTab server={server} tournament={tournament} />
          )}
        </Suspense>
      </div>
    </div>
  );
}

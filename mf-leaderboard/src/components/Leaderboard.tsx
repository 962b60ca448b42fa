import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  Spinner,
  Tabs,
  useTabIds,
  formatNumber,
  registerTranslationLoaders,
  useApiClient,
  usePageQuery,
  useReadScope,
  type LeaderboardProps,
} from '@landing/shared';
import type { PlayerRow, TeamRow } from '@landing/domain/schemas/leaderboard';
import { loaders } from '../i18n';
import { leaderboardQuery } from '../api/fetch-leaderboard';
import { weekDays } from '../lib/week';
import { CountryFlag } from './CountryFlag';
import { RankTable } from './RankTable';
import { medal } from '../lib/medal';
import '../styles/index.css';

registerTranslationLoaders('leaderboard', loaders);

type Tab = 'players' | 'teams';

/** The name cell of a player row: flag, nickname, club. */
function PlayerName({ player }: { player: PlayerRow }) {
  return (
    <>
      <CountryFlag country={player.country} />
      <span className="lb__name">{player.nickname}</span>
      {player.club ? <span className="lb__club">{player.club}</span> : null}
    </>
  );
}

/** The name cell of a team row: badge colour, name. */
function TeamName({ team }: { team: TeamRow }) {
  return (
    <>
      <span className="lb__badge" style={{ background: team.badge_color }} aria-hidden="true" />
      <span className="lb__name">{team.name}</span>
    </>
  );
}

/**
 * Home-page leaderboard (spec §1, §3): Players and Teams tabs filled from the API fields
 * `ranking` and `ranking_teams` (`leaderboardPlayers`, `leaderboardTeams` of the query cache),
 * with the weekly Top 3 prizes. Server-rendered; shows loading, empty and error (with retry)
 * states in the browser.
 */
export function Leaderboard({ server, limit = 10 }: LeaderboardProps) {
  const { t } = useTranslation('leaderboard');
  const [tab, setTab] = useState<Tab>('players');
  // Ids of this instance (React `useId`): unique on the page whatever else the shell composes.
  const uid = useId();
  const ids = { title: `${uid}title`, prizes: `${uid}prizes` };
  const tabIds = useTabIds<Tab>();
  const query = usePageQuery(leaderboardQuery(useApiClient(), useReadScope(server), limit));
  const status = query.isPending ? 'loading' : query.isError && !query.data ? 'error' : 'ready';
  const players = query.data?.leaderboardPlayers ?? [];
  const teams = query.data?.leaderboardTeams ?? [];
  const prizes = query.data?.weeklyPrizes ?? [];
  const week = query.data?.week ?? null;
  const rows = tab === 'players' ? players : teams;
  // The active tab's own headings, name cell and number column.
  const columns =
    tab === 'players'
      ? { nameHeading: t('columns.player'), valueHeading: t('columns.ovr') }
      : { nameHeading: t('columns.team'), valueHeading: t('columns.members') };
  const cells =
    tab === 'players'
      ? players.map((p) => ({ ...p, value: p.ovr, name: <PlayerName player={p} /> }))
      : teams.map((team) => ({ ...team, value: team.members, name: <TeamName team={team} /> }));

  return (
    <section className="lb" aria-labelledby={ids.title} data-testid="leaderboard">
      <header className="lb__head ui-head">
        <div>
          <h2 id={ids.title} className="lb__title ui-head__title">
            {t('title')}
          </h2>
          <p className="lb__subtitle ui-head__lead">{t('subtitle')}</p>
        </div>
        <Tabs<Tab>
          label={t('title')}
          ids={tabIds}
          active={tab}
          onChange={setTab}
          items={[
            { key: 'players', label: t('tabs.players') },
            { key: 'teams', label: t('tabs.teams') },
          ]}
        />
      </header>

      <div className="lb__grid">
        <div className="lb__table ui-card" role="tabpanel" id={tabIds.panel(tab)} aria-labelledby={tabIds.tab(tab)}>
          {status === 'loading' && rows.length === 0 ? (
            <div className="lb__center">
              <Spinner />
            </div>
          ) : status === 'error' ? (
            <EmptyState
              tone="error"
              title={t('error')}
              action={
                <button type="button" className="ui-btn ui-btn--ghost" onClick={() => void query.refetch()}>
                  {t('retry')}
                </button>
              }
            />
          ) : rows.length === 0 ? (
            <EmptyState title={t('empty')} />
          ) : (
            <RankTable {...columns} pointsHeading={t('columns.points')} rows={cells.slice(0, limit)} />
          )}
        </div>

        <aside className="lb__prizes ui-card" aria-labelledby={ids.prizes}>
          <h3 id={ids.prizes} className="lb__prizes-title">
            {t('prizes.title')}
          </h3>
          <p className="lb__prizes-text">{t('prizes.text')}</p>
          {week ? <p className="lb__week">{t('prizes.week', weekDays(week, server))}</p> : null}
          <ol className="lb__podium">
            {prizes.map((p) => (
              <li key={p.place} className={`lb__prize lb__prize--${medal(p.place)}`}>
                <span className="lb__medal ui-disc" aria-hidden="true">
                  {p.place}
                </span>
                <span className="lb__prize-place">{t('prizes.place', { place: p.place })}</span>
                <span className="lb__prize-rewards">
                  <span>{t('prizes.euro', { value: formatNumber(p.euro) })}</span>
                  <span>{t('prizes.energy', { value: formatNumber(p.energy) })}</span>
                  <span>{t('prizes.keys', { count: p.keys })}</span>
                </span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}

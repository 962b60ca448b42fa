import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, findServer, formatNumber, useApiClient, usePageQuery, useReadScope, type ServerCode } from '@landing/shared';
import type { RankingScope } from '@landing/domain';
import type { RankingRow, Tournament } from '@landing/domain/schemas/bets';
import { rankingQuery } from '../api/fetch-ranking';
import { tournamentName } from '../lib/names';
import { ColumnHeaders } from './ColumnHeaders';
import { FilterBar } from './FilterBar';
import { NotLoaded } from './NotLoaded';

/** Rows per ranking page. */
const RANKING_PAGE_SIZE = 20;

export interface RankingTabProps {
  server: ServerCode;
  tournament: Tournament;
  /** Changes when the logged-in user changes. */
  userKey: string;
  /** Link of the Bet matches tab (for the empty state). */
  matchesHref: string;
}

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** Columns of the ranking (spec §3 ranking row), `bets:ranking.columns.<key>`, with their classes. */
const COLUMNS = [
  ['position', ''],
  ['name', ''],
  ['server', 'bt-hide-sm'],
  ['bets', 'bt-num'],
  ['exact', 'bt-num bt-hide-sm'],
  ['points', 'bt-num'],
] as const;

function serverName(code: string): string {
  return findServer(code)?.name ?? code;
}

function Row({ row, me, you }: { row: RankingRow; me: boolean; you: string }) {
  return (
    <tr
      className={`${me ? 'is-me' : ''} ${row.position <= 3 ? `bt-rank--${MEDALS[row.position - 1]}` : ''}`}
      aria-current={me ? 'true' : undefined}
      data-testid={me ? 'ranking-me' : undefined}
    >
      <td>
        <span className="bt-rank__pos">{row.position}</span>
      </td>
      <td className="bt-rank__name">
        <span>{row.name}</span>
        {me ? <span className="bt-you">{you}</span> : null}
        <span className="bt-rank__sub bt-show-sm">{serverName(row.server)}</span>
      </td>
      <td className="bt-rank__server bt-hide-sm">{serverName(row.server)}</td>
      <td className="bt-num">{formatNumber(row.total_bets)}</td>
      <td className="bt-num bt-hide-sm">{formatNumber(row.exact_scores)}</td>
      <td className="bt-num bt-rank__points">{formatNumber(row.total_points)}</td>
    </tr>
  );
}

/**
 * The Ranking tab (spec §1, §3 ranking row: name, server, total bets, total points): paged, this
 * server or all servers, the logged-in player's row (the API's `me`) highlighted (and shown below the page when
 * it is on another one); empty → "no bettors at the moment" (spec §8).
 */
export function RankingTab({ server, tournament, userKey, matchesHref }: RankingTabProps) {
  const { t } = useTranslation('bets');
  const [scope, setScope] = useState<RankingScope>('server');
  const [page, setPage] = useState(1);
  const api = useApiClient();
  const read = useReadScope(server);
  const state = usePageQuery(rankingQuery(api, read, { tournament: tournament.code, page, perPage: RANKING_PAGE_SIZE, scope }, userKey));
  const data = state.data;
  const name = tournamentName(tournament.code, tournament.name, t);

  const changeScope = (next: RankingScope) => {
    setScope(next);
    setPage(1);
  };

  let body;
  if (!data) {
    body = <NotLoaded query={state} errorTitle={t('ranking.error')} />;
  } else if (data.total === 0) {
    body = (
      <div className="bt-empty-ranking" data-testid="ranking-empty">
        <EmptyState
          title={t('ranking.empty')}
          text={t('ranking.emptyText')}
          action={
            <Link className="ui-btn" to={matchesHref}>
              {t('ranking.goPredict')}
            </Link>
          }
        />
      </div>
    );
  } else {
    const meOnPage = data.me !== null && data.rows.some((r) => r.player_id === data.me!.player_id);
    body = (
      <>
        <div className="bt-table-wrap">
          <table className="bt-rank ui-table" data-testid="ranking-table">
            <caption className="ui-visually-hidden">{t('ranking.caption', { tournament: name })}</caption>
            <ColumnHeaders columns={COLUMNS.map(([key, className]) => [t(`ranking.columns.${key}`), className] as const)} />
            <tbody>
              {data.rows.map((r) => (
                <Row key={r.player_id} row={r} me={r.player_id === data.me?.player_id} you={t('ranking.you')} />
              ))}
            </tbody>
            {data.me && !meOnPage ? (
              <tbody className="bt-rank__mine">
                <tr className="bt-rank__gap" aria-hidden="true">
                  <td colSpan={6}>{t('ranking.yourPosition')}</td>
                </tr>
                <Row row={data.me} me you={t('ranking.you')} />
              </tbody>
            ) : null}
          </table>
        </div>
        {data.pages > 1 ? (
          <nav className="bt-pager" aria-label={t('ranking.pagination')}>
            <button
              type="button"
              className="ui-btn ui-btn--ghost"
              disabled={page <= 1 || state.isPlaceholderData}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('ranking.prev')}
            </button>
            <span className="bt-pager__label" aria-live="polite">
              {t('ranking.page', { page: data.page, pages: data.pages })}
            </span>
            <button
              type="button"
              className="ui-btn ui-btn--ghost"
              disabled={page >= data.pages || state.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('ranking.next')}
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <div className="bt-ranking">
      <div className="bt-ranking__bar ui-spread">
        <FilterBar label={t('ranking.scope.label')} options={['server', 'all'] as const} active={scope} onSelect={changeScope}>
          {(s) => (s === 'server' ? t('ranking.scope.server', { server: serverName(server) }) : t('ranking.scope.all'))}
        </FilterBar>
        {data && data.total > 0 ? <span className="bt-ranking__count">{t('ranking.bettors', { count: data.total })}</span> : null}
      </div>
      <div className="ui-card bt-ranking__card">{body}</div>
    </div>
  );
}

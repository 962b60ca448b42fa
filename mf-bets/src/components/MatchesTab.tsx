import { use, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  HydrateOnVisible,
  afterFirstUse,
  useApiClient,
  useHydrated,
  usePageQuery,
  useReadScope,
  type ServerCode,
} from '@landing/shared';
import type { Match, Tournament } from '@landing/domain/schemas/bets';
import { matchesQuery } from '../api/fetch-matches';
import { FilterBar } from './FilterBar';
import { MatchCard } from './MatchCard';
import { loadMatchForm } from './match-form-chunk';
import { Flag } from '@landing/shared/flags';
import { NotLoaded } from './NotLoaded';
import { useServerNow } from '../hooks/use-server-now';
import { stageLabel, teamName } from '../lib/names';

type Filter = 'all' | 'open' | 'mine' | 'finished';
const FILTERS: readonly Filter[] = ['all', 'open', 'mine', 'finished'];

export interface MatchesTabProps {
  server: ServerCode;
  tournament: Tournament;
  /** A player of this server is logged in. */
  loggedIn: boolean;
  /** Changes when the logged-in user changes, so their predictions are loaded. */
  userKey: string;
}

function keep(filter: Filter, m: Match): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'open':
      return m.status === 'open';
    case 'mine':
      return m.prediction !== null;
    case 'finished':
      return m.status === 'finished';
  }
}

/**
 * The Bet matches tab (spec §1): matches of the tournament grouped by group/stage with flags,
 * kick-off in server time, results, and the prediction form of each open match.
 */
export function MatchesTab({ server, tournament, loggedIn, userKey }: MatchesTabProps) {
  const { t, i18n } = useTranslation('bets');
  // Rendered in the browser after the page's hydration (a navigation): the score forms' code loads
  // with the matches and is waited for before the cards show, so their forms are live at once.
  const hydrated = useHydrated();
  const [navigated] = useState(hydrated);
  if (navigated) void loadMatchForm();
  // A hydrated page fetches it at the reader's first use (or 5 s after load): a tap in a card is
  // then answered at once, and the offline worker keeps it with the page.
  useEffect(() => {
    if (!navigated) afterFirstUse(() => void loadMatchForm().catch(() => undefined));
  }, [navigated]);
  const [filter, setFilter] = useState<Filter>('all');
  const uid = useId();
  const api = useApiClient();
  const read = useReadScope(server);
  const options = matchesQuery(api, read, tournament.code, userKey);
  const state = usePageQuery(options);
  const now = useServerNow(state.data?.now ?? null);
  const { refetch } = state;
  const reload = useCallback(() => void refetch(), [refetch]);

  const counts = useMemo(() => {
    const all = state.data?.stages.flatMap((b) => b.matches) ?? [];
    return Object.fromEntries(FILTERS.map((f) => [f, all.filter((m) => keep(f, m)).length])) as Record<Filter, number>;
  }, [state.data]);

  if (!state.data) {
    return <NotLoaded query={state} errorTitle={t('page.matchesError')} />;
  }
  if (navigated) use(loadMatchForm());

  const blocks = state.data.stages
    .map((b) => ({ ...b, matches: b.matches.filter((m) => keep(filter, m)) }))
    .filter((b) => b.matches.length > 0);

  return (
    <div className="bt-matches">
      <FilterBar label={t('filter.label')} options={FILTERS.filter((f) => f !== 'mine' || loggedIn)} active={filter} onSelect={setFilter}>
        {(f) => (
          <>
            {t(`filter.${f}`)} <span className="bt-filter__count">{counts[f]}</span>
          </>
        )}
      </FilterBar>

      {blocks.length === 0 ? (
        <div className="ui-card">
          <EmptyState title={t('empty.matches')} text={t('empty.matchesText')} />
        </div>
      ) : (
        <div className="bt-blocks">
          {blocks.map((block) => {
            const teams = new Map(
              state
                .data!.stages.find((b) => b.key === block.key)!
                .matches.flatMap((m) => [
                  [m.home.code, m.home],
                  [m.away.code, m.away],
                ]),
            );
            // Each stage hydrates when it comes near the screen (48 match forms at once block a
            // phone's main thread), and the browser lays out only the stages near the screen
            // (content-visibility in ../styles/match-list.css).
            return (
              <HydrateOnVisible key={block.key} className="bt-block-part">
                <section className="bt-block ui-card" aria-labelledby={`${uid}${block.key}`} data-testid={`block-${block.key}`}>
                  <header className="bt-block__head">
                    <h2 id={`${uid}${block.key}`} className="bt-block__title">
                      {stageLabel(block, t)}
                    </h2>
                    {block.stage === 'group' ? (
                      <ul className="bt-block__teams" aria-label={t('page.teams')}>
                        {[...teams.values()].map((team) => (
                          <li key={team.code} title={teamName(team, i18n.language, t)}>
                            <Flag code={team.region} fallback={team.code} block="bt-flag" width={24} />
                            <span className="bt-block__code">{team.code}</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </header>
                  <div className="bt-block__list">
                    {block.matches.map((m) => (
                      <MatchCard
                        key={m.id}
                        match={m}
                        server={server}
                        loggedIn={loggedIn}
                        now={now}
                        maxGoals={tournament.max_goals}
                        matchesKey={options.queryKey}
                        onLocked={reload}
                      />
                    ))}
                  </div>
                </section>
              </HydrateOnVisible>
            );
          })}
        </div>
      )}
    </div>
  );
}

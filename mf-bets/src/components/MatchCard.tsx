import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';
import { HydrateOnVisible, formatServerDate, type ServerCode } from '@landing/shared';
import type { Match } from '@landing/domain/schemas/bets';
import { teamName } from '../lib/names';
import { LazyMatchForm, loadedMatchForm } from './match-form-chunk';

export interface MatchCardProps {
  match: Match;
  /** Server of the page: kick-off times in its time zone (spec §9). */
  server: ServerCode;
  /** Key of the cached list the match is in (`betsKeys.matches`): a saved prediction replaces it there. */
  matchesKey: QueryKey;
  /** A player of this server is logged in (spec §5 "Bet: logged in"). */
  loggedIn: boolean;
  /** The server's bets clock, ms (see useServerNow). */
  now: number;
  /** Highest goals per team (the tournament's `max_goals`). */
  maxGoals: number;
  /** The API says the match has kicked off: the list should be reloaded. */
  onLocked: () => void;
}

/**
 * One match (spec §1 Bet matches, §4 "a bet waits for the final result and then shows it"):
 * teams with flags, kick-off in server time, and by state —
 * open: the score form (visitors are told to log in; bad input is explained and keeps what was
 * typed; the saved prediction stays until a new one is saved); locked (kicked off): the
 * prediction waiting for the final result; finished: the final result and the points earned.
 *
 * The score form (./MatchForm.tsx) is a part of its own of the server-rendered page
 * (`HydrateOnVisible` with `when="act"`): its code loads, and it hydrates, when the player acts
 * inside it or when what it shows changes (the player's prediction arrived, the match kicked
 * off). A click or a submit made meanwhile is done once it is in, and typed goals stay. A card
 * rendered in the browser after its chunk has loaded (a navigation) renders it directly.
 */
export function MatchCard({ match, server, matchesKey, loggedIn, now, maxGoals, onLocked }: MatchCardProps) {
  const { t, i18n } = useTranslation('bets');
  // Chosen once: a card never switches from the lazy form to the loaded one (that would remount it).
  const [MatchForm] = useState(() => loadedMatchForm() ?? LazyMatchForm);
  const saved = match.prediction;
  const homeName = teamName(match.home, i18n.language, t);
  const awayName = teamName(match.away, i18n.language, t);
  const kickoff = new Date(match.kickoff_at).getTime();
  const status = match.status === 'open' && kickoff <= now ? 'locked' : match.status;
  const date = formatServerDate(match.kickoff_at, server, 'dd-MM-yyyy');
  const time = formatServerDate(match.kickoff_at, server, 'HH:mm');
  // What the form shows besides what is typed: when it changes, the form hydrates to show it.
  const shown = [status, loggedIn, saved ? `${saved.home}:${saved.away}:${saved.points ?? ''}` : '', match.result ? 'result' : ''].join(
    '|',
  );

  return (
    <article
      className={`bt-match bt-match--${status}`}
      data-testid={`match-${match.id}`}
      data-status={status}
      aria-label={`${homeName} – ${awayName}`}
    >
      <header className="bt-match__meta">
        <span className="bt-match__when">
          <time dateTime={match.kickoff_at}>{date}</time>
          <span className="bt-match__time">{time}</span>
          {match.venue ? <span className="bt-match__venue">{match.venue}</span> : null}
        </span>
        <span className={`bt-chip ui-tint bt-chip--${status}`}>{t(`match.status.${status}`)}</span>
      </header>

      <HydrateOnVisible when="act" holdInput openKey={shown}>
        <MatchForm
          match={match}
          status={status}
          homeName={homeName}
          awayName={awayName}
          server={server}
          matchesKey={matchesKey}
          loggedIn={loggedIn}
          now={now}
          maxGoals={maxGoals}
          onLocked={onLocked}
        />
      </HydrateOnVisible>

      {match.picks.total > 0 ? (
        <div className="bt-picks" role="group" aria-label={t('match.picks')}>
          <div className="bt-picks__bar" aria-hidden="true">
            <span className="bt-picks__seg bt-picks__seg--home" style={{ width: `${match.picks.home}%` }} />
            <span className="bt-picks__seg bt-picks__seg--draw" style={{ width: `${match.picks.draw}%` }} />
            <span className="bt-picks__seg bt-picks__seg--away" style={{ width: `${match.picks.away}%` }} />
          </div>
          <p className="bt-picks__legend">
            <span>
              <abbr title={homeName}>{match.home.code}</abbr> {match.picks.home}%
            </span>
            <span>
              {t('match.pickDraw')} {match.picks.draw}%
            </span>
            <span>
              <abbr title={awayName}>{match.away.code}</abbr> {match.picks.away}%
            </span>
            <span className="bt-picks__count">{t('match.picksCount', { count: match.picks.total })}</span>
          </p>
        </div>
      ) : null}
    </article>
  );
}

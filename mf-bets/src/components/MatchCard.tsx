import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { QueryKey } from '@tanstack/react-query';
import { formatServerDate, notifySuccess, openLogin, type ServerCode } from '@landing/shared';
import type { Match } from '@landing/domain/schemas/bets';
import { usePredictionForm } from '../hooks/use-prediction-form';
import { scoreText, teamName } from '../lib/names';
import { Flag } from '@landing/shared/flags';
import { toGoals } from '../lib/score';

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

/** One goals input of the score form, with its visually hidden label. */
function GoalInput({
  id,
  label,
  field,
  ...rest
}: { id: string; label: string; field: UseFormRegisterReturn } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="bt-goal" inputMode="numeric" autoComplete="off" maxLength={2} placeholder="–" {...rest} {...field} />
    </>
  );
}

/**
 * One match (spec §1 Bet matches, §4 "a bet waits for the final result and then shows it"):
 * teams with flags, kick-off in server time, and by state —
 * open: the score form (visitors are told to log in; bad input is explained and keeps what was
 * typed; the saved prediction stays until a new one is saved); locked (kicked off): the
 * prediction waiting for the final result; finished: the final result and the points earned.
 */
export function MatchCard({ match, server, matchesKey, loggedIn, now, maxGoals, onLocked }: MatchCardProps) {
  const { t, i18n } = useTranslation('bets');
  const id = useId();
  const saved = match.prediction;
  const homeName = teamName(match.home, i18n.language, t);
  const awayName = teamName(match.away, i18n.language, t);
  const { form, mutation, problem, submit, preload } = usePredictionForm({
    match,
    server,
    matchesKey,
    loggedIn,
    now,
    maxGoals,
    onLocked,
    onSaved: (_updated, body) => {
      const score = { home: body.home_score, away: body.away_score };
      notifySuccess(t('match.savedToast', { home: homeName, away: awayName, score: scoreText(score) }));
    },
  });
  const kickoff = new Date(match.kickoff_at).getTime();
  const status = match.status === 'open' && kickoff <= now ? 'locked' : match.status;
  const [home, away] = form.watch(['home_score', 'away_score']);
  const unchanged = saved !== null && home === saved.home && away === saved.away;
  const errors = form.formState.errors;

  const messageId = `${id}-msg`;
  // The goals input of one team; marked invalid when the form's problem is its value.
  const goalInput = (side: 'home' | 'away', team: string) => {
    const name = `${side}_score` as const;
    return (
      <GoalInput
        id={`${id}-${side}`}
        label={t('match.goals', { team })}
        field={form.register(name, { setValueAs: toGoals })}
        aria-invalid={problem === 'invalid' && errors[name] ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
      />
    );
  };
  const date = formatServerDate(match.kickoff_at, server, 'dd-MM-yyyy');
  const time = formatServerDate(match.kickoff_at, server, 'HH:mm');

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

      <form className="bt-match__body" onSubmit={(e) => void submit(e)} onFocus={() => void preload()} noValidate>
        <div className="bt-team bt-team--home">
          <Flag code={match.home.region} fallback={match.home.code} block="bt-flag" width={36} />
          <span className="bt-team__name">{homeName}</span>
        </div>

        <div className="bt-match__centre">
          {status === 'open' ? (
            <div className="bt-inputs">
              {goalInput('home', homeName)}
              <span className="bt-inputs__sep" aria-hidden="true">
                :
              </span>
              {goalInput('away', awayName)}
            </div>
          ) : match.result ? (
            <div className="bt-result" role="group" aria-label={t('match.finalResult')}>
              <span className="bt-result__score">{scoreText(match.result)}</span>
              {match.result.penalties ? (
                <span className="bt-result__pens">{t('match.penalties', { score: scoreText(match.result.penalties) })}</span>
              ) : null}
            </div>
          ) : (
            <div className="bt-result bt-result--pending">
              <span className="bt-result__score">{t('match.vs')}</span>
            </div>
          )}
        </div>

        <div className="bt-team bt-team--away">
          <Flag code={match.away.region} fallback={match.away.code} block="bt-flag" width={36} />
          <span className="bt-team__name">{awayName}</span>
        </div>

        {status === 'open' ? (
          <div className="bt-match__foot ui-spread">
            <span className="bt-match__note">
              {saved ? <span data-testid="saved-prediction">{t('match.saved', { score: scoreText(saved) })}</span> : t('match.closesAt')}
            </span>
            <button type="submit" className="ui-btn bt-save" disabled={mutation.isPending || (loggedIn && unchanged)}>
              {mutation.isPending ? t('match.saving') : saved ? t('match.update') : t('match.save')}
            </button>
          </div>
        ) : status === 'locked' ? (
          <div className="bt-match__foot ui-spread">
            <span className="bt-match__note">
              {saved ? <span data-testid="saved-prediction">{t('match.saved', { score: scoreText(saved) })} · </span> : null}
              <span>{t('match.waiting')}</span>
            </span>
          </div>
        ) : saved ? (
          <div className="bt-match__foot ui-spread">
            <span className="bt-match__note bt-outcome" data-testid="saved-prediction">
              {t('match.saved', { score: scoreText(saved) })}
              {saved.hit ? (
                <span className={`bt-points ui-tint bt-points--${saved.hit}`} data-testid="points">
                  {saved.hit === 'miss'
                    ? t('match.hit.miss')
                    : `${t('match.points', { count: saved.points ?? 0 })} · ${t(`match.hit.${saved.hit}`)}`}
                </span>
              ) : null}
            </span>
          </div>
        ) : loggedIn ? (
          <div className="bt-match__foot ui-spread">
            <span className="bt-match__note">{t('match.noPrediction')}</span>
          </div>
        ) : null}

        {problem ? (
          <div className="bt-problem ui-spread" id={messageId} role="alert">
            <span>{t(`errors.${problem}`, { max: maxGoals })}</span>
            {problem === 'login' ? (
              <button type="button" className="ui-btn ui-btn--gold bt-problem__login" onClick={() => openLogin({ stayOnPage: true })}>
                {t('visitor.login')}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>

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

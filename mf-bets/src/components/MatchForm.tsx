import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { notifySuccess, openLogin } from '@landing/shared';
import type { Match } from '@landing/domain/schemas/bets';
import { usePredictionForm, type PredictionFormOptions } from '../hooks/use-prediction-form';
import { scoreText } from '../lib/names';
import { toGoals } from '../lib/score';
import { Flag } from '@landing/shared/flags';

export interface MatchFormProps extends Omit<PredictionFormOptions, 'onSaved'> {
  /** `open`, `locked` (kicked off, no result yet) or `finished`, by the server's clock. */
  status: Match['status'];
  homeName: string;
  awayName: string;
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
 * The body of a match card (spec §1 Bet matches, §4): both teams with flags and, by state, the
 * score form (open: react-hook-form, `usePredictionForm`), the prediction waiting for the result
 * (locked) or the result with the points earned (finished), and the form's message. A saved
 * prediction is confirmed by a toast naming the teams and the score.
 *
 * A chunk of its own (./match-form-chunk.ts), which MatchCard loads when the player acts in the
 * card or what the form shows changes (docs/PERFORMANCE.md): a page of 48 matches hydrates
 * without 48 forms, and a visitor who only reads never loads react-hook-form.
 */
export function MatchForm({ match, server, matchesKey, loggedIn, now, maxGoals, onLocked, status, homeName, awayName }: MatchFormProps) {
  const { t } = useTranslation('bets');
  const id = useId();
  const saved = match.prediction;
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

  return (
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
  );
}

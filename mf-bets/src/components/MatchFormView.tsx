import { useId, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { openLogin } from '@landing/shared';
import type { Match } from '@landing/domain/schemas/bets';
import type { Problem } from '../hooks/use-prediction-form';
import { scoreText } from '../lib/names';
import { Flag } from '@landing/shared/flags';

/** The goals input of one team. */
type GoalsField = 'home_score' | 'away_score';

/** What the score form does once its code is in (./MatchForm.tsx, react-hook-form). */
interface LiveScoreForm {
  /** The registration of a goals input (react-hook-form `register`). */
  field: (name: GoalsField) => UseFormRegisterReturn;
  /** The input holds a value the schema refused. */
  invalid: (name: GoalsField) => boolean;
  /** Why the form shows a message, or null. */
  problem: Problem | null;
  /** The prediction is being saved. */
  saving: boolean;
  /** The inputs hold the saved prediction (nothing to save). */
  unchanged: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Loads the validation (on focus). */
  onFocus: () => void;
}

export interface MatchFormViewProps {
  match: Match;
  /** `open`, `locked` (kicked off, no result yet) or `finished`, by the server's clock. */
  status: Match['status'];
  homeName: string;
  awayName: string;
  /** A player of this server is logged in. */
  loggedIn: boolean;
  /** Highest goals per team (the tournament's `max_goals`), for the message of a refused score. */
  maxGoals: number;
  /**
   * The live form; without it the form is HTML only, as it shows while its code loads in a
   * navigation (the fields hold the saved prediction, nothing is sent).
   */
  live?: LiveScoreForm;
}

/** One goals input of the score form, with its visually hidden label. */
function GoalInput({
  id,
  label,
  ...rest
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement> & Partial<UseFormRegisterReturn>) {
  return (
    <>
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="bt-goal" inputMode="numeric" autoComplete="off" maxLength={2} placeholder="–" {...rest} />
    </>
  );
}

/**
 * The body of a match card (spec §1 Bet matches): both teams with flags and, by state, the score
 * form (open), the prediction waiting for the result (locked) or the result with the points
 * earned (finished), and the form's message. Renders the same HTML with or without its live form.
 */
export function MatchFormView({ match, status, homeName, awayName, loggedIn, maxGoals, live }: MatchFormViewProps) {
  const { t } = useTranslation('bets');
  const id = useId();
  const saved = match.prediction;
  const problem = live?.problem ?? null;
  const messageId = `${id}-msg`;
  // The goals input of one team; marked invalid when the form's problem is its value.
  const goalInput = (side: 'home' | 'away', team: string) => {
    const name = `${side}_score` as const;
    return (
      <GoalInput
        id={`${id}-${side}`}
        label={t('match.goals', { team })}
        {...(live ? live.field(name) : { name, defaultValue: saved ? String(saved[side]) : undefined })}
        aria-invalid={problem === 'invalid' && live?.invalid(name) ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
      />
    );
  };
  const unchanged = live ? live.unchanged : saved !== null;

  return (
    <form className="bt-match__body" onSubmit={live ? live.onSubmit : (e) => e.preventDefault()} onFocus={live?.onFocus} noValidate>
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
          <button type="submit" className="ui-btn bt-save" disabled={live?.saving || (loggedIn && unchanged)}>
            {live?.saving ? t('match.saving') : saved ? t('match.update') : t('match.save')}
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

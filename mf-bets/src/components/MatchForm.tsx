import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@landing/shared';
import { usePredictionForm, type PredictionFormOptions } from '../hooks/use-prediction-form';
import { scoreText } from '../lib/names';
import { toGoals } from '../lib/score';
import { MatchFormView, type MatchFormViewProps } from './MatchFormView';

export interface MatchFormProps extends Omit<PredictionFormOptions, 'onSaved'>, Omit<MatchFormViewProps, 'live'> {}

/**
 * The live score form of a match card (spec §1 Bet matches, §4): ./MatchFormView.tsx with
 * react-hook-form (`usePredictionForm`). A chunk of its own, which MatchCard loads when the
 * player acts in the card or their own prediction arrives (docs/PERFORMANCE.md): a page of 48
 * matches hydrates without 48 forms, and a visitor who only reads never loads react-hook-form.
 * A saved prediction is confirmed by a toast naming the teams and the score.
 */
export function MatchForm({ match, server, matchesKey, loggedIn, now, maxGoals, onLocked, status, homeName, awayName }: MatchFormProps) {
  const { t } = useTranslation('bets');
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
  const errors = form.formState.errors;
  return (
    <MatchFormView
      match={match}
      status={status}
      homeName={homeName}
      awayName={awayName}
      loggedIn={loggedIn}
      maxGoals={maxGoals}
      live={{
        field: (name) => form.register(name, { setValueAs: toGoals }),
        invalid: (name) => Boolean(errors[name]),
        problem,
        saving: mutation.isPending,
        unchanged: saved !== null && home === saved.home && away === saved.away,
        onSubmit: (e) => void submit(e),
        onFocus: () => void preload(),
      }}
    />
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { QueryKey } from '@tanstack/react-query';
import { isApiError, type ServerCode } from '@landing/shared';
import { lazyZodResolver } from '@landing/shared/forms';
import type { Match, PredictionBody } from '@landing/domain/schemas/bets';
import { usePutPrediction } from '../api/put-prediction';

/** Why the prediction form shows a message (`bets:errors.<problem>`). */
export type Problem = 'login' | 'invalid' | 'locked' | 'failed';

/** What the score form of a match needs (see MatchCard). */
export interface PredictionFormOptions {
  match: Match;
  server: ServerCode;
  /** Key of the cached match list the match is in (`betsKeys.matches`): a saved prediction replaces it there. */
  matchesKey: QueryKey;
  loggedIn: boolean;
  /** The server's bets clock, ms. */
  now: number;
  maxGoals: number;
  /** The API answered with the saved match (`score`: what was sent). */
  onSaved: (match: Match, score: PredictionBody) => void;
  /** The match has kicked off: the list should be reloaded. */
  onLocked: () => void;
}

function problemOf(error: unknown): Problem {
  const status = isApiError(error) ? error.response?.status : undefined;
  return status === 401 ? 'login' : status === 409 ? 'locked' : status === 400 ? 'invalid' : 'failed';
}

/**
 * The score form of one match: react-hook-form over the domain's `PredictionBody` (with the
 * tournament's `max_goals`), saved by `usePutPrediction` (which updates the cached list). A visitor is asked to
 * log in, bad input is explained and not sent, a kicked-off match is reported and the list
 * reloaded (409 too); what was typed stays in every case.
 * @returns the form, the mutation, the message to show (null: none), `submit` for `onSubmit` and
 *          `preload` (loads the validation, for `onFocus`)
 */
export function usePredictionForm({ match, server, matchesKey, loggedIn, now, maxGoals, onSaved, onLocked }: PredictionFormOptions) {
  const saved = match.prediction;
  // zod, the resolver and the domain schema load on the first check or on `preload` (focus), not with the page.
  const resolver = useMemo(
    () => lazyZodResolver<PredictionBody>(() => import('../lib/prediction-schema').then((m) => m.predictionSchema(maxGoals))),
    [maxGoals],
  );
  const form = useForm<PredictionBody>({
    resolver,
    defaultValues: saved ? { home_score: saved.home, away_score: saved.away } : undefined,
  });
  const [local, setLocal] = useState<Problem | null>(null);
  const mutation = usePutPrediction(server, matchesKey, {
    onSaved,
    onFailed: (error) => {
      if (problemOf(error) === 'locked') onLocked();
    },
  });
  const problem = local ?? (mutation.isError ? problemOf(mutation.error) : null);

  // A prediction loaded later (after logging in) fills the form.
  useEffect(() => {
    if (saved) form.reset({ home_score: saved.home, away_score: saved.away }, { keepErrors: true });
  }, [saved?.home, saved?.away]); // eslint-disable-line react-hooks/exhaustive-deps

  // Logging in from the message makes it obsolete.
  useEffect(() => {
    if (!loggedIn) return;
    setLocal((p) => (p === 'login' ? null : p));
    if (mutation.isError && problemOf(mutation.error) === 'login') mutation.reset();
  }, [loggedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(
    (body) => {
      mutation.reset();
      if (!loggedIn) return setLocal('login');
      if (new Date(match.kickoff_at).getTime() <= now) {
        setLocal('locked');
        return onLocked();
      }
      setLocal(null);
      mutation.mutate({ matchId: match.id, body });
    },
    () => {
      mutation.reset();
      setLocal(loggedIn ? 'invalid' : 'login');
    },
  );

  return { form, mutation, problem, submit, preload: resolver.preload };
}

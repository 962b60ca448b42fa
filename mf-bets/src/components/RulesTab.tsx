import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { findServer } from '@landing/shared';
import type { Hit } from '@landing/domain';
import type { Tournament } from '@landing/domain/schemas/bets';
import { scoreText } from '../lib/names';

export interface RulesTabProps {
  server: string;
  tournament: Tournament;
}

const TIERS: readonly Hit[] = ['exact', 'goal_difference', 'outcome', 'miss'];

/**
 * The Rules tab (spec §1): how to play and how points are earned. The points and the worked
 * examples come from the tournament as the API answers it, i.e. from the same configuration the
 * API scores with (api/src/domains/bets/scoring.ts).
 */
export function RulesTab({ server, tournament }: RulesTabProps) {
  const { t } = useTranslation('bets');
  const info = findServer(server);
  const points: Record<Hit, number> = {
    exact: tournament.scoring.exact,
    goal_difference: tournament.scoring.goal_difference,
    outcome: tournament.scoring.outcome,
    miss: 0,
  };
  const steps = ['login', 'predict', 'score'] as const;
  const uid = useId();

  return (
    <div className="bt-rules">
      <div className="bt-rules__col">
        <section className="ui-card bt-rules__card" aria-labelledby={`${uid}how`}>
          <h2 id={`${uid}how`} className="bt-rules__title">
            {t('rules.title')}
          </h2>
          <ol className="bt-steps">
            {steps.map((s, i) => (
              <li key={s} className="bt-step">
                <span className="bt-step__n" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <p className="bt-step__title">{t(`rules.steps.${s}.title`)}</p>
                  <p className="bt-step__text">{t(`rules.steps.${s}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="ui-card bt-rules__card bt-rules__card--good" aria-labelledby={`${uid}good`}>
          <h2 id={`${uid}good`} className="bt-rules__title">
            {t('rules.good.title')}
          </h2>
          <ul className="bt-good">
            <li>{t('rules.good.kickoff', { timezone: info ? `${info.timeZone}, ${info.gmt}` : server })}</li>
            <li>{t('rules.good.one')}</li>
            <li>{t('rules.good.goals', { max: tournament.max_goals })}</li>
            <li>{t('rules.good.extraTime')}</li>
            <li>{t('rules.good.draws')}</li>
            <li>{t('rules.good.ranking')}</li>
            <li>{t('rules.good.servers')}</li>
          </ul>
        </section>
      </div>
      <section className="ui-card bt-rules__card" aria-labelledby={`${uid}points`}>
        <h2 id={`${uid}points`} className="bt-rules__title">
          {t('rules.points.title')}
        </h2>
        <p className="bt-rules__lead">{t('rules.points.lead')}</p>
        <table className="bt-tiers" data-testid="rules-points">
          <thead>
            <tr>
              <th scope="col">{t('rules.points.tier')}</th>
              <th scope="col" className="bt-num">
                {t('rules.points.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {TIERS.map((hit) => (
              <tr key={hit} data-testid={`tier-${hit}`}>
                <th scope="row">
                  <span className={`bt-tier-name bt-points--${hit}`}>{t(`rules.tier.${hit}.name`)}</span>
                  <span className="bt-tier-text">{t(`rules.tier.${hit}.text`)}</span>
                </th>
                <td className="bt-num bt-tiers__points" data-testid={`points-${hit}`}>
                  {t('rules.points.value', { count: points[hit] })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <h3 className="bt-rules__sub">{t('rules.examples.title')}</h3>
        <ul className="bt-examples">
          {tournament.examples.map((ex, i) => (
            <li key={i} className="bt-example">
              <span className="bt-example__line">
                {t('rules.examples.line', { result: scoreText(ex.result), prediction: scoreText(ex.prediction) })}
              </span>
              <span className={`bt-points bt-points--${ex.hit}`}>
                {ex.hit === 'miss' ? t('match.hit.miss') : `${t(`match.hit.${ex.hit}`)} · ${t('match.points', { count: ex.points })}`}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

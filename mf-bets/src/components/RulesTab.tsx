import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findServer } from '@landing/shared';
import type { Hit } from '@landing/domain';
import type { Tournament } from '@landing/domain/schemas/bets';
import { scoreText } from '../lib/names';
import { ColumnHeaders } from './ColumnHeaders';

export interface RulesTabProps {
  server: string;
  tournament: Tournament;
}

/** One card of the Rules tab: a section named by its heading (ids from `useId`). */
function RulesCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`ui-card bt-rules__card ${className ?? ''}`} aria-labelledby={id}>
      <h2 id={id} className="bt-rules__title">
        {title}
      </h2>
      {children}
    </section>
  );
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

  return (
    <div className="bt-rules">
      <div className="bt-rules__col">
        <RulesCard title={t('rules.title')}>
          <ol className="bt-steps">
            {steps.map((s, i) => (
              <li key={s} className="bt-step">
                <span className="bt-step__n ui-disc" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <p className="bt-step__title">{t(`rules.steps.${s}.title`)}</p>
                  <p className="bt-step__text">{t(`rules.steps.${s}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </RulesCard>

        <RulesCard title={t('rules.good.title')} className="bt-rules__card--good">
          <ul className="bt-good">
            <li>{t('rules.good.kickoff', { timezone: info ? `${info.timeZone}, ${info.gmt}` : server })}</li>
            <li>{t('rules.good.one')}</li>
            <li>{t('rules.good.goals', { max: tournament.max_goals })}</li>
            <li>{t('rules.good.extraTime')}</li>
            <li>{t('rules.good.draws')}</li>
            <li>{t('rules.good.ranking')}</li>
            <li>{t('rules.good.servers')}</li>
          </ul>
        </RulesCard>
      </div>
      <RulesCard title={t('rules.points.title')}>
        <p className="bt-rules__lead">{t('rules.points.lead')}</p>
        <table className="bt-tiers" data-testid="rules-points">
          <ColumnHeaders
            columns={[
              [t('rules.points.tier'), ''],
              [t('rules.points.points'), 'bt-num'],
            ]}
          />
          <tbody>
            {TIERS.map((hit) => (
              <tr key={hit} data-testid={`tier-${hit}`}>
                <th scope="row">
                  <span className={`bt-tier-name ui-tint bt-points--${hit}`}>{t(`rules.tier.${hit}.name`)}</span>
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
        <ul className="bt-examples ui-list">
          {tournament.examples.map((ex, i) => (
            <li key={i} className="bt-example ui-spread">
              <span className="bt-example__line">
                {t('rules.examples.line', { result: scoreText(ex.result), prediction: scoreText(ex.prediction) })}
              </span>
              <span className={`bt-points ui-tint bt-points--${ex.hit}`}>
                {ex.hit === 'miss' ? t('match.hit.miss') : `${t(`match.hit.${ex.hit}`)} · ${t('match.points', { count: ex.points })}`}
              </span>
            </li>
          ))}
        </ul>
      </RulesCard>
    </div>
  );
}

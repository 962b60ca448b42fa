import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ServerCode, UserData } from '@landing/shared';
import { securityEventsQuery } from '../api/fetch-security-events';
import { useClientLabel, useDateTime, useEventLabel } from '../hooks/use-account-labels';
import { AccountCard } from './AccountCard';
import { ListState } from './ListState';
import { AlertIcon, ShieldIcon } from './icons';

const WARNING_EVENTS = new Set(['login_failed', 'lockout']);

/** The account's recent security events, failed logins and lockouts marked as warnings. */
export function ActivitySection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const events = useQuery(securityEventsQuery(server, user));
  const dateTime = useDateTime();
  const client = useClientLabel();
  const label = useEventLabel();
  const list = events.data?.events ?? [];
  return (
    <AccountCard id="ma-account-activity" icon={ShieldIcon} title={t('account.activityTitle')} testId="account-activity" wide>
      <p className="ma-account__text">{t('account.activityText')}</p>
      <ListState query={events} empty={list.length === 0}>
        <ul className="ma-list ui-list" data-testid="event-list">
          {list.map((e) => (
            <li
              key={e.id}
              className={`ma-list__item ${WARNING_EVENTS.has(e.kind) ? 'is-warning' : ''}`}
              data-testid="event"
              data-kind={e.kind}
            >
              {WARNING_EVENTS.has(e.kind) ? <AlertIcon className="ma-list__icon" width={18} height={18} aria-hidden="true" /> : null}
              <div className="ma-list__body">
                <p className="ma-list__title">{label(e)}</p>
                <p className="ma-list__meta">
                  {[dateTime(e.createdAt), client(e), e.ip ? t('account.ip', { ip: e.ip }) : null].filter(Boolean).join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </AccountCard>
  );
}

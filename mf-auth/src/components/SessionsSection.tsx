import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { notifySuccess, type ServerCode, type UserData } from '@landing/shared';
import type { AccountSession } from '@landing/domain/schemas/account';
import { sessionsQuery } from '../api/fetch-sessions';
import { useRevokeSessions } from '../api/revoke-sessions';
import { useClientLabel, useDateTime, useMethodLabel } from '../hooks/use-account-labels';
import { showFieldError } from '../lib/api-errors';
import { bindField } from '../lib/bind-field';
import { domainResolver } from '../lib/form-resolver';
import { AccountCard } from './AccountCard';
import { ListState } from './ListState';
import { CurrentPasswordField, SubmitButton } from './fields';
import { DevicesIcon } from './icons';

/** What the confirmation box is about: one session (`session`) or every session. */
type Ask = { session?: number };

/** The confirmation's password: required for an account with one (no domain schema: a single required field). */
const withPassword = domainResolver<{ password: string }>(null, (v) => (v.password ? {} : { password: 'CURRENT_PASSWORD_REQUIRED' }));
const withoutPassword = domainResolver<{ password: string }>(null);

/**
 * The player's live sessions (this device first and marked) with "Log out" per session and "Log
 * out everywhere", each confirmed with the password (or, for an account without one, after a
 * fresh social login). Ending this browser's session logs it out.
 */
export function SessionsSection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const sessions = useQuery(sessionsQuery(server, user));
  const dateTime = useDateTime();
  const method = useMethodLabel();
  const client = useClientLabel();
  const [ask, setAsk] = useState<Ask | null>(null);
  const social = sessions.data?.reauth === 'social';
  const form = useForm<{ password: string }>({
    defaultValues: { password: '' },
    resolver: social ? withoutPassword : withPassword,
    reValidateMode: 'onSubmit',
  });
  const revoke = useRevokeSessions(
    server,
    (answer) => {
      setAsk(null);
      notifySuccess(answer.message);
    },
    (err) => {
      if (showFieldError(err, { WRONG_PASSWORD: 'password' }, form.setError) === 'SESSION_NOT_FOUND') setAsk(null);
    },
  );

  const open = (a: Ask) => {
    setAsk(a);
    form.reset({ password: '' });
  };
  const confirm = form.handleSubmit((v) => {
    if (ask) revoke.mutate({ ...ask, ...(social ? {} : { password: v.password }) });
  });

  return (
    <AccountCard id="ma-account-sessions" icon={DevicesIcon} title={t('account.sessionsTitle')} testId="account-sessions">
      <p className="ma-account__text">{t('account.sessionsText')}</p>
      <ListState query={sessions} empty={false}>
        <ul className="ma-list ui-list" data-testid="session-list">
          {(sessions.data?.sessions ?? []).map((s: AccountSession) => (
            <li key={s.id} className={`ma-list__item ${s.current ? 'is-current' : ''}`} data-testid="session" data-current={s.current}>
              <div className="ma-list__body">
                <p className="ma-list__title">
                  {client(s)}
                  {s.current ? <span className="ma-badge">{t('account.thisDevice')}</span> : null}
                </p>
                <p className="ma-list__meta">
                  {[
                    method(s.method),
                    s.ip ? t('account.ip', { ip: s.ip }) : null,
                    t('account.lastActive', { time: dateTime(s.lastUsedAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ma-list__action"
                  onClick={() => open({ session: s.id })}
                  data-testid="session-end"
                >
                  {t('account.endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </ListState>
      {ask ? (
        <form className="ma-form ma-confirm" onSubmit={confirm} noValidate data-testid="sessions-confirm">
          <p className="ma-account__text">
            {t(ask.session === undefined ? 'account.confirmAll' : 'account.confirmOne')}{' '}
            {t(social ? 'account.confirmSocial' : 'account.confirmPassword')}
          </p>
          {social ? null : (
            <CurrentPasswordField label={t('account.currentPassword')} {...bindField(form, 'password')} testId="sessions-password" />
          )}
          <div className="ma-confirm__actions">
            <SubmitButton busy={revoke.isPending} testId="sessions-confirm-submit">
              {t('account.confirm')}
            </SubmitButton>
            <button type="button" className="ui-btn ui-btn--ghost" onClick={() => setAsk(null)}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="ui-btn ui-btn--ghost ma-account__all" onClick={() => open({})} data-testid="sessions-end-all">
          {t('account.endAll')}
        </button>
      )}
    </AccountCard>
  );
}

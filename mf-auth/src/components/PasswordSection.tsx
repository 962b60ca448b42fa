import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ServerCode, UserData } from '@landing/shared';
import { useChangePassword } from '../api/change-password';
import { sessionsQuery } from '../api/fetch-sessions';
import { showFieldError } from '../lib/api-errors';
import { bindField } from '../lib/bind-field';
import { domainResolver } from '../lib/form-resolver';
import { AccountCard } from './AccountCard';
import { NewPasswordFields } from './NewPasswordFields';
import { CurrentPasswordField, SubmitButton } from './fields';
import { CheckCircleIcon, KeyIcon } from './icons';

interface PasswordChangeValues {
  currentPassword: string;
  password: string;
  repeat: string;
}

/**
 * The domain's `NewPasswordForm` rules, then: the current password is required and the new one
 * must differ from it.
 */
const resolver = domainResolver<PasswordChangeValues>('NewPasswordForm', (v) =>
  !v.currentPassword
    ? { currentPassword: 'CURRENT_PASSWORD_REQUIRED' }
    : v.password === v.currentPassword
      ? { password: 'PASSWORD_SAME' }
      : {},
);

/** API error codes a field of the form shows (the shared client has toasted the message too). */
const FIELD_OF_CODE: Record<string, keyof PasswordChangeValues> = {
  WRONG_PASSWORD: 'currentPassword',
  PASSWORD_SAME: 'password',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_LIKE_NAME: 'password',
};

const EMPTY: PasswordChangeValues = { currentPassword: '', password: '', repeat: '' };

/**
 * Password change of the account page: current password, new password and repeat. Success ends
 * every other session (the API mails a notice), clears the form and says so; an account without
 * a password (social logins only) is told it has none.
 */
export function PasswordSection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const sessions = useQuery(sessionsQuery(server, user));
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PasswordChangeValues>({ defaultValues: EMPTY, resolver, reValidateMode: 'onSubmit' });
  const change = useChangePassword(
    server,
    (answer) => {
      form.reset(EMPTY);
      setDone(answer.message);
    },
    (err) => void showFieldError(err, FIELD_OF_CODE, form.setError),
  );
  const submit = form.handleSubmit((v) => change.mutate({ currentPassword: v.currentPassword, password: v.password }));

  return (
    <AccountCard id="ma-account-password" icon={KeyIcon} title={t('account.passwordTitle')} testId="account-password">
      {sessions.data?.reauth === 'social' ? (
        <p className="ma-account__text" data-testid="account-no-password">
          {t('account.noPassword')}
        </p>
      ) : (
        <>
          <p className="ma-account__text">{t('account.passwordText')}</p>
          <form
            className="ma-form"
            onSubmit={(e) => {
              setDone(null);
              void submit(e);
            }}
            noValidate
            data-testid="password-change-form"
          >
            <CurrentPasswordField label={t('account.currentPassword')} {...bindField(form, 'currentPassword')} testId="current-password" />
            <NewPasswordFields form={form} />
            <SubmitButton busy={change.isPending} testId="password-change-submit">
              {t('account.passwordSubmit')}
            </SubmitButton>
          </form>
          {done ? (
            <p className="ma-account__done" role="status" data-testid="password-changed">
              <CheckCircleIcon width={18} height={18} aria-hidden="true" /> {done}
            </p>
          ) : null}
        </>
      )}
    </AccountCard>
  );
}

import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServerCode } from '@landing/shared';
import type { RecoveryForm as RecoveryValues } from '@landing/domain/schemas/auth';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { bindField } from '../lib/bind-field';
import { domainResolver } from '../lib/form-resolver';
import { SentNotice } from './SentNotice';
import { EmailField, SubmitButton } from './fields';
import { ArrowLeftIcon } from './icons';

const resolver = domainResolver<RecoveryValues>('RecoveryForm');

/**
 * Password recovery (spec §2; the domain's `RecoveryForm` schema): e-mail → a link to the
 * new-password page. The answer is the same whether the e-mail has an account or not (no account
 * enumeration).
 */
export function RecoveryForm({ server, onBack }: { server: ServerCode; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm<RecoveryValues>({ defaultValues: { email: '' }, resolver, reValidateMode: 'onSubmit' });
  const forgot = useRequestPasswordReset(server);

  const back = (
    <button type="button" className="ma-link ma-back" onClick={onBack} data-testid="back-to-login">
      <ArrowLeftIcon width={16} height={16} /> {t('recovery.back')}
    </button>
  );

  if (forgot.isSuccess) {
    return (
      <SentNotice title={t('recovery.sentTitle')} text={t('recovery.sentText', { email: forgot.data })} testId="recovery-sent">
        {back}
      </SentNotice>
    );
  }

  return (
    <form className="ma-form" onSubmit={form.handleSubmit((v) => forgot.mutate(v.email.trim()))} noValidate data-testid="recovery-form">
      <p className="ma-lead">{t('recovery.text')}</p>
      <EmailField label={t('fields.email')} {...bindField(form, 'email')} testId="recovery-email" />
      <SubmitButton busy={forgot.isPending} testId="recovery-submit">
        {t('recovery.submit')}
      </SubmitButton>
      {back}
    </form>
  );
}

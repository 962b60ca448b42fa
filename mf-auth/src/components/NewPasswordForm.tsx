import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NewPasswordForm as NewPasswordValues } from '@landing/domain/schemas/auth';
import { domainResolver } from '../lib/form-resolver';
import { NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from './fields';

const resolver = domainResolver<NewPasswordValues>('NewPasswordForm');

/**
 * New-password form (spec §2: new password plus repeat; the domain's `NewPasswordForm` schema).
 * Both are required ("Enter new password") and must match — the decision on the open point of
 * spec §5 (mf-auth/README.md). `onSubmit` gets the password once the checks pass; `busy` while
 * the caller's request runs.
 */
export function NewPasswordForm({ onSubmit, busy }: { onSubmit: (password: string) => void; busy: boolean }) {
  const { t } = useTranslation('auth');
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', repeat: '' }, resolver, reValidateMode: 'onSubmit' });

  return (
    <form className="ma-form" onSubmit={form.handleSubmit((v) => onSubmit(v.password))} noValidate data-testid="new-password-form">
      <NewPasswordFields form={form} />
      <SubmitButton busy={busy} testId="new-password-submit">
        {t('newPassword.submit')}
      </SubmitButton>
    </form>
  );
}

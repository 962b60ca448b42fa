import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateNewPassword, type Errors } from '../lib/validation';
import { PasswordField, SubmitButton } from './fields';

/**
 * New-password form (spec §2: new password plus repeat). Both are required ("Enter new
 * password") and must match — the decision on the open point of spec §5 (mf-auth/README.md).
 */
export function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors<'password' | 'repeat'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword({ password, repeat });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" onSubmit={submit} noValidate data-testid="new-password-form">
      <PasswordField
        label={t('fields.newPassword')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t('fields.passwordHint')}
        testId="new-password"
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={errors.repeat}
        testId="new-password-repeat"
      />
      <SubmitButton busy={busy} testId="new-password-submit">
        {t('newPassword.submit')}
      </SubmitButton>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from './fields';

/** What a new-password form holds besides other fields: the new password and its repeat. */
export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/**
 * The "new password" and "repeat" inputs of a react-hook-form form over the domain's
 * `NewPasswordForm` rules (the new-password page and the account page's password change).
 */
export function NewPasswordFields<V extends NewPasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
}) {
  const { t } = useTranslation('auth');
  // The generic form's fields are known to include `password` and `repeat`.
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const errs = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        {...reg('password')}
        error={errs.password?.message}
        hint={t('fields.passwordHint')}
        testId="new-password"
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        autoComplete="new-password"
        {...reg('repeat')}
        error={errs.repeat?.message}
        testId="new-password-repeat"
      />
    </>
  );
}

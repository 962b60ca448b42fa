import { useTranslation } from 'react-i18next';
import { bindField, type BoundForm } from '../lib/bind-field';
import { NewPasswordField, PasswordField } from './fields';

/** What a new-password form holds besides other fields: the new password and its repeat. */
export interface NewPasswordValues {
  password: string;
  repeat: string;
}

/**
 * The "new password" and "repeat" inputs of a react-hook-form form over the domain's
 * `NewPasswordForm` rules (the new-password page and the account page's password change).
 */
export function NewPasswordFields<V extends NewPasswordValues>({ form }: { form: BoundForm<V> }) {
  const { t } = useTranslation('auth');
  // The generic form's fields are known to include `password` and `repeat`.
  const own = form as unknown as BoundForm<NewPasswordValues>;
  return (
    <>
      <NewPasswordField label={t('fields.newPassword')} {...bindField(own, 'password')} testId="new-password" />
      <PasswordField
        label={t('fields.repeatPassword')}
        autoComplete="new-password"
        {...bindField(own, 'repeat')}
        testId="new-password-repeat"
      />
    </>
  );
}

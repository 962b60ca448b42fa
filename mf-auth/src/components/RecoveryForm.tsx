import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerCode } from '@landing/shared';
import { requestPasswordReset } from '../api/request-password-reset';
import { hasErrors, validateEmail, type Errors } from '../lib/validation';
import { SubmitButton, TextField } from './fields';
import { ArrowLeftIcon, MailIcon } from './icons';

/**
 * Password recovery (spec §2): e-mail → a link to the new-password page. The answer is the same
 * whether the e-mail has an account or not (no account enumeration).
 */
export function RecoveryForm({ server, onBack }: { server: ServerCode; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors<'email'>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEmail(email);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await requestPasswordReset(server, email.trim());
      setSentTo(email.trim());
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <button type="button" className="ma-link ma-back" onClick={onBack} data-testid="back-to-login">
      <ArrowLeftIcon width={16} height={16} /> {t('recovery.back')}
    </button>
  );

  if (sentTo) {
    return (
      <div className="ma-done" role="status" data-testid="recovery-sent">
        <span className="ma-done__icon">
          <MailIcon width={28} height={28} />
        </span>
        <h3 className="ma-done__title">{t('recovery.sentTitle')}</h3>
        <p className="ma-done__text">{t('recovery.sentText', { email: sentTo })}</p>
        {back}
      </div>
    );
  }

  return (
    <form className="ma-form" onSubmit={submit} noValidate data-testid="recovery-form">
      <p className="ma-lead">{t('recovery.text')}</p>
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        testId="recovery-email"
      />
      <SubmitButton busy={busy} testId="recovery-submit">
        {t('recovery.submit')}
      </SubmitButton>
      {back}
    </form>
  );
}

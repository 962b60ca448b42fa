import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { currentLocale, getRuntimeConfig, landingStore, legalDocumentUrl, useLandingStore, type ServerCode } from '@landing/shared';
import { apiOriginOf, authApi } from '../lib/api';
import { collectRegisterParams, forgetRegisterParams } from '../lib/registerParams';
import { hasErrors, validateRegister, type Errors, type RegisterValues } from '../lib/validation';
import { Checkbox, PasswordField, SubmitButton, TextField } from './fields';
import { MailIcon } from './icons';


/**
 * Registration form (spec §5): player name, e-mail, password, acceptance of the terms and the
 * privacy policy (required), newsletter consent (separate, optional). Sends the register params
 * of spec §3 and clears them afterwards; then asks the user to open the activation e-mail.
 */
export function RegisterForm({ server, onSent }: { server: ServerCode; /** Called once the activation e-mail is on its way. */ onSent?: () => void }) {
  const { t } = useTranslation('auth');
  const newsletterDefault = useLandingStore((s) => s.newsletterAgreement);
  const [values, setValues] = useState<RegisterValues>({ nickname: '', email: '', password: '', terms: false });
  const [newsletter, setNewsletter] = useState(newsletterDefault);
  const [errors, setErrors] = useState<Errors<keyof RegisterValues>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const email = values.email.trim();
      await authApi.register(server, {
        nickname: values.nickname.trim(),
        email,
        password: values.password,
        terms: values.terms,
        newsletter,
        params: collectRegisterParams(server),
      });
      forgetRegisterParams(server);
      landingStore.getState().setAuthPreferences({ newsletterAgreement: newsletter, userRegisterLang: currentLocale() });
      setSentTo(email);
      onSent?.();
    } catch {
      /* toasted by the shared client (taken name, password policy, rate limit, …) */
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div className="ma-done" role="status" data-testid="register-sent">
        <span className="ma-done__icon">
          <MailIcon width={28} height={28} />
        </span>
        <h3 className="ma-done__title">{t('register.sentTitle')}</h3>
        <p className="ma-done__text">{t('register.sentText', { email: sentTo })}</p>
        <p className="ma-done__hint">{t('register.sentSpam')}</p>
        {!getRuntimeConfig().production ? (
          <a className="ui-btn ui-btn--ghost" href={`${apiOriginOf(server)}/dev/mailbox`} target="_blank" rel="noopener noreferrer" data-testid="dev-mailbox-link">
            {t('register.devMailbox')}
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <form className="ma-form" onSubmit={submit} noValidate data-testid="register-form">
      <TextField
        label={t('fields.nickname')}
        name="nickname"
        autoComplete="nickname"
        value={values.nickname}
        onChange={(e) => set('nickname', e.target.value)}
        error={errors.nickname}
        hint={t('fields.nicknameHint')}
        testId="register-nickname"
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        error={errors.email}
        testId="register-email"
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
        error={errors.password}
        hint={t('fields.passwordHint')}
        testId="register-password"
      />
      <Checkbox checked={values.terms} onChange={(v) => set('terms', v)} error={errors.terms} testId="register-terms">
        <Trans
          t={t}
          i18nKey="register.terms"
          components={{
            // The PDFs of spec §2 in the interface language (English where there is no translation).
            terms: <a href={legalDocumentUrl('terms', currentLocale())} target="_blank" rel="noopener noreferrer" />,
            privacy: <a href={legalDocumentUrl('privacy', currentLocale())} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </Checkbox>
      <Checkbox checked={newsletter} onChange={setNewsletter} testId="register-newsletter">
        {t('register.newsletter')}
      </Checkbox>
      <SubmitButton busy={busy} testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

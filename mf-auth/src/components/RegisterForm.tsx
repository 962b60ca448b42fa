import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { currentLocale, getRuntimeConfig, landingStore, legalDocumentUrl, useLandingStore, type ServerCode } from '@landing/shared';
import { registerAccount } from '../api/register-account';
import { apiOriginOf } from '../lib/api-base';
import { collectRegisterParams, forgetRegisterParams } from '../lib/register-params';
import { hasErrors, validateRegister, type RegisterValues } from '../lib/validation';
import { Checkbox, PasswordField, SubmitButton, TextField } from './fields';
import { MailIcon } from './icons';

/** What the form holds: the registration fields and the newsletter consent. */
interface RegisterFormValues extends RegisterValues {
  newsletter: boolean;
}

/**
 * react-hook-form resolver running the registration rules of `@landing/domain` (through
 * ../lib/validation.ts): each error's `message` is the translation key the field shows.
 */
const registerResolver: Resolver<RegisterFormValues> = (values) => {
  const found = validateRegister(values);
  if (!hasErrors(found)) return { values, errors: {} };
  const errors: FieldErrors<RegisterFormValues> = {};
  for (const [field, key] of Object.entries(found) as Array<[keyof RegisterValues, string]>)
    errors[field] = { type: 'validate', message: key };
  return { values: {}, errors };
};

/**
 * Registration form (spec §5, react-hook-form): player name, e-mail, password, acceptance of the
 * terms and the privacy policy (required), newsletter consent (separate, optional). The rules are
 * `@landing/domain`'s; errors are translated keys; what was typed stays after any error. Sends the register params
 * of spec §3 and clears them afterwards; then asks the user to open the activation e-mail.
 */
export function RegisterForm({
  server,
  onSent,
}: {
  server: ServerCode;
  /** Called once the activation e-mail is on its way. */ onSent?: () => void;
}) {
  const { t } = useTranslation('auth');
  const newsletterDefault = useLandingStore((s) => s.newsletterAgreement);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Checked on submit; a field's error goes away as soon as it is edited (checked again on the next submit).
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    defaultValues: { nickname: '', email: '', password: '', terms: false, newsletter: newsletterDefault },
    resolver: registerResolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const field = (name: 'nickname' | 'email' | 'password') => register(name, { onChange: () => clearErrors(name) });

  const submit = async (values: RegisterFormValues) => {
    try {
      const email = values.email.trim();
      await registerAccount(server, {
        nickname: values.nickname.trim(),
        email,
        password: values.password,
        terms: values.terms,
        newsletter: values.newsletter,
        params: collectRegisterParams(server),
      });
      forgetRegisterParams(server);
      landingStore.getState().setAuthPreferences({ newsletterAgreement: values.newsletter, userRegisterLang: currentLocale() });
      setSentTo(email);
      onSent?.();
    } catch {
      /* toasted by the shared client (taken name, password policy, rate limit, …); the typed values stay */
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
          <a
            className="ui-btn ui-btn--ghost"
            href={`${apiOriginOf(server)}/dev/mailbox`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="dev-mailbox-link"
          >
            {t('register.devMailbox')}
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <form className="ma-form" onSubmit={handleSubmit(submit)} noValidate data-testid="register-form">
      <TextField
        label={t('fields.nickname')}
        autoComplete="nickname"
        {...field('nickname')}
        error={errors.nickname?.message}
        hint={t('fields.nicknameHint')}
        testId="register-nickname"
      />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...field('email')}
        error={errors.email?.message}
        testId="register-email"
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        {...field('password')}
        error={errors.password?.message}
        hint={t('fields.passwordHint')}
        testId="register-password"
      />
      <Controller
        name="terms"
        control={control}
        render={({ field: terms }) => (
          <Checkbox
            checked={terms.value}
            onChange={(v) => {
              terms.onChange(v);
              clearErrors('terms');
            }}
            error={errors.terms?.message}
            testId="register-terms"
          >
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
        )}
      />
      <Controller
        name="newsletter"
        control={control}
        render={({ field: newsletter }) => (
          <Checkbox checked={newsletter.value} onChange={newsletter.onChange} testId="register-newsletter">
            {t('register.newsletter')}
          </Checkbox>
        )}
      />
      <SubmitButton busy={isSubmitting} testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
// Not the shared package's `Trans`: the shared subset leaves it out (shared/src/subsets/README.md),
// so this form bundles the context-free one and hands it the shared `i18n` and `t`.
import { Trans } from 'react-i18next/TransWithoutContext';
import {
  currentLocale,
  getRuntimeConfig,
  landingStore,
  legalDocumentUrl,
  useHydrated,
  useLandingStore,
  type ServerCode,
} from '@landing/shared';
import type { RegisterForm as RegisterValues } from '@landing/domain/schemas/auth';
import { useRegisterAccount } from '../api/register-account';
import { apiOriginOf } from '../lib/api-base';
import { bindField } from '../lib/bind-field';
import { domainResolver } from '../lib/form-resolver';
import { collectRegisterParams, forgetRegisterParams } from '../lib/register-params';
import { SentNotice } from './SentNotice';
import { Checkbox, EmailField, NewPasswordField, SubmitButton, TextField } from './fields';

const resolver = domainResolver<RegisterValues>('RegisterForm');

/** Props of {@link RegisterForm}. */
export interface RegisterFormProps {
  server: ServerCode;
  /** Called once the activation e-mail is on its way. */
  onSent?: () => void;
}

/**
 * Registration form (spec §5, react-hook-form over the domain's `RegisterForm` schema): player name, e-mail, password, acceptance of the
 * terms and the privacy policy (required), newsletter consent (separate, optional). The rules are
 * `@landing/domain`'s; errors are translated keys; what was typed stays after any error. Sends the register params
 * of spec §3 and clears them afterwards; then asks the user to open the activation e-mail.
 *
 * Every field is uncontrolled and registered without a default value, so the form takes what
 * the page already holds when it hydrates: on the join page it is server HTML that hydrates only
 * when the visitor acts in it (JoinPage), and text typed or boxes ticked before then stay.
 */
export function RegisterForm({ server, onSent }: RegisterFormProps) {
  const { t, i18n } = useTranslation('auth');
  // The newsletter choice this browser remembers (spec §3) is not known to the page server: the
  // box hydrates as the server rendered it (unticked) and is ticked right after when that choice
  // was yes and the box is still unticked. (React keeps a hydrated box's state as the page has it,
  // so a change of `defaultChecked` alone would not show.)
  const rememberedNewsletter = useLandingStore((s) => s.newsletterAgreement);
  const newsletterDefault = useHydrated() && rememberedNewsletter;
  // Checked on submit; a field's error goes away as soon as it is edited (checked again on the next submit).
  const form = useForm<RegisterValues>({ resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { clearErrors, setValue } = form;
  const field = (name: 'nickname' | 'email' | 'password' | 'terms') => bindField(form, name, { onChange: () => clearErrors(name) });
  const { ref: newsletterRef, ...newsletter } = form.register('newsletter');
  const newsletterBox = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const box = newsletterBox.current;
    if (newsletterDefault && box && !box.checked) setValue('newsletter', true);
  }, [newsletterDefault, setValue]);
  // Errors are toasted by the shared client (taken name, password policy, rate limit, …); the typed values stay.
  const signUp = useRegisterAccount(server, {
    onSuccess: (_email, values) => {
      forgetRegisterParams(server);
      landingStore.getState().setAuthPreferences({ newsletterAgreement: values.newsletter, userRegisterLang: currentLocale() });
      onSent?.();
    },
  });
  const sentTo = signUp.isSuccess ? signUp.data : null;

  if (sentTo) {
    return (
      <SentNotice title={t('register.sentTitle')} text={t('register.sentText', { email: sentTo })} testId="register-sent">
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
      </SentNotice>
    );
  }

  return (
    <form
      className="ma-form"
      onSubmit={form.handleSubmit((v) =>
        signUp.mutate({
          nickname: v.nickname.trim(),
          email: v.email.trim(),
          password: v.password,
          terms: v.terms,
          newsletter: v.newsletter,
          params: collectRegisterParams(server),
        }),
      )}
      noValidate
      data-testid="register-form"
    >
      <TextField
        label={t('fields.nickname')}
        autoComplete="nickname"
        {...field('nickname')}
        hint={t('fields.nicknameHint')}
        testId="register-nickname"
      />
      <EmailField label={t('fields.email')} {...field('email')} testId="register-email" />
      <NewPasswordField label={t('fields.password')} {...field('password')} testId="register-password" />
      <Checkbox {...field('terms')} testId="register-terms">
        <Trans
          t={t}
          i18n={i18n}
          i18nKey="register.terms"
          components={{
            // The PDFs of spec §2 in the interface language (English where there is no translation).
            terms: <a href={legalDocumentUrl('terms', currentLocale())} target="_blank" rel="noopener noreferrer" />,
            privacy: <a href={legalDocumentUrl('privacy', currentLocale())} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </Checkbox>
      <Checkbox
        {...newsletter}
        ref={(box) => {
          newsletterRef(box);
          newsletterBox.current = box;
        }}
        defaultChecked={newsletterDefault}
        testId="register-newsletter"
      >
        {t('register.newsletter')}
      </Checkbox>
      <SubmitButton busy={signUp.isPending} testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

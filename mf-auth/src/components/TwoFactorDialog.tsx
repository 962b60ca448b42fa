import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Modal, landingStore, useLandingStore, type TwoFactorDialogProps } from '@landing/shared';
import type { CodeForm } from '@landing/domain/schemas/auth';
import { useConfirmDeviceCode } from '../api/confirm-device-code';
import { useSendDeviceCode } from '../api/send-device-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useDeviceChallenge } from '../hooks/use-device-challenge';
import { errorCode } from '../lib/api-errors';
import { setDeviceChallenge } from '../lib/device-challenge';
import { domainResolver } from '../lib/form-resolver';
import { SOCIAL_PROVIDER_NAMES } from '../lib/providers';
import { SubmitButton, TextField } from './fields';
import { ArrowLeftIcon, ShieldIcon } from './icons';
import '../i18n';

/** Errors after which this login attempt is over: the user logs in again. */
const ATTEMPT_OVER = new Set(['CHALLENGE_INVALID', 'CODE_TOO_MANY']);

const resolver = domainResolver<CodeForm>('CodeForm');

/** Ends the pending login attempt when `err` says it is over; answers the error code. */
function endAttempt(err: unknown): string | undefined {
  const c = errorCode(err);
  if (c && ATTEMPT_OVER.has(c)) setDeviceChallenge(null);
  return c;
}

/**
 * New-device dialog (spec §4 "two-factor"), rendered by the shell while `modals.twoFactorAuth`
 * is true. The login answered 403 UNAUTHORIZED_DEVICE: "Send" e-mails a 6-digit code, "I already
 * have the code" goes straight to the entry (the domain's `CodeForm` schema); the right code logs
 * in and makes this device (the FT-fingerprint cookie) trusted. After a social login whose e-mail
 * belongs to an existing account (`link`), the same code proves the account is the user's and
 * links the provider to it. Opened without a login attempt (403 from another call), it asks the
 * user to log in again. Sending and confirming are mutations.
 */
export function TwoFactorDialog({ server }: TwoFactorDialogProps) {
  const { t } = useTranslation('auth');
  const closeModal = useLandingStore((s) => s.closeModal);
  const complete = useCompleteLogin(server);
  const pending = useDeviceChallenge();
  const challenge = pending && pending.server === server ? pending : null;
  const [step, setStep] = useState<'intro' | 'code'>(challenge?.codeSent ? 'code' : 'intro');
  const [sentNow, setSentNow] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const {
    control,
    handleSubmit,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<CodeForm>({ defaultValues: { code: '' }, resolver, reValidateMode: 'onSubmit' });

  const close = useCallback(() => closeModal('twoFactorAuth'), [closeModal]);

  useEffect(() => {
    if (resendAt <= now) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [resendAt, now]);

  useEffect(() => {
    if (step === 'code') setFocus('code');
  }, [step, setFocus]);

  const send = useSendDeviceCode(server, {
    onSuccess: (r) => {
      if (challenge) setDeviceChallenge({ ...challenge, email: r.email || challenge.email, codeSent: true });
      setSentNow(true);
      setResendAt(Date.now() + r.resendAfterS * 1000);
      setNow(Date.now());
      setStep('code');
    },
    // A code that was sent moments ago is still good: go to the entry.
    onError: (err) => {
      if (endAttempt(err) === 'CODE_RESEND_WAIT') setStep('code');
    },
  });
  const confirm = useConfirmDeviceCode(server, {
    onSuccess: (answer) => complete(answer),
    onError: (err) => {
      endAttempt(err);
      setValue('code', '');
      setFocus('code');
    },
  });
  const busy = send.isPending || confirm.isPending;
  const sendCode = () => challenge && send.mutate(challenge.challenge);
  const submit = handleSubmit((v) => {
    if (challenge) confirm.mutate({ challenge: challenge.challenge, code: v.code.replace(/\s+/g, '') });
  });

  const loginAgain = () => {
    const store = landingStore.getState();
    store.setAuthActiveTab('login');
    store.closeModal('twoFactorAuth');
    store.openModal('authForm');
  };

  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  return (
    <Modal
      open
      onClose={close}
      title={challenge?.link ? t('twoFactor.linkTitle') : t('twoFactor.title')}
      size="sm"
      testId="two-factor-dialog"
    >
      <div className="ma-2fa">
        <span className="ma-2fa__icon">
          <ShieldIcon width={30} height={30} />
        </span>
        {!challenge ? (
          <>
            <p className="ma-lead">{t('twoFactor.noChallenge')}</p>
            <button type="button" className="ui-btn ma-submit" onClick={loginAgain} data-testid="two-factor-login-again">
              {t('twoFactor.toLogin')}
            </button>
          </>
        ) : step === 'intro' ? (
          <>
            <p className="ma-lead">
              {challenge.link
                ? t('twoFactor.linkIntro', { provider: SOCIAL_PROVIDER_NAMES[challenge.link], email: challenge.email })
                : challenge.email
                  ? t('twoFactor.intro', { email: challenge.email })
                  : t('twoFactor.introNoEmail')}
            </p>
            <div className="ma-2fa__actions">
              <button type="button" className="ui-btn ma-submit" onClick={sendCode} disabled={busy} data-testid="two-factor-send">
                {busy ? t('working') : t('twoFactor.send')}
              </button>
              <button
                type="button"
                className="ui-btn ui-btn--ghost ma-submit"
                onClick={() => setStep('code')}
                disabled={busy}
                data-testid="two-factor-have-code"
              >
                {t('twoFactor.haveCode')}
              </button>
            </div>
          </>
        ) : (
          <form className="ma-form" onSubmit={submit} noValidate data-testid="two-factor-form">
            <p className="ma-lead" role="status">
              {sentNow ? t('twoFactor.sent', { email: challenge.email }) : t('twoFactor.enterCode')}
            </p>
            <Controller
              name="code"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('fields.code')}
                  className="ma-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={7}
                  onChange={(e) => field.onChange(e.target.value.replace(/[^\d ]/g, ''))}
                  error={errors.code?.message}
                  testId="two-factor-code"
                />
              )}
            />
            <SubmitButton busy={busy} testId="two-factor-confirm">
              {t('twoFactor.confirm')}
            </SubmitButton>
            <div className="ma-2fa__links">
              <button type="button" className="ma-link ma-back" onClick={() => setStep('intro')} data-testid="two-factor-back">
                <ArrowLeftIcon width={16} height={16} /> {t('twoFactor.back')}
              </button>
              <button type="button" className="ma-link" onClick={sendCode} disabled={busy || wait > 0} data-testid="two-factor-resend">
                {wait > 0 ? t('twoFactor.resendIn', { seconds: wait }) : t('twoFactor.resend')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, landingStore, useLandingStore, type TwoFactorDialogProps } from '@landing/shared';
import { confirmDeviceCode } from '../api/confirm-device-code';
import { sendDeviceCode } from '../api/send-device-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useDeviceChallenge } from '../hooks/use-device-challenge';
import { errorCode } from '../lib/api-errors';
import { setDeviceChallenge } from '../lib/device-challenge';
import { SOCIAL_PROVIDER_NAMES } from '../lib/providers';
import { hasErrors, validateCode, type Errors } from '../lib/validation';
import { SubmitButton, TextField } from './fields';
import { ArrowLeftIcon, ShieldIcon } from './icons';
import '../i18n';

/** Errors after which this login attempt is over: the user logs in again. */
const ATTEMPT_OVER = new Set(['CHALLENGE_INVALID', 'CODE_TOO_MANY']);

/**
 * New-device dialog (spec §4 "two-factor"), rendered by the shell while `modals.twoFactorAuth`
 * is true. The login answered 403 UNAUTHORIZED_DEVICE: "Send" e-mails a 6-digit code, "I already
 * have the code" goes straight to the entry; the right code logs in and makes this device
 * (the FT-fingerprint cookie) trusted. After a social login whose e-mail belongs to an existing
 * account (`link`), the same code proves the account is the user's and links the provider to it.
 * Opened without a login attempt (403 from another call), it asks the user to log in again.
 */
export function TwoFactorDialog({ server }: TwoFactorDialogProps) {
  const { t } = useTranslation('auth');
  const closeModal = useLandingStore((s) => s.closeModal);
  const complete = useCompleteLogin(server);
  const pending = useDeviceChallenge();
  const challenge = pending && pending.server === server ? pending : null;
  const [step, setStep] = useState<'intro' | 'code'>(challenge?.codeSent ? 'code' : 'intro');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors<'code'>>({});
  const [busy, setBusy] = useState(false);
  const [sentNow, setSentNow] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const codeRef = useRef<HTMLInputElement>(null);

  const close = useCallback(() => closeModal('twoFactorAuth'), [closeModal]);

  useEffect(() => {
    if (resendAt <= now) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [resendAt, now]);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  const endAttempt = (err: unknown) => {
    const c = errorCode(err);
    if (c && ATTEMPT_OVER.has(c)) setDeviceChallenge(null);
    return c;
  };

  const send = async () => {
    if (!challenge) return;
    setBusy(true);
    try {
      const r = await sendDeviceCode(server, challenge.challenge);
      setDeviceChallenge({ ...challenge, email: r.email || challenge.email, codeSent: true });
      setSentNow(true);
      setResendAt(Date.now() + r.resendAfterS * 1000);
      setNow(Date.now());
      setStep('code');
    } catch (err) {
      // A code that was sent moments ago is still good: go to the entry.
      if (endAttempt(err) === 'CODE_RESEND_WAIT') setStep('code');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!challenge) return;
    const found = validateCode(code);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      complete(await confirmDeviceCode(server, { challenge: challenge.challenge, code: code.replace(/\s+/g, '') }));
    } catch (err) {
      endAttempt(err);
      setCode('');
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

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
              <button type="button" className="ui-btn ma-submit" onClick={() => void send()} disabled={busy} data-testid="two-factor-send">
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
          <form className="ma-form" onSubmit={confirm} noValidate data-testid="two-factor-form">
            <p className="ma-lead" role="status">
              {sentNow ? t('twoFactor.sent', { email: challenge.email }) : t('twoFactor.enterCode')}
            </p>
            <TextField
              ref={codeRef}
              label={t('fields.code')}
              name="code"
              className="ma-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
              error={errors.code}
              testId="two-factor-code"
            />
            <SubmitButton busy={busy} testId="two-factor-confirm">
              {t('twoFactor.confirm')}
            </SubmitButton>
            <div className="ma-2fa__links">
              <button type="button" className="ma-link ma-back" onClick={() => setStep('intro')} data-testid="two-factor-back">
                <ArrowLeftIcon width={16} height={16} /> {t('twoFactor.back')}
              </button>
              <button
                type="button"
                className="ma-link"
                onClick={() => void send()}
                disabled={busy || wait > 0}
                data-testid="two-factor-resend"
              >
                {wait > 0 ? t('twoFactor.resendIn', { seconds: wait }) : t('twoFactor.resend')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}

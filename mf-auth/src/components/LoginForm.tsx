import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { landingStore, type ServerCode } from '@landing/shared';
import { logIn } from '../api/log-in';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { deviceChallengeOf } from '../lib/api-errors';
import { setDeviceChallenge } from '../lib/device-challenge';
import { hasErrors, validateLogin, type Errors } from '../lib/validation';
import { PasswordField, SubmitButton, TextField } from './fields';

/**
 * Login form (nickname or e-mail + password). A login from an unknown device answers 403
 * UNAUTHORIZED_DEVICE: the shared client opens the two-factor dialog, this form hands it the
 * challenge and closes the auth modal. Other API errors are toasted by the shared client.
 */
export function LoginForm({ server, onForgot }: { server: ServerCode; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'login' | 'password'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin({ login, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      complete(await logIn(server, { login: login.trim(), password }));
    } catch (err) {
      const device = deviceChallengeOf(err);
      if (device) {
        setDeviceChallenge({ server, ...device });
        const store = landingStore.getState();
        store.openModal('twoFactorAuth');
        store.closeModal('authForm');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" onSubmit={submit} noValidate data-testid="login-form">
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="username"
        value={login}
        onChange={(e) => setLogin(e.target.value)}
        error={errors.login}
        testId="login-name"
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        testId="login-password"
      />
      <div className="ma-form__row">
        <button type="button" className="ma-link" onClick={onForgot} data-testid="forgot-link">
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

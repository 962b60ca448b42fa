import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServerCode } from '@landing/shared';
import type { LoginForm as LoginValues } from '@landing/domain/schemas/auth';
import { useLogIn } from '../api/log-in';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useStartTwoFactor } from '../hooks/use-start-two-factor';
import { bindField } from '../lib/bind-field';
import { domainResolver } from '../lib/form-resolver';
import { CurrentPasswordField, SubmitButton, TextField } from './fields';

const resolver = domainResolver<LoginValues>('LoginForm');

/**
 * Login form (nickname or e-mail + password; the domain's `LoginForm` schema). A login from an
 * unknown device answers 403 UNAUTHORIZED_DEVICE: the shared client opens the two-factor dialog,
 * this form hands it the challenge and closes the auth modal. Other API errors are toasted by the
 * shared client; what was typed stays.
 */
export function LoginForm({ server, onForgot }: { server: ServerCode; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const startTwoFactor = useStartTwoFactor(server);
  const form = useForm<LoginValues>({ defaultValues: { login: '', password: '' }, resolver, reValidateMode: 'onSubmit' });
  const login = useLogIn(server, { onSuccess: (answer) => complete(answer), onError: startTwoFactor });

  return (
    <form
      className="ma-form"
      onSubmit={form.handleSubmit((v) => login.mutate({ login: v.login.trim(), password: v.password }))}
      noValidate
      data-testid="login-form"
    >
      <TextField label={t('fields.login')} autoComplete="username" {...bindField(form, 'login')} testId="login-name" />
      <CurrentPasswordField label={t('fields.password')} {...bindField(form, 'password')} testId="login-password" />
      <div className="ma-form__row">
        <button type="button" className="ma-link" onClick={onForgot} data-testid="forgot-link">
          {t('login.forgot')}
        </button>
      </div>
      <SubmitButton busy={login.isPending} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

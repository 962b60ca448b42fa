import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner, gameUrlFor, landingStore, logout, type ActivationPageProps, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { activateAccount } from '../api/activate-account';
import { activateEmail } from '../api/activate-email';
import { checkToken } from '../api/check-token';
import { resetPassword } from '../api/reset-password';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useLinkToken } from '../hooks/use-link-token';
import { errorCode } from '../lib/api-errors';
import { NewPasswordForm } from './NewPasswordForm';
import { AlertIcon, CheckCircleIcon, KeyIcon, MailIcon } from './icons';
import '../i18n';

type State =
  | { s: 'working' }
  | { s: 'invalid' }
  | { s: 'failed' }
  | { s: 'accountDone'; nickname: string }
  | { s: 'emailDone'; email: string }
  | { s: 'passwordForm' }
  | { s: 'passwordDone' };

type Outcome = { kind: 'account'; answer: LoginAnswer } | { kind: 'email'; email: string } | { kind: 'password'; valid: boolean };

/**
 * One request per (kind, token): tokens are single use, and React may run an effect twice.
 * A failed request is forgotten so "Try again" asks again.
 */
const requests = new Map<string, Promise<Outcome>>();
function requestOnce(server: ServerCode, kind: ActivationPageProps['kind'], token: string): Promise<Outcome> {
  const key = `${server}:${kind}:${token}`;
  let p = requests.get(key);
  if (!p) {
    p =
      kind === 'account'
        ? activateAccount(server, token).then((answer) => ({ kind, answer }))
        : kind === 'email'
          ? activateEmail(server, token).then((r) => ({ kind, email: r.email }))
          : checkToken(server, 'password', token).then((valid) => ({ kind, valid }));
    p.catch(() => requests.delete(key));
    requests.set(key, p);
  }
  return p;
}

/**
 * Activation pages (spec §2): `/{server}/account-activation#token=…` activates the account and
 * logs in (this browser becomes a trusted device), `/{server}/email-activation#token=…` confirms
 * a new e-mail, `/{server}/password-activation#token=…` shows the new-password form. The token
 * is in the URL fragment ({@link useLinkToken}); `token` is given for the old path links.
 */
export function ActivationPage({ server, kind, token: given }: ActivationPageProps) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const [state, setState] = useState<State>({ s: 'working' });
  const [attempt, setAttempt] = useState(0);
  const token = useLinkToken(given);

  useEffect(() => {
    if (token === undefined) return;
    if (token === null) {
      setState({ s: 'invalid' });
      return;
    }
    let live = true;
    setState({ s: 'working' });
    requestOnce(server, kind, token).then(
      (o) => {
        if (!live) return;
        if (o.kind === 'account') {
          if (landingStore.getState().userData?.id !== o.answer.user.id) complete(o.answer, { redirect: false });
          setState({ s: 'accountDone', nickname: o.answer.user.nickname });
        } else if (o.kind === 'email') setState({ s: 'emailDone', email: o.email });
        else setState(o.valid ? { s: 'passwordForm' } : { s: 'invalid' });
      },
      (err: unknown) => {
        if (live) setState(errorCode(err) === 'TOKEN_INVALID' ? { s: 'invalid' } : { s: 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // `complete` changes with the location; the request runs per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [server, kind, token, attempt]);

  const openModal = (tab: 'login' | 'recovery') => {
    const store = landingStore.getState();
    store.setAuthActiveTab(tab);
    store.openModal('authForm');
  };

  const title = t(kind === 'account' ? 'activation.accountTitle' : kind === 'email' ? 'activation.emailTitle' : 'activation.passwordTitle');
  const home = (
    <Link className="ui-btn ui-btn--ghost" to={`/${server}`}>
      {t('activation.toHome')}
    </Link>
  );

  let icon: ReactNode = kind === 'password' ? <KeyIcon width={30} height={30} /> : <MailIcon width={30} height={30} />;
  let tone = '';
  let body: ReactNode;
  switch (state.s) {
    case 'working':
      body = (
        <div className="ma-card__working" role="status">
          <Spinner />
          <p>{t('activation.working')}</p>
        </div>
      );
      break;
    case 'invalid':
      icon = <AlertIcon width={30} height={30} />;
      tone = 'error';
      body = (
        <>
          <h2 className="ma-card__subtitle">{t('activation.invalidTitle')}</h2>
          <p className="ma-card__text">{t('activation.invalidText')}</p>
          <div className="ma-card__actions">
            {kind === 'password' ? (
              <button type="button" className="ui-btn" onClick={() => openModal('recovery')} data-testid="request-new-link">
                {t('activation.requestNewReset')}
              </button>
            ) : null}
            {home}
          </div>
        </>
      );
      break;
    case 'failed':
      icon = <AlertIcon width={30} height={30} />;
      tone = 'error';
      body = (
        <div className="ma-card__actions">
          <button type="button" className="ui-btn" onClick={() => setAttempt((a) => a + 1)}>
            {t('activation.retry')}
          </button>
          {home}
        </div>
      );
      break;
    case 'accountDone':
      icon = <CheckCircleIcon width={30} height={30} />;
      tone = 'ok';
      body = (
        <>
          <h2 className="ma-card__subtitle">{t('activation.accountDone')}</h2>
          <p className="ma-card__text">{t('activation.accountDoneText', { nickname: state.nickname })}</p>
          <div className="ma-card__actions">
            <a className="ui-btn ui-btn--gold" href={gameUrlFor(server)} data-testid="activation-play">
              {t('activation.playNow')}
            </a>
            {home}
          </div>
        </>
      );
      break;
    case 'emailDone':
      icon = <CheckCircleIcon width={30} height={30} />;
      tone = 'ok';
      body = (
        <>
          <h2 className="ma-card__subtitle">{t('activation.emailDone')}</h2>
          <p className="ma-card__text">{t('activation.emailDoneText', { email: state.email })}</p>
          <div className="ma-card__actions">{home}</div>
        </>
      );
      break;
    case 'passwordForm':
      body = (
        <>
          <p className="ma-card__text">{t('newPassword.text')}</p>
          <NewPasswordForm
            onSubmit={async (password) => {
              try {
                await resetPassword(server, { token: token!, password });
                // The API ended every session of the account, this browser's too.
                if (landingStore.getState().userData) logout(false);
                setState({ s: 'passwordDone' });
              } catch (err) {
                if (errorCode(err) === 'TOKEN_INVALID') setState({ s: 'invalid' });
              }
            }}
          />
        </>
      );
      break;
    case 'passwordDone':
      icon = <CheckCircleIcon width={30} height={30} />;
      tone = 'ok';
      body = (
        <>
          <h2 className="ma-card__subtitle">{t('newPassword.doneTitle')}</h2>
          <p className="ma-card__text">{t('newPassword.doneText')}</p>
          <div className="ma-card__actions">
            <button type="button" className="ui-btn" onClick={() => openModal('login')} data-testid="password-done-login">
              {t('newPassword.toLogin')}
            </button>
            {home}
          </div>
        </>
      );
      break;
  }

  return (
    <section className="ma-page" data-testid={`activation-${kind}`} data-state={state.s}>
      <div className="ui-card ma-card">
        <span className={`ma-card__icon ${tone ? `ma-card__icon--${tone}` : ''}`}>{icon}</span>
        <h1 className="ma-card__title">{kind === 'password' && state.s === 'passwordForm' ? t('newPassword.title') : title}</h1>
        {body}
      </div>
    </section>
  );
}

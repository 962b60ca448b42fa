import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner, gameUrlFor, landingStore, logout, type ActivationPageProps } from '@landing/shared';
import { useResetPassword } from '../api/reset-password';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useLinkToken } from '../hooks/use-link-token';
import { useActivateLink } from '../api/activate-link';
import { errorCode } from '../lib/api-errors';
import { NewPasswordForm } from './NewPasswordForm';
import { AlertIcon, CheckCircleIcon, KeyIcon, MailIcon } from './icons';
import '../i18n';

type State = 'working' | 'invalid' | 'failed' | 'accountDone' | 'emailDone' | 'passwordForm' | 'passwordDone';

/** What the card says once the page knows how its link went: heading, text, the main action. */
interface OutcomeProps {
  title?: string;
  text?: string;
  action?: ReactNode;
}

/** The card's text and actions once the page knows how its link went; the way home always closes it. */
function Outcome({ title, text, action, home }: OutcomeProps & { home: ReactNode }) {
  return (
    <>
      {title ? <h2 className="ma-card__subtitle">{title}</h2> : null}
      {text ? <p className="ma-card__text">{text}</p> : null}
      <div className="ma-card__actions">
        {action}
        {home}
      </div>
    </>
  );
}

const ICONS = { alert: AlertIcon, ok: CheckCircleIcon, key: KeyIcon, mail: MailIcon };

/**
 * Activation pages (spec §2): `/{server}/account-activation#token=…` activates the account and
 * logs in (this browser becomes a trusted device), `/{server}/email-activation#token=…` confirms
 * a new e-mail, `/{server}/password-activation#token=…` shows the new-password form. The token
 * is in the URL fragment ({@link useLinkToken}); `token` is given for the old path links.
 * Both writes (the link's request, the new password) are mutations.
 */
export function ActivationPage({ server, kind, token: given }: ActivationPageProps) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const token = useLinkToken(given);
  const activation = useActivateLink(server, kind, {
    onSuccess: (o) => {
      if (o.kind === 'account' && landingStore.getState().userData?.id !== o.answer.user.id) complete(o.answer, { redirect: false });
    },
  });
  const reset = useResetPassword(server, token, {
    // The API ended every session of the account, this browser's too.
    onSuccess: () => {
      if (landingStore.getState().userData) logout(false);
    },
  });
  const { mutate: activate, reset: forget } = activation;

  useEffect(() => {
    if (token) activate(token);
    else forget();
  }, [token, activate, forget]);

  const o = activation.data;
  const state: State =
    token === null || errorCode(activation.error) === 'TOKEN_INVALID' || errorCode(reset.error) === 'TOKEN_INVALID'
      ? 'invalid'
      : activation.isError
        ? 'failed'
        : !o
          ? 'working'
          : o.kind === 'account'
            ? 'accountDone'
            : o.kind === 'email'
              ? 'emailDone'
              : !o.valid
                ? 'invalid'
                : reset.isSuccess
                  ? 'passwordDone'
                  : 'passwordForm';

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
  const tone = state === 'invalid' || state === 'failed' ? 'error' : state.endsWith('Done') ? 'ok' : '';
  const Icon = ICONS[tone === 'error' ? 'alert' : tone === 'ok' ? 'ok' : kind === 'password' ? 'key' : 'mail'];

  /** The outcome of a settled state (see {@link Outcome}). */
  const outcome = (): OutcomeProps => {
    switch (state) {
      case 'invalid':
        return {
          title: t('activation.invalidTitle'),
          text: t('activation.invalidText'),
          action:
            kind === 'password' ? (
              <button type="button" className="ui-btn" onClick={() => openModal('recovery')} data-testid="request-new-link">
                {t('activation.requestNewReset')}
              </button>
            ) : null,
        };
      case 'failed':
        return {
          action: (
            <button type="button" className="ui-btn" onClick={() => token && activate(token)}>
              {t('activation.retry')}
            </button>
          ),
        };
      case 'accountDone':
        return {
          title: t('activation.accountDone'),
          text: t('activation.accountDoneText', { nickname: o?.kind === 'account' ? o.answer.user.nickname : '' }),
          action: (
            <a className="ui-btn ui-btn--gold" href={gameUrlFor(server)} data-testid="activation-play">
              {t('activation.playNow')}
            </a>
          ),
        };
      case 'emailDone':
        return { title: t('activation.emailDone'), text: t('activation.emailDoneText', { email: o?.kind === 'email' ? o.email : '' }) };
      default:
        return {
          title: t('newPassword.doneTitle'),
          text: t('newPassword.doneText'),
          action: (
            <button type="button" className="ui-btn" onClick={() => openModal('login')} data-testid="password-done-login">
              {t('newPassword.toLogin')}
            </button>
          ),
        };
    }
  };
  const body =
    state === 'working' ? (
      <div className="ma-card__working" role="status">
        <Spinner />
        <p>{t('activation.working')}</p>
      </div>
    ) : state === 'passwordForm' ? (
      <>
        <p className="ma-card__text">{t('newPassword.text')}</p>
        <NewPasswordForm onSubmit={(password) => reset.mutate(password)} busy={reset.isPending} />
      </>
    ) : (
      <Outcome {...outcome()} home={home} />
    );

  return (
    <section className="ma-page" data-testid={`activation-${kind}`} data-state={state}>
      <div className="ui-card ma-card">
        <span className={`ma-card__icon ${tone ? `ma-card__icon--${tone}` : ''}`}>
          <Icon width={30} height={30} />
        </span>
        <h1 className="ma-card__title">{kind === 'password' && state === 'passwordForm' ? t('newPassword.title') : title}</h1>
        {body}
      </div>
    </section>
  );
}

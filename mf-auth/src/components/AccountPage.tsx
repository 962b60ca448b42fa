import { useTranslation } from 'react-i18next';
import { Spinner, openLogin, useHydrated, usePageMeta, useViewer, type AccountPageProps } from '@landing/shared';
import { ActivitySection } from './ActivitySection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { ShieldIcon } from './icons';
import '../i18n';

/**
 * The account page (`/{server}/account`, linked from the player's name in the header): change
 * the password (current one required; every other session ends and a notice is mailed), the
 * player's sessions with "Log out" per session and "Log out everywhere" (after the password
 * again), and the recent security events (logins, failed logins, lockouts, new devices, password
 * and e-mail changes). A visitor is asked to log in. Rendered in the browser only: every player
 * shares the page server's render (docs/ARCHITECTURE.md "Page cache"), so the player's own record
 * is read after hydration.
 */
export function AccountPage({ server }: AccountPageProps) {
  const { t } = useTranslation('auth');
  usePageMeta({ title: t('account.title') });
  const hydrated = useHydrated();
  const user = useViewer(server);
  const viewer = hydrated ? user : null;

  if (!hydrated) {
    return (
      <section className="ma-page" data-testid="account-page" data-state="loading">
        <div className="ui-card ma-card">
          <div className="ma-card__working" role="status">
            <Spinner />
            <p>{t('working')}</p>
          </div>
        </div>
      </section>
    );
  }
  if (!viewer) {
    return (
      <section className="ma-page" data-testid="account-page" data-state="visitor">
        <div className="ui-card ma-card">
          <span className="ma-card__icon">
            <ShieldIcon width={30} height={30} />
          </span>
          <h1 className="ma-card__title">{t('account.title')}</h1>
          <p className="ma-card__text">{t('account.loginText')}</p>
          <div className="ma-card__actions">
            <button type="button" className="ui-btn" onClick={() => openLogin({ stayOnPage: true })} data-testid="account-login">
              {t('account.loginButton')}
            </button>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="ma-account ui-container" data-testid="account-page" data-state="ready">
      <header className="ma-account__head">
        <span className="ma-card__icon" aria-hidden="true">
          <ShieldIcon width={28} height={28} />
        </span>
        <div>
          <h1 className="ma-account__title">{t('account.title')}</h1>
          <p className="ma-account__lead">
            {t('account.lead', { nickname: viewer.nickname })}
            {viewer.email ? <span className="ma-account__email"> · {viewer.email}</span> : null}
          </p>
        </div>
      </header>
      <div className="ma-account__grid">
        <PasswordSection server={server} user={viewer} />
        <SessionsSection server={server} user={viewer} />
        <ActivitySection server={server} user={viewer} />
      </div>
    </section>
  );
}

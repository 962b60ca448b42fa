import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Tabs, useLandingStore, useTabIds, type AuthModalProps, type AuthTab } from '@landing/shared';
import '../i18n';
import { LoginForm } from './LoginForm';
import { RecoveryForm } from './RecoveryForm';
import { RegisterForm } from './RegisterForm';
import { SocialButtons } from './SocialButtons';

const TITLES: Record<AuthTab, string> = { login: 'modal.titleLogin', register: 'modal.titleRegister', recovery: 'modal.titleRecovery' };

/**
 * The auth form modal (spec §2, §4), rendered by the shell while `modals.authForm` is true:
 * Login and Register tabs (the tab is the persisted `authActiveTab`, default register) and the
 * password-recovery form with its back-to-login link. Closes with `closeModal('authForm')`.
 */
export function AuthModal({ server }: AuthModalProps) {
  const { t } = useTranslation('auth');
  const tab = useLandingStore((s) => s.authActiveTab);
  const setStoredTab = useLandingStore((s) => s.setAuthActiveTab);
  const closeModal = useLandingStore((s) => s.closeModal);
  const close = useCallback(() => closeModal('authForm'), [closeModal]);
  const [sent, setSent] = useState(false);
  // The recovery form is a view of this modal; another app may open the modal straight on it
  // (authActiveTab = 'recovery'), but the persisted tab stays Login so the next visit shows tabs.
  const [recovery, setRecovery] = useState(tab === 'recovery');
  useEffect(() => {
    if (tab === 'recovery') {
      setRecovery(true);
      setStoredTab('login');
    }
  }, [tab, setStoredTab]);
  const setTab = (next: AuthTab) => {
    setSent(false);
    setRecovery(next === 'recovery');
    setStoredTab(next === 'recovery' ? 'login' : next);
  };
  const shown: AuthTab = recovery ? 'recovery' : tab === 'register' ? 'register' : 'login';
  const tabIds = useTabIds<'login' | 'register'>();

  return (
    <Modal open onClose={close} title={t(TITLES[shown])} size="sm" testId="auth-modal">
      <div className="ma-modal">
        {shown === 'recovery' ? (
          <RecoveryForm server={server} onBack={() => setTab('login')} />
        ) : (
          <>
            <Tabs<'login' | 'register'>
              className="ma-tabs"
              label={t('modal.tabsLabel')}
              ids={tabIds}
              active={shown === 'register' ? 'register' : 'login'}
              onChange={setTab}
              items={[
                { key: 'login', label: t('tabs.login') },
                { key: 'register', label: t('tabs.register') },
              ]}
            />
            <div role="tabpanel" id={tabIds.panel(shown)} aria-labelledby={tabIds.tab(shown)} className="ma-panel">
              {shown === 'login' ? (
                <LoginForm server={server} onForgot={() => setTab('recovery')} />
              ) : (
                <>
                  {sent ? null : <p className="ma-lead">{t('register.intro')}</p>}
                  <RegisterForm server={server} onSent={() => setSent(true)} />
                </>
              )}
              {shown === 'register' && sent ? null : <SocialButtons server={server} />}
              <p className="ma-switch">
                {shown === 'login' ? t('login.noAccount') : t('register.haveAccount')}{' '}
                <button
                  type="button"
                  className="ma-link"
                  onClick={() => setTab(shown === 'login' ? 'register' : 'login')}
                  data-testid="switch-tab"
                >
                  {shown === 'login' ? t('login.toRegister') : t('register.toLogin')}
                </button>
              </p>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

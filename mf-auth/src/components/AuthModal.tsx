import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Tabs, useLandingStore, type AuthModalProps, type AuthTab } from '@landing/shared';
import '../setup';
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
  const setTab = useLandingStore((s) => s.setAuthActiveTab);
  const closeModal = useLandingStore((s) => s.closeModal);
  const close = useCallback(() => closeModal('authForm'), [closeModal]);

  return (
    <Modal open onClose={close} title={t(TITLES[tab])} size="sm" testId="auth-modal">
      <div className="ma-modal">
        {tab === 'recovery' ? (
          <RecoveryForm server={server} onBack={() => setTab('login')} />
        ) : (
          <>
            <Tabs<'login' | 'register'>
              className="ma-tabs"
              label={t('modal.tabsLabel')}
              active={tab}
              onChange={setTab}
              items={[
                { key: 'login', label: t('tabs.login') },
                { key: 'register', label: t('tabs.register') },
              ]}
            />
            <div role="tabpanel" aria-labelledby={`tab-${tab}`} className="ma-panel">
              {tab === 'login' ? (
                <LoginForm server={server} onForgot={() => setTab('recovery')} />
              ) : (
                <>
                  <p className="ma-lead">{t('register.intro')}</p>
                  <RegisterForm server={server} />
                </>
              )}
              <SocialButtons server={server} />
              <p className="ma-switch">
                {tab === 'login' ? t('login.noAccount') : t('register.haveAccount')}{' '}
                <button type="button" className="ma-link" onClick={() => setTab(tab === 'login' ? 'register' : 'login')} data-testid="switch-tab">
                  {tab === 'login' ? t('login.toRegister') : t('register.toLogin')}
                </button>
              </p>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

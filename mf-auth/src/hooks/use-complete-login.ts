/** What every successful login does (password, new-device code, activation, social). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { landingStore, notifySuccess, saveSession, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { setDeviceChallenge } from '../lib/device-challenge';

/**
 * Returns `complete(answer, { redirect })`: stores the session (per-server auth cookies, local
 * storage `token` / `expiration` / `uid`, `userData` — spec §3 through `saveSession`), remembers
 * that the user logged in once (next time the modal opens on the Login tab), closes the auth
 * modals, greets the user and, when `isLoginWithRedirect` is set (spec §4; the default), goes to
 * the server's home page where "Play now" waits.
 */
export function useCompleteLogin(server: ServerCode) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (answer: LoginAnswer, options: { redirect?: boolean; greet?: boolean } = {}) => {
      saveSession(server, { token: answer.token, uid: answer.uid, expiresAt: answer.expiresAt }, answer.user);
      const store = landingStore.getState();
      store.setAuthPreferences({ userLoginOnce: true });
      store.setAuthActiveTab('login');
      store.closeModal('authForm');
      store.closeModal('twoFactorAuth');
      setDeviceChallenge(null);
      if (options.greet !== false) notifySuccess(t('welcome', { nickname: answer.user.nickname }));
      const redirect = options.redirect ?? store.isLoginWithRedirect;
      const home = `/${server}`;
      if (redirect && pathname !== home && pathname !== `${home}/`) navigate(home);
    },
    [server, t, navigate, pathname],
  );
}

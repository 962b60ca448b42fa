import { landingStore } from '@landing/shared';

/**
 * Asks for a login (spec §4): opens the auth form on its login tab through the shared store; the
 * shell renders mf-auth's modal. The news remote never imports mf-auth. Opening the form sets
 * `isLoginWithRedirect` (spec §4); the remote then clears it, because a reader who logs in to
 * comment or vote should stay on the article rather than be sent to the home page.
 */
export function openLogin(): void {
  const state = landingStore.getState();
  state.setAuthActiveTab('login');
  state.openModal('authForm');
  state.setAuthPreferences({ isLoginWithRedirect: false });
}

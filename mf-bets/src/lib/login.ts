import { landingStore } from '@landing/shared';

/**
 * Asks for a login (spec §4): opens the shell's auth form (mf-auth's modal) on its Log in tab.
 * Opening it sets `isLoginWithRedirect` (spec §4); the bets page then clears it, because a player
 * who logs in to predict should stay on the match they were predicting rather than be sent to
 * the home page.
 */
export function openLogin(): void {
  const state = landingStore.getState();
  state.setAuthActiveTab('login');
  state.openModal('authForm');
  state.setAuthPreferences({ isLoginWithRedirect: false });
}

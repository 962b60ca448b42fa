import { landingStore, useLandingStore, type UserData } from '@landing/shared';

/**
 * The logged-in user as far as this server is concerned (spec §3: logged in when `userData` is
 * set). A session of another server counts as a visitor here, as it does for the API.
 */
export function useViewer(server: string): UserData | null {
  const user = useLandingStore((s) => s.userData);
  return user && (!user.server || user.server === server) ? user : null;
}

/**
 * Asks for a login (spec §4): opens the auth form on its login tab through the shared store; the
 * shell renders mf-auth's modal. The news remote never imports mf-auth.
 */
export function openLogin(): void {
  const state = landingStore.getState();
  state.setAuthActiveTab('login');
  state.openModal('authForm');
}

/**
 * Session storage of spec §3/§4: per-server auth cookies and the local storage keys `token`,
 * `expiration`, `uid`. Used by the API client (headers of §7), by mf-auth after a login and by
 * the §8 logout cases.
 */
import { COOKIE_MAX_AGE_S, COOKIES, STORAGE_KEYS, authCookieNames } from './config';
import { removeCookie, setCookie } from './cookies';
import { i18n } from './i18n';
import { landingStore, type UserData } from './store';
import { notifyInfo } from './ui/toast';

/** A session as the API hands it out after a login. `expiresAt` is an ISO date-time. */
export interface Session {
  token: string;
  uid: string;
  expiresAt: string;
}

/** Reads the stored session token and user id (spec §7 `X-Auth-Token`, `X-Auth-Id`). */
export function storedSession(): { token: string | null; uid: string | null } {
  try {
    return { token: localStorage.getItem(STORAGE_KEYS.token), uid: localStorage.getItem(STORAGE_KEYS.uid) };
  } catch {
    return { token: null, uid: null };
  }
}

/** Stores a session in the per-server cookies (86400 s) and local storage, and sets `userData`. */
export function saveSession(server: string, session: Session, user: UserData): void {
  const names = authCookieNames(server);
  setCookie(names.uid, session.uid, COOKIE_MAX_AGE_S.languageAndAuth);
  setCookie(names.token, session.token, COOKIE_MAX_AGE_S.languageAndAuth);
  setCookie(names.expiration, session.expiresAt, COOKIE_MAX_AGE_S.languageAndAuth);
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.expiration, session.expiresAt);
  localStorage.setItem(STORAGE_KEYS.uid, session.uid);
  landingStore.getState().setUserData(user);
}

/**
 * Logs the user out locally (spec §4): clears the auth cookies of the selected server and the
 * local storage session, unsets `userData`, and says "You logged out" when `announce` is true.
 */
export function logout(announce = true): void {
  const { selectedServer, userData } = landingStore.getState();
  const names = authCookieNames(selectedServer);
  for (const name of Object.values(names)) removeCookie(name);
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing stored */
  }
  landingStore.getState().setUserData(null);
  if (announce && userData) notifyInfo(i18n.t('common:auth.loggedOut'));
}

/** Clears the register tracking cookies (spec §4: click_id_track and ref_id_track). */
export function removeRegisterCookies(): void {
  removeCookie(COOKIES.clickIdTrack);
  removeCookie(COOKIES.refIdTrack);
}

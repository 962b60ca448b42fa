/**
 * Session storage of spec §3/§4: per-server auth cookies and the local storage keys `token`,
 * `expiration`, `uid`. Used by the API client (headers of §7), by mf-auth after a login and by
 * the §8 logout cases.
 */
import { COOKIE_MAX_AGE_S, COOKIES, STORAGE_KEYS, authCookieNames } from './config';
import { getCookie, removeCookie, setCookie } from './cookies';
import { i18n } from './i18n';
import type { MeAnswer } from '@landing/domain/schemas/auth';
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
 * Asks for a login (spec §4): opens the auth form (mf-auth's modal, which the shell renders) on
 * its Log in tab through the shared store, so no remote imports mf-auth. Opening the form sets
 * `isLoginWithRedirect` (after the login the player goes to the home page); `stayOnPage: true`
 * clears it, for a player who logs in to act on what the page shows (vote, comment, predict, see
 * their account).
 * @param options.stayOnPage  keep the player on this page after the login (default false)
 */
export function openLogin({ stayOnPage = false }: { stayOnPage?: boolean } = {}): void {
  const state = landingStore.getState();
  state.setAuthActiveTab('login');
  state.openModal('authForm');
  if (stayOnPage) state.setAuthPreferences({ isLoginWithRedirect: false });
}

/** Functions run by every {@link logout}: each app forgets what it holds of the viewer. */
const logoutListeners = new Set<() => void>();

/**
 * Registers `listener` to run at every logout (spec §4), after the session is cleared: the
 * place where an app drops what it holds of the viewer (the shell: per-viewer queries of the
 * query cache and the offline worker's API cache). A throwing listener does not stop the others.
 * @returns a function that unregisters it
 */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => void logoutListeners.delete(listener);
}

/**
 * Logs the user out locally (spec §4): clears the auth cookies of the selected server and the
 * local storage session, unsets `userData`, runs the {@link onLogout} listeners (per-viewer data
 * of the page and the offline worker), and says "You logged out" when `announce` is true.
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
  for (const listener of [...logoutListeners]) {
    try {
      listener();
    } catch (err) {
      console.error('[logout]', err);
    }
  }
  if (announce && userData) notifyInfo(i18n.t('common:auth.loggedOut'));
}

/**
 * Restores the session at start (spec §3: logged in when `userData` is set): with a stored token,
 * asks the API who the user is (`GET /{server}/auth/me` → `{ user: UserData }`). A 401, 406 or 503
 * clears the stored session through the API client's §8 handling; any other failure leaves it untouched.
 * Resolves to the user or null. `client` is the shared API client (passed in to avoid an import cycle).
 */
export async function restoreSession(client: { get: <T>(url: string) => Promise<{ data: T }> }): Promise<UserData | null> {
  const { token } = storedSession();
  if (!token) return null;
  try {
    const { data } = await client.get<MeAnswer>('/auth/me');
    landingStore.getState().setUserData(data.user);
    return data.user;
  } catch {
    return null;
  }
}

/**
 * Logs out on the server (`POST /{server}/auth/logout`, which revokes the session token) and then
 * locally with the "You logged out" message (spec §4). A failed call still logs out locally.
 */
export async function signOut(client: { post: (url: string) => Promise<unknown> }): Promise<void> {
  try {
    await client.post('/auth/logout');
  } catch {
    /* the local logout below is what the user asked for */
  }
  logout(true);
}

/** Clears the register tracking cookies (spec §4: click_id_track and ref_id_track). */
export function removeRegisterCookies(): void {
  removeCookie(COOKIES.clickIdTrack);
  removeCookie(COOKIES.refIdTrack);
}

/** Characters of the device id (spec §3 `FT-fingerprint`: a random 9-character id). */
const FINGERPRINT_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The device id of this browser (cookie `FT-fingerprint`, spec §3/§9: a random 9-character id kept
 * 15768e4 s ≈ 5 years, path /, shared across subdomains). Created on first use. mf-auth sends it
 * with the login so the API can tell a known device from a new one (spec §4).
 */
export function deviceFingerprint(): string {
  const existing = getCookie(COOKIES.fingerprint);
  if (existing && /^[A-Za-z0-9_-]{6,64}$/.test(existing)) return existing;
  let id = '';
  while (id.length < 9) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    // Rejection sampling (252 = 7 × 36) keeps every character equally likely.
    for (const b of bytes) if (b < 252 && id.length < 9) id += FINGERPRINT_ALPHABET[b % 36];
  }
  setCookie(COOKIES.fingerprint, id, COOKIE_MAX_AGE_S.fingerprint);
  return id;
}

import { openLogin } from '../src/auth';
import { createLandingStore, landingStore, STORE_STORAGE_KEY } from '../src/store';

beforeEach(() => localStorage.clear());

test('defaults of spec §3', () => {
  const s = createLandingStore().getState();
  expect(s.selectedServer).toBe('royal');
  expect(s.serverLangLocale).toBe('en');
  expect(s.authActiveTab).toBe('register');
  expect(s.isLoginWithRedirect).toBe(true);
  expect(s.modals).toEqual({ contactModal: false, authForm: false, twoFactorAuth: false });
  expect(s.userData).toBeNull();
});

test('opening the auth form sets isLoginWithRedirect (spec §4)', () => {
  const store = createLandingStore();
  store.setState({ isLoginWithRedirect: false });
  store.getState().openModal('authForm');
  expect(store.getState().modals.authForm).toBe(true);
  expect(store.getState().isLoginWithRedirect).toBe(true);
});

test('openLogin opens the form on its Log in tab; stayOnPage keeps the player on the page after the login (spec §4)', () => {
  const state = () => landingStore.getState();
  state().setAuthActiveTab('register');
  openLogin();
  expect(state().modals.authForm).toBe(true);
  expect(state().authActiveTab).toBe('login');
  expect(state().isLoginWithRedirect).toBe(true);
  state().closeModal('authForm');
  openLogin({ stayOnPage: true });
  expect(state().modals.authForm).toBe(true);
  expect(state().isLoginWithRedirect).toBe(false);
});

test('persists exactly the keys the spec marks persisted', () => {
  const store = createLandingStore();
  store.getState().setSelectedServer('pl');
  store.getState().setAuthActiveTab('login');
  store.getState().setUserData({ id: '1', nickname: 'x', email: null, ovr: 50, server: 'pl' });
  store.getState().openModal('contactModal');
  const saved = JSON.parse(localStorage.getItem(STORE_STORAGE_KEY)!).state;
  expect(Object.keys(saved).sort()).toEqual(
    [
      'authActiveTab',
      'authSocialProvider',
      'isLoginWithRedirect',
      'newsletterAgreement',
      'selectedServer',
      'userLoginOnce',
      'userRegisterLang',
    ].sort(),
  );
  expect(saved.selectedServer).toBe('pl');
  const again = createLandingStore();
  expect(again.getState().selectedServer).toBe('pl');
  expect(again.getState().authActiveTab).toBe('login');
});

test("a store for one SSR request keeps nothing in localStorage and starts with the page's server and language", () => {
  localStorage.clear();
  const store = createLandingStore({ persisted: false, initial: { selectedServer: 'pl', serverLangLocale: 'de' } });
  expect(store.getState()).toMatchObject({ selectedServer: 'pl', serverLangLocale: 'de', userData: null });
  store.getState().setAuthActiveTab('login');
  expect(localStorage.length).toBe(0);
});

/**
 * The one zustand store of the site, in slices of spec §3: client state only
 * (session, choices, modals, register params, PWA flags). Server data (stats, leaderboard, news,
 * landing config) lives in the TanStack Query cache (../data), fetched once on the server and
 * hydrated in the browser. Every app must import it by package name (`@landing/shared`) so
 * Module Federation hands out one instance. Keys the spec marks persisted are kept in localStorage
 * under `landing-store`.
 */
import { createStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { StateCreator, StoreApi } from 'zustand';
import { DEFAULT_LOCALE, DEFAULT_SERVER } from '../config';
import type { LandingState } from './types';

export * from './types';

export const STORE_STORAGE_KEY = 'landing-store';

/** A store instance of the site's state (spec §3). */
export type LandingStore = StoreApi<LandingState>;

/** Options of {@link createLandingStore}. */
export interface LandingStoreOptions {
  /** Keep the spec §3 persisted keys in localStorage (default: true in a browser). */
  persisted?: boolean;
  /** Initial values, e.g. the page's server, language and logged-in player of an SSR request. */
  initial?: Partial<Pick<LandingState, 'selectedServer' | 'serverLangLocale' | 'userData'>>;
}

/**
 * Creates a store instance: the browser's {@link landingStore}, one per SSR request (not
 * persisted, with the request's server and language), or fresh ones in tests.
 */
export function createLandingStore({ persisted = typeof window !== 'undefined', initial = {} }: LandingStoreOptions = {}): LandingStore {
  const state: StateCreator<LandingState> = (set) => ({
    // auth/user
    userData: null,
    authActiveTab: 'register',
    isLoginWithRedirect: true,
    userLoginOnce: false,
    newsletterAgreement: false,
    userRegisterLang: null,
    authSocialProvider: null,
    setUserData: (userData) => set({ userData }),
    setAuthActiveTab: (authActiveTab) => set({ authActiveTab }),
    setAuthPreferences: (p) => set(p),
    // server and language
    selectedServer: DEFAULT_SERVER,
    serverLangLocale: DEFAULT_LOCALE,
    technicalBreak: false,
    setSelectedServer: (selectedServer) => set({ selectedServer }),
    setServerLangLocale: (serverLangLocale) => set({ serverLangLocale }),
    setTechnicalBreak: (technicalBreak) => set({ technicalBreak }),
    // modals
    modals: { contactModal: false, authForm: false, twoFactorAuth: false },
    openModal: (name) =>
      set((s) => ({
        modals: { ...s.modals, [name]: true },
        ...(name === 'authForm' ? { isLoginWithRedirect: true } : {}),
      })),
    closeModal: (name) => set((s) => ({ modals: { ...s.modals, [name]: false } })),
    // register params
    availableRegisterParams: {},
    setRegisterParams: (params) => set((s) => ({ availableRegisterParams: { ...s.availableRegisterParams, ...params } })),
    clearRegisterParams: () => set({ availableRegisterParams: {} }),
    // installed app / offline (spec §1), not persisted
    pwa: { refreshAvailable: false, offlineReady: false, swError: false, standalone: false, installAvailable: false },
    setPwa: (patch) => set((s) => ({ pwa: { ...s.pwa, ...patch } })),
    ...initial,
  });
  if (!persisted) return createStore<LandingState>()(state);
  return createStore<LandingState>()(
    persist(state, {
      name: STORE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // spec §3: persisted keys only
      partialize: (s) => ({
        selectedServer: s.selectedServer,
        authActiveTab: s.authActiveTab,
        isLoginWithRedirect: s.isLoginWithRedirect,
        userLoginOnce: s.userLoginOnce,
        newsletterAgreement: s.newsletterAgreement,
        userRegisterLang: s.userRegisterLang,
        authSocialProvider: s.authSocialProvider,
      }),
    }),
  );
}

/** The application-wide store instance (a Module Federation singleton through `@landing/shared`). */
export const landingStore: LandingStore = createLandingStore();

// `useLandingStore` (the React hook) lives in ../data: it reads the store of the render (the
// request's own during SSR), not this module-level instance.

/**
 * The one zustand store of the site (design brief §3), in slices of spec §3. Every app must
 * import it by package name (`@landing/shared`) so Module Federation hands out one instance.
 * Keys the spec marks persisted are kept in localStorage under `landing-store`.
 */
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_LOCALE, DEFAULT_SERVER } from '../config';
import type { LandingState } from './types';

export * from './types';

export const STORE_STORAGE_KEY = 'landing-store';

/** Creates a store instance (tests use fresh ones; the app uses {@link landingStore}). */
export function createLandingStore() {
  return createStore<LandingState>()(
    persist(
      (set) => ({
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
        // leaderboard and stats
        leaderboardPlayers: [],
        leaderboardTeams: [],
        weeklyPrizes: [],
        stats: null,
        landingHeaderCode: null,
        setLeaderboard: (a) => set({ leaderboardPlayers: a.ranking, leaderboardTeams: a.ranking_teams, weeklyPrizes: a.prizes ?? [] }),
        setStats: (a) => set({ stats: { registeredUsers: a.users, numberOfTeams: a.teams, onlineUsers: a.online_users } }),
        setLandingHeaderCode: (landingHeaderCode) => set({ landingHeaderCode }),
        // news
        news: [],
        comments: [],
        landingPage: null,
        setNews: (news) => set({ news }),
        setComments: (comments) => set({ comments }),
        setLandingPage: (landingPage) => set({ landingPage }),
        // installed app / offline (spec §1), not persisted
        pwa: { refreshAvailable: false, offlineReady: false, swError: false, standalone: false, installAvailable: false },
        setPwa: (patch) => set((s) => ({ pwa: { ...s.pwa, ...patch } })),
      }),
      {
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
      },
    ),
  );
}

export type LandingStore = ReturnType<typeof createLandingStore>;

/** The application-wide store instance (a Module Federation singleton through `@landing/shared`). */
export const landingStore: LandingStore = createLandingStore();

/** React hook over {@link landingStore}: `useLandingStore((s) => s.selectedServer)`. */
export function useLandingStore<T>(selector: (s: LandingState) => T): T {
  return useStore(landingStore, selector);
}

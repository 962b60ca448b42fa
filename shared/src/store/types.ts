/**
 * Shapes of the client state of spec §3, and of the API answers of §3 that every app reads. The
 * answers are the API's own schemas (`@landing/domain/schemas/*`, z.infer; type-only imports, so
 * no zod reaches a bundle through them).
 */
import type { User } from '@landing/domain/schemas/auth';
import type { PlayerRow, Prize, TeamRow } from '@landing/domain/schemas/leaderboard';
import type { LocaleCode, RegisterParam, ServerCode } from '../config';

/**
 * Logged-in user (spec §3: the user is logged in when `userData` is set): the API's `user` of a
 * login or `GET /{server}/auth/me` (`ovr` is used by the comment and vote rules, spec §5).
 */
export type UserData = User;

/** Leaderboard player row (API `ranking`). */
export type LeaderboardPlayer = PlayerRow;

/** Leaderboard team row (API `ranking_teams`). */
export type LeaderboardTeam = TeamRow;

/** Weekly Top 3 prize (spec §1, API `prizes`). */
export type WeeklyPrize = Prize;

/** Stats strip (spec §3): registeredUsers from `users`, numberOfTeams from `teams`, onlineUsers from `online_users`. */
export interface Stats {
  registeredUsers: number;
  numberOfTeams: number;
  onlineUsers: number;
}

/** Modal flags (spec §3). */
export interface Modals {
  contactModal: boolean;
  authForm: boolean;
  twoFactorAuth: boolean;
}
export type ModalName = keyof Modals;

/** Auth form tab (spec §4: register is the default; login and recovery are the other tabs). */
export type AuthTab = 'register' | 'login' | 'recovery';

export type RegisterParams = Partial<Record<RegisterParam, string>>;

export interface AuthSlice {
  userData: UserData | null;
  authActiveTab: AuthTab;
  isLoginWithRedirect: boolean;
  userLoginOnce: boolean;
  newsletterAgreement: boolean;
  userRegisterLang: LocaleCode | null;
  authSocialProvider: string | null;
  setUserData: (user: UserData | null) => void;
  setAuthActiveTab: (tab: AuthTab) => void;
  setAuthPreferences: (
    p: Partial<
      Pick<AuthSlice, 'userLoginOnce' | 'newsletterAgreement' | 'userRegisterLang' | 'authSocialProvider' | 'isLoginWithRedirect'>
    >,
  ) => void;
}

export interface ServerSlice {
  selectedServer: ServerCode;
  serverLangLocale: LocaleCode;
  technicalBreak: boolean;
  setSelectedServer: (server: ServerCode) => void;
  setServerLangLocale: (locale: LocaleCode) => void;
  setTechnicalBreak: (on: boolean) => void;
}

export interface ModalsSlice {
  modals: Modals;
  /** Opens a modal. Opening `authForm` also sets `isLoginWithRedirect` (spec §4). */
  openModal: (name: ModalName) => void;
  closeModal: (name: ModalName) => void;
}

export interface RegisterParamsSlice {
  availableRegisterParams: RegisterParams;
  setRegisterParams: (params: RegisterParams) => void;
  clearRegisterParams: () => void;
}

/**
 * Installed-app / offline state (spec §1), set by the shell's service-worker and install code.
 * Not persisted.
 */
export interface PwaState {
  /** A new service worker is waiting: offer a refresh. */
  refreshAvailable: boolean;
  /** The first service worker installed: the site works offline. */
  offlineReady: boolean;
  /** The service worker could not be registered. */
  swError: boolean;
  /** Running as an installed app (display-mode standalone, iOS home screen, iOS non-Safari browser). */
  standalone: boolean;
  /** The browser's install prompt was captured and can be shown (install offer). */
  installAvailable: boolean;
}

export interface PwaSlice {
  pwa: PwaState;
  setPwa: (patch: Partial<PwaState>) => void;
}

export type LandingState = AuthSlice & ServerSlice & ModalsSlice & RegisterParamsSlice & PwaSlice;

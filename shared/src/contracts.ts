/**
 * Typed contracts of what each remote exposes (design brief §2). The shell renders remotes only
 * through these types; a remote's exposed module must satisfy them (checked by `tsc` in the
 * remote: each `src/exposes/*.tsx` is typed against its contract). Each exposed module exports
 * `default` (the component) and `contractMajor`; the shell refuses a module whose major differs
 * from {@link CONTRACT_MAJOR} and shows the fallback instead (issue 7).
 */
import type { ComponentType } from 'react';
import type { ServerCode } from './config';

/** Module Federation names of the remotes. */
export type RemoteName = 'mf_auth' | 'mf_news' | 'mf_bets' | 'mf_leaderboard';
export const REMOTE_NAMES: readonly RemoteName[] = ['mf_auth', 'mf_news', 'mf_bets', 'mf_leaderboard'];

/**
 * Contract major version per remote; bump on a breaking change of any exposed prop type. A remote
 * bakes its own major in at build time as a literal typed against this table, so `tsc` fails
 * when the contract moves and the remote has not, and the shell can compare at run time.
 */
export const CONTRACT_MAJOR = {
  mf_auth: 1,
  mf_news: 1,
  mf_bets: 1,
  mf_leaderboard: 1,
} as const satisfies Record<RemoteName, number>;

/** Props of `mf_leaderboard/Leaderboard`: the home-page leaderboard (Players/Teams, weekly Top 3). */
export interface LeaderboardProps {
  server: ServerCode;
  /** Rows per tab, 1..100 (default 10). */
  limit?: number;
}

/** Props of `mf_auth/AuthModal`: the auth form modal; open state lives in `modals.authForm`. */
export interface AuthModalProps {
  server: ServerCode;
}
/** Props of `mf_auth/TwoFactorDialog`; open state lives in `modals.twoFactorAuth`. */
export interface TwoFactorDialogProps {
  server: ServerCode;
}
/** Props of `mf_auth/JoinPage` (`/{server}/join`, `/join/p/{partner}`, `/join/ref/{id}`). */
export interface JoinPageProps {
  server: ServerCode;
  partner?: string;
  refId?: string;
}
/** Props of `mf_auth/ActivationPage` (spec §2 activation routes). */
export interface ActivationPageProps {
  server: ServerCode;
  kind: 'account' | 'email' | 'password';
  token: string;
}
/** Props of `mf_auth/SocialCallback` (`/auth_callback`, `/auth/{provider}/callback`). */
export interface SocialCallbackProps {
  provider?: string;
}

/** Props of `mf_news/NewsList` (`/{server}/news`, `/{server}/news/list/{page}`). */
export interface NewsListProps {
  server: ServerCode;
  /** 1-based page. */
  page: number;
}
/** Props of `mf_news/NewsArticle` (`/{server}/news/{slug}`). */
export interface NewsArticleProps {
  server: ServerCode;
  slug: string;
}
/** Props of `mf_news/NewsTeaser` (home page). */
export interface NewsTeaserProps {
  server: ServerCode;
  /** Articles shown (default 3). */
  count?: number;
}

/** Props of `mf_bets/BetsPage`; the tab comes from the route (spec §2). */
export interface BetsPageProps {
  server: ServerCode;
  tab: 'matches' | 'ranking' | 'rules';
}

/** Map of exposed module id → component props. */
export interface RemoteContracts {
  'mf_leaderboard/Leaderboard': LeaderboardProps;
  'mf_auth/AuthModal': AuthModalProps;
  'mf_auth/TwoFactorDialog': TwoFactorDialogProps;
  'mf_auth/JoinPage': JoinPageProps;
  'mf_auth/ActivationPage': ActivationPageProps;
  'mf_auth/SocialCallback': SocialCallbackProps;
  'mf_news/NewsList': NewsListProps;
  'mf_news/NewsArticle': NewsArticleProps;
  'mf_news/NewsTeaser': NewsTeaserProps;
  'mf_bets/BetsPage': BetsPageProps;
}
export type ExposedModuleId = keyof RemoteContracts;

/** Every exposed module id of the contracts (e.g. to warm up the SSR server). */
export const EXPOSED_MODULE_IDS: readonly ExposedModuleId[] = [
  'mf_leaderboard/Leaderboard',
  'mf_auth/AuthModal',
  'mf_auth/TwoFactorDialog',
  'mf_auth/JoinPage',
  'mf_auth/ActivationPage',
  'mf_auth/SocialCallback',
  'mf_news/NewsList',
  'mf_news/NewsArticle',
  'mf_news/NewsTeaser',
  'mf_bets/BetsPage',
] satisfies ReadonlyArray<keyof RemoteContracts>;

/** Shape every exposed module has at run time. */
export interface ExposedModule<P> {
  default: ComponentType<P>;
  contractMajor: number;
}

/** Remote name of an exposed module id (`mf_news/NewsList` → `mf_news`). */
export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

/**
 * Typed contracts of what each remote exposes. The shell renders remotes only
 * through these types; a remote's exposed module must satisfy them (checked by `tsc` in the
 * remote: each `src/exposes/*.tsx` is typed against its contract). Each exposed module exports
 * `default` (the component) and `contractMajor`; the shell refuses a module whose major differs
 * from {@link CONTRACT_MAJOR} and shows the fallback instead.
 */
import type { ComponentType } from 'react';
import { REMOTES, exposedModuleIds } from '../apps.mjs';
import type { ServerCode } from './config';

/** One remote of the app registry (shared/apps.mjs). */
type RegistryRemote = (typeof REMOTES)[number];

/** Module Federation names of the remotes (from the app registry, shared/apps.mjs). */
export type RemoteName = RegistryRemote['name'];
export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((r) => r.name);

/** Contents of an environment's `remotes.json`: remote name → manifest URL (`…/<version>/mf-manifest.json`). */
export type RemotesMap = Partial<Record<RemoteName, string>>;

/**
 * Keeps only known remote names with http(s) or root-relative manifest URLs; anything else
 * (another name, `javascript:`, a non-string) is dropped. Used on remotes.json, tester overrides
 * and the server's environment files alike.
 */
export function sanitizeRemotesMap(input: unknown): RemotesMap {
  const out: RemotesMap = {};
  if (!input || typeof input !== 'object') return out;
  for (const [name, url] of Object.entries(input as Record<string, unknown>)) {
    if (REMOTE_NAMES.includes(name as RemoteName) && typeof url === 'string' && /^(https?:\/\/|\/)/.test(url))
      out[name as RemoteName] = url;
  }
  return out;
}

/**
 * Contract major version per remote (the registry's `contract`); bump it there on a breaking
 * change of any exposed prop type. A remote bakes its own major in at build time as a literal
 * typed against this table, so `tsc` fails when the contract moves and the remote has not, and
 * the shell can compare at run time.
 */
export const CONTRACT_MAJOR = Object.fromEntries(REMOTES.map((r) => [r.name, r.contract])) as {
  readonly [R in RegistryRemote as R['name']]: R['contract'];
};

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
/**
 * Props of `mf_auth/ActivationPage` (spec §2 activation routes). The e-mailed links carry the
 * token in the URL fragment (`/{server}/account-activation#token=…`, never sent to a server): the
 * page reads it there. `token` is the token of a path link given by a shell that still passes it.
 */
export interface ActivationPageProps {
  server: ServerCode;
  kind: 'account' | 'email' | 'password';
  token?: string;
}
/** Props of `mf_auth/AccountPage` (`/{server}/account`): the logged-in player's password, sessions and security events. */
export interface AccountPageProps {
  server: ServerCode;
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
  'mf_auth/AccountPage': AccountPageProps;
  'mf_auth/SocialCallback': SocialCallbackProps;
  'mf_news/NewsList': NewsListProps;
  'mf_news/NewsArticle': NewsArticleProps;
  'mf_news/NewsTeaser': NewsTeaserProps;
  'mf_bets/BetsPage': BetsPageProps;
}
export type ExposedModuleId = keyof RemoteContracts;

/** Exposed module ids the app registry lists (`mf_news/NewsList`). */
type RegistryExposedId = { [R in RegistryRemote as R['name']]: `${R['name']}/${R['exposes'][number]}` }[RemoteName];
/** `true` when A and B are the same union. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The registry's exposes and the contracts are the same list: an expose without its props here,
 * or props of a module the registry does not expose, fails `tsc` on this line.
 */
export const REGISTRY_MATCHES_CONTRACTS: SameUnion<RegistryExposedId, ExposedModuleId> = true;

/** Every exposed module id (from the app registry; e.g. to warm up the page server). */
export const EXPOSED_MODULE_IDS = exposedModuleIds() as readonly ExposedModuleId[];

/** Shape every exposed module has at run time. */
export interface ExposedModule<P> {
  default: ComponentType<P>;
  contractMajor: number;
}

/** Remote name of an exposed module id (`mf_news/NewsList` → `mf_news`). */
export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

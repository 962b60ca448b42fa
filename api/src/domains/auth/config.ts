/**
 * Configuration of the auth domain (accounts, sessions, mail, OAuth, rate limits), read from the
 * environment by {@link loadAuthConfig} and kept in `app.apiConfig.auth`. See api/README.md
 * "Auth" for the variables.
 */

import { OAUTH_PROVIDERS, type OAuthProviderId } from '@landing/domain';
import { devFeaturesEnabled } from '../../lib/start-guards.js';

/** Social login providers (spec §7: Google, Facebook and a third, Russian network: VK), from the domain package. */
export { OAUTH_PROVIDERS, type OAuthProviderId } from '@landing/domain';

/** Endpoints and client credentials of one OAuth provider. */
export interface OAuthProviderConfig {
  id: OAuthProviderId;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /**
   * Send a PKCE S256 challenge from the API to the provider and its verifier with the code
   * exchange (docs/SECURITY.md V10; wherever the provider supports it — Google, Facebook, VK ID and
   * the mock all do; `OAUTH_<ID>_PKCE=0` turns it off for a provider that refuses it). The
   * browser's popup flow itself has no code challenge (spec §7): PKCE is between API and provider.
   */
  pkce: boolean;
  /** Points at the local mock provider (development and tests). */
  mock: boolean;
}

/** A sliding-window limit: at most `max` events per `windowS` seconds. */
export interface WindowLimit {
  max: number;
  windowS: number;
}

/** Rate limits of the auth routes (see api/README.md "Auth — rate limits"). */
export interface AuthLimits {
  /** Failed logins per (login name, IP). */
  loginPerLoginIp: WindowLimit;
  /** Failed logins per IP, whatever the login name. */
  loginPerIp: WindowLimit;
  /** Failed logins per login name from all IPs; beyond it only trusted devices may try. */
  loginPerLogin: WindowLimit;
  /** Wrong device codes per IP. */
  codePerIp: WindowLimit;
  /** Wrong codes per account across challenges and e-mail change codes (src/domains/auth/attempts.ts). */
  codePerAccount: WindowLimit;
  /** Code attempts per challenge (and per e-mail change code); then the challenge is void (log in again). */
  codeAttemptsPerChallenge: number;
  /** Code e-mails per challenge. */
  codeSendsPerChallenge: number;
  /** Seconds between two code e-mails of one challenge. */
  codeResendS: number;
  /** Password-reset e-mails per account (more requests are answered alike, no mail). */
  resetMailsPerAccount: WindowLimit;
  /** Wrong current passwords per account on the account page (password change, ending sessions). */
  reauthPerAccount: WindowLimit;
  /** Requests per IP (any outcome) — flood guards of @fastify/rate-limit. */
  registerPerIp: WindowLimit;
  forgotPerIp: WindowLimit;
  loginRequestsPerIp: WindowLimit;
  codeRequestsPerIp: WindowLimit;
  tokenRequestsPerIp: WindowLimit;
}

export interface AuthConfig {
  /** Session lifetime (spec §9: auth cookies 86400 s). */
  sessionTtlS: number;
  activationTtlS: number;
  passwordResetTtlS: number;
  emailChangeTtlS: number;
  /** A new-device challenge (the login attempt) lives this long. */
  deviceChallengeTtlS: number;
  /** An e-mailed device code is valid this long (≤ 10 minutes). */
  deviceCodeTtlS: number;
  /** OAuth `state` lifetime. */
  oauthStateTtlS: number;
  /** Base URL of the site for links in e-mails when the request's Origin is not an allowed one. */
  siteUrl: string;
  /** Origins allowed as OAuth redirect targets and e-mail link bases (the CORS origins). */
  allowedOrigins: string[];
  /** SMTP connection URL; undefined = the dev mailbox (outside production) or log only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `GET /dev/mailbox` (HTML) and `/dev/mailbox.json`: with DEV_FEATURES=1 (never in production) unless DEV_MAILBOX=0. */
  devMailbox: boolean;
  /** Enabled providers only. */
  oauth: Partial<Record<OAuthProviderId, OAuthProviderConfig>>;
  limits: AuthLimits;
  /** Create demo accounts with known passwords: with DEV_FEATURES=1 (never in production) unless DEMO_ACCOUNTS=0. */
  demoAccounts: boolean;
  /**
   * Key of the HMAC-SHA256 under which e-mailed 6-digit codes (new device, e-mail change) are
   * stored (AUTH_CODE_HMAC_KEY, ≥ 32 characters): a copy of the database alone does not give the
   * codes away, as an unkeyed hash of a 6-digit code would (10^6 guesses). Kept outside the
   * database on purpose. {@link DEV_CODE_HMAC_KEY} only with the development features.
   */
  codeHmacKey: string | null;
}

/** Minimum length of AUTH_CODE_HMAC_KEY. */
export const CODE_HMAC_KEY_MIN_LENGTH = 32;

/**
 * The code key used when AUTH_CODE_HMAC_KEY is unset and the development features are on (the
 * same switch as the mock providers, the dev mailbox and the demo accounts). Public: never a
 * secret.
 */
export const DEV_CODE_HMAC_KEY = 'landing-development-code-hmac-key-not-secret';

/**
 * AUTH_CODE_HMAC_KEY, or the development key when the development features are on, or null
 * (unset without them: {@link assertCodeHmacKey} makes the API refuse to start).
 * @throws Error when it is shorter than {@link CODE_HMAC_KEY_MIN_LENGTH}
 */
export function codeHmacKeyOf(env: NodeJS.ProcessEnv, devFeatures: boolean): string | null {
  const key = env.AUTH_CODE_HMAC_KEY?.trim();
  if (key) {
    if (key.length < CODE_HMAC_KEY_MIN_LENGTH)
      throw new Error(`AUTH_CODE_HMAC_KEY must have at least ${CODE_HMAC_KEY_MIN_LENGTH} characters`);
    return key;
  }
  return devFeatures ? DEV_CODE_HMAC_KEY : null;
}

/**
 * Refuses a configuration without a code key (buildApp calls it before anything starts).
 * @throws Error naming AUTH_CODE_HMAC_KEY
 */
export function assertCodeHmacKey(auth: Pick<AuthConfig, 'codeHmacKey'>): void {
  if (!auth.codeHmacKey)
    throw new Error(
      `AUTH_CODE_HMAC_KEY must be set (at least ${CODE_HMAC_KEY_MIN_LENGTH} random characters) when the development features are off`,
    );
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerLoginIp: { max: 5, windowS: 15 * 60 },
  loginPerIp: { max: 30, windowS: 15 * 60 },
  loginPerLogin: { max: 50, windowS: 60 * 60 },
  codePerIp: { max: 20, windowS: 15 * 60 },
  codePerAccount: { max: 10, windowS: 60 * 60 },
  codeAttemptsPerChallenge: 5,
  codeSendsPerChallenge: 5,
  codeResendS: 30,
  resetMailsPerAccount: { max: 3, windowS: 60 * 60 },
  reauthPerAccount: { max: 5, windowS: 15 * 60 },
  registerPerIp: { max: 20, windowS: 60 * 60 },
  forgotPerIp: { max: 10, windowS: 15 * 60 },
  loginRequestsPerIp: { max: 60, windowS: 60 },
  codeRequestsPerIp: { max: 60, windowS: 60 },
  tokenRequestsPerIp: { max: 60, windowS: 60 },
};

/**
 * Default address of the local OAuth mock provider (oauth2-mock-server) outside production:
 * port 4900 + PORT_OFFSET, where scripts/serve.mjs starts it.
 */
export function defaultOAuthMockUrl(portOffset = 0): string {
  return `http://localhost:${4900 + portOffset}`;
}

const REAL_ENDPOINTS: Record<
  OAuthProviderId,
  Partial<Pick<OAuthProviderConfig, 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl' | 'scope' | 'pkce'>>
> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    pkce: true,
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'email public_profile',
    // Facebook Login's manual flow accepts code_challenge (S256) and code_verifier since 2023.
    pkce: true,
  },
  // VK ID has no fixed defaults here: configure every URL to enable it.
  vk: { scope: 'email', pkce: true },
};

const str = (v: string | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);

function provider(env: NodeJS.ProcessEnv, id: OAuthProviderId, devFeatures: boolean, portOffset: number): OAuthProviderConfig | undefined {
  const P = `OAUTH_${id.toUpperCase()}_`;
  const real = REAL_ENDPOINTS[id];
  const clientId = str(env[`${P}CLIENT_ID`]);
  const pkceEnv = str(env[`${P}PKCE`]);
  if (clientId) {
    const authorizeUrl = str(env[`${P}AUTHORIZE_URL`]) ?? real.authorizeUrl;
    const tokenUrl = str(env[`${P}TOKEN_URL`]) ?? real.tokenUrl;
    const userinfoUrl = str(env[`${P}USERINFO_URL`]) ?? real.userinfoUrl;
    if (!authorizeUrl || !tokenUrl || !userinfoUrl) return undefined;
    return {
      id,
      clientId,
      clientSecret: str(env[`${P}CLIENT_SECRET`]) ?? '',
      authorizeUrl,
      tokenUrl,
      userinfoUrl,
      scope: str(env[`${P}SCOPE`]) ?? real.scope ?? 'openid email profile',
      pkce: pkceEnv ? pkceEnv !== '0' && pkceEnv !== 'false' : (real.pkce ?? true),
      mock: false,
    };
  }
  // With the development features on, a provider without credentials uses the local mock provider.
  if (!devFeatures || env.OAUTH_MOCK === '0') return undefined;
  const base = (str(env.OAUTH_MOCK_URL) ?? defaultOAuthMockUrl(portOffset)).replace(/\/+$/, '');
  return {
    id,
    clientId: `landing-${id}-dev`,
    clientSecret: 'landing-dev-secret',
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userinfoUrl: `${base}/userinfo`,
    scope: 'openid email profile',
    pkce: pkceEnv ? pkceEnv !== '0' && pkceEnv !== 'false' : true,
    mock: true,
  };
}

/**
 * Whether the seed creates the demo accounts (src/domains/auth/seed.ts): DEV_FEATURES=1, not in
 * production, and not DEMO_ACCOUNTS=0.
 */
export function demoAccountsEnabled(env: NodeJS.ProcessEnv, nodeEnv: string = env.NODE_ENV ?? 'development'): boolean {
  return devFeaturesEnabled(env, nodeEnv) && env.DEMO_ACCOUNTS !== '0';
}

/**
 * Reads the auth configuration.
 *
 * Variables: SITE_URL, SMTP_URL, MAIL_FROM, DEV_FEATURES (`1` = the local provider, the dev mailbox
 * and the demo accounts, outside production only; src/lib/start-guards.ts), DEV_MAILBOX (`0` = off),
 * OAUTH_MOCK_URL (default http://localhost:4900 + PORT_OFFSET), OAUTH_MOCK (`0` = no mock providers),
 * OAUTH_{GOOGLE,FACEBOOK,VK}_{CLIENT_ID,CLIENT_SECRET,AUTHORIZE_URL,TOKEN_URL,USERINFO_URL,SCOPE,PKCE},
 * DEMO_ACCOUNTS (`0` = none), AUTH_CODE_HMAC_KEY (see {@link codeHmacKeyOf}).
 * @throws Error from {@link codeHmacKeyOf} (a key too short)
 */
export function loadAuthConfig(env: NodeJS.ProcessEnv, base: { nodeEnv: string; corsOrigins: string[]; portOffset?: number }): AuthConfig {
  // The development features (mock providers, dev mailbox, demo accounts, the public code key).
  const devFeatures = devFeaturesEnabled(env, base.nodeEnv);
  const oauth: AuthConfig['oauth'] = {};
  for (const id of OAUTH_PROVIDERS) {
    const p = provider(env, id, devFeatures, base.portOffset ?? 0);
    if (p) oauth[id] = p;
  }
  return {
    sessionTtlS: 86_400,
    activationTtlS: 48 * 3600,
    passwordResetTtlS: 3600,
    emailChangeTtlS: 24 * 3600,
    deviceChallengeTtlS: 15 * 60,
    deviceCodeTtlS: 10 * 60,
    oauthStateTtlS: 10 * 60,
    siteUrl: (str(env.SITE_URL) ?? base.corsOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
    allowedOrigins: base.corsOrigins,
    smtpUrl: str(env.SMTP_URL),
    mailFrom: str(env.MAIL_FROM) ?? 'Football Manager <no-reply@landing.local>',
    devMailbox: devFeatures && env.DEV_MAILBOX !== '0',
    oauth,
    limits: DEFAULT_AUTH_LIMITS,
    demoAccounts: demoAccountsEnabled(env, base.nodeEnv),
    codeHmacKey: codeHmacKeyOf(env, devFeatures),
  };
}

/**
 * Calls of the auth API (api/src/domains/auth/) through the shared client, so the spec §7
 * headers, XSRF and the §8 error catalogue apply (errors are toasted in the user's language by
 * the API's message; 403 UNAUTHORIZED_DEVICE opens the two-factor dialog).
 */
import { AxiosError } from 'axios';
import type { RevokeSessionsAnswer, SecurityEventsAnswer, SessionsAnswer } from '@landing/domain/schemas/account';
import { apiBaseFor, apiClient, deviceFingerprint, type RegisterParams, type ServerCode } from '@landing/shared';
import { OAUTH_PROVIDERS, type OAuthProviderId } from '@landing/domain';
import type {
  CodeSentAnswer,
  DeviceChallengeBody,
  EmailActivatedAnswer,
  LoginAnswer,
  MessageAnswer,
  OAuthStartAnswer,
  ProvidersAnswer,
  TokenCheckAnswer,
} from '@landing/domain/schemas/auth';

// The answer types are the API's own schemas (`@landing/domain/schemas/auth` and `/account`,
// through z.infer): type-only imports, so none of zod reaches this remote's bundle.
export type { CodeSentAnswer, EmailActivatedAnswer, LoginAnswer, MessageAnswer, OAuthStartAnswer, ProvidersAnswer, TokenCheckAnswer };
export type { AccountSession, SecurityEvent, SecurityEventKind } from '@landing/domain/schemas/account';
export type { RevokeSessionsAnswer, SecurityEventsAnswer, SessionsAnswer };

export type SocialProvider = OAuthProviderId;
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = OAUTH_PROVIDERS;
/** How the providers are named in texts. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', vk: 'VK' };

const at = (server: ServerCode) => ({ baseURL: apiBaseFor(server) });

export const authApi = {
  register: (
    server: ServerCode,
    body: { nickname: string; email: string; password: string; terms: boolean; newsletter: boolean; params: RegisterParams },
  ) => apiClient.post<MessageAnswer>('/auth/register', body, at(server)).then((r) => r.data),
  activate: (server: ServerCode, token: string) =>
    apiClient.post<LoginAnswer>('/auth/activate', { token, fingerprint: deviceFingerprint() }, at(server)).then((r) => r.data),
  activateEmail: (server: ServerCode, token: string) =>
    apiClient.post<EmailActivatedAnswer>('/auth/email/activate', { token }, at(server)).then((r) => r.data),
  checkToken: (server: ServerCode, kind: 'account' | 'email' | 'password', token: string) =>
    apiClient.post<TokenCheckAnswer>('/auth/token/check', { kind, token }, at(server)).then((r) => r.data.valid),
  login: (server: ServerCode, login: string, password: string) =>
    apiClient.post<LoginAnswer>('/auth/login', { login, password, fingerprint: deviceFingerprint() }, at(server)).then((r) => r.data),
  sendCode: (server: ServerCode, challenge: string) =>
    apiClient.post<CodeSentAnswer>('/auth/device/send', { challenge }, at(server)).then((r) => r.data),
  confirmCode: (server: ServerCode, challenge: string, code: string) =>
    apiClient
      .post<LoginAnswer>('/auth/device/confirm', { challenge, code, fingerprint: deviceFingerprint() }, at(server))
      .then((r) => r.data),
  forgot: (server: ServerCode, email: string) =>
    apiClient.post<MessageAnswer>('/auth/password/forgot', { email }, at(server)).then((r) => r.data),
  reset: (server: ServerCode, token: string, password: string) =>
    apiClient
      .post<MessageAnswer>('/auth/password/reset', { token, password, fingerprint: deviceFingerprint() }, at(server))
      .then((r) => r.data),
  providers: (server: ServerCode) => apiClient.get<ProvidersAnswer>('/auth/providers', at(server)).then((r) => r.data.providers),
  startSocial: (server: ServerCode, provider: SocialProvider, redirectUri: string) =>
    apiClient.post<OAuthStartAnswer>(`/auth/oauth/${provider}/start`, { redirectUri }, at(server)).then((r) => r.data),
  exchangeSocial: (server: ServerCode, provider: SocialProvider, code: string, state: string) =>
    apiClient.post<LoginAnswer>(`/auth/${provider}`, { code, state, fingerprint: deviceFingerprint() }, at(server)).then((r) => r.data),
  // ---- the account page (logged in) ----
  changePassword: (server: ServerCode, currentPassword: string, password: string) =>
    apiClient.post<MessageAnswer>('/auth/password/change', { currentPassword, password }, at(server)).then((r) => r.data),
  sessions: (server: ServerCode, signal?: AbortSignal) =>
    apiClient.get<SessionsAnswer>('/auth/sessions', { ...at(server), signal }).then((r) => r.data),
  /** Ends one session (`session`) or every session of the account, this one too. */
  revokeSessions: (server: ServerCode, body: { session?: number; password?: string }) =>
    apiClient.post<RevokeSessionsAnswer>('/auth/sessions/revoke', body, at(server)).then((r) => r.data),
  securityEvents: (server: ServerCode, signal?: AbortSignal) =>
    apiClient.get<SecurityEventsAnswer>('/auth/security-events', { ...at(server), params: { limit: 50 }, signal }).then((r) => r.data),
};

/** The `error` code of an API error answer (e.g. `TOKEN_INVALID`), if any. */
export function errorCode(err: unknown): string | undefined {
  return err instanceof AxiosError ? (err.response?.data as { error?: string } | undefined)?.error : undefined;
}

/**
 * The challenge of a 403 UNAUTHORIZED_DEVICE login answer (spec §4), else null. `link`: a social
 * login found an existing account with its e-mail; the code links that provider to the account.
 */
export function deviceChallengeOf(err: unknown): { challenge: string; email: string; link?: SocialProvider } | null {
  if (!(err instanceof AxiosError) || err.response?.status !== 403) return null;
  const body = err.response.data as DeviceChallengeBody | undefined;
  if (body?.error !== 'UNAUTHORIZED_DEVICE' || !body.challenge) return null;
  const link = SOCIAL_PROVIDERS.find((p) => p === body.link);
  return { challenge: body.challenge, email: body.email ?? '', ...(link ? { link } : {}) };
}

/** Origin of the API of a server, for the dev mailbox link. */
export function apiOriginOf(server: ServerCode): string {
  try {
    return new URL(apiBaseFor(server)).origin;
  } catch {
    return '';
  }
}

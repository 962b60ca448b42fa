/**
 * The shared HTTP client (spec §7, §8). One axios instance for every app:
 * - base URL per selected server from the runtime `apiBaseTemplate`;
 * - headers `X-Lang` (default en), `X-Server-Id`, and the session's `X-Auth-Token` / `X-Auth-Id`
 *   sent only to the configured API origin (never to a third party);
 * - XSRF: cookie `XSRF-TOKEN` (`__Host-XSRF-TOKEN` in production) → header `X-XSRF-TOKEN`, sent
 *   only to the API's own origin;
 * - the error catalogue of spec §8 (`handleApiError` in ./axios-client.ts).
 * This module imports no axios code: `apiClient` loads axios and ./axios-client.ts on its first
 * request, so a page that makes no API call never downloads them.
 */
import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { ALL_SERVERS } from '../config';
import { apiBaseFor } from '../runtime-config';
import { landingStore } from '../store';
import { storedSession } from '../auth';
import { i18n } from '../i18n';
import { notifyError } from '../ui/toast';
import { xsrfCookieName } from './xsrf';

/** Body of an API error answer: `{ statusCode, error, message }`. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
}

/**
 * True when the request's target (`url`, absolute or relative to `baseURL` / the selected
 * server's API base) is on a configured API origin: the origin of `apiBaseTemplate` for one of the
 * game servers (spec §7). A `baseURL` pointing elsewhere does not make its origin an API origin.
 */
export function isApiOrigin(config: Pick<InternalAxiosRequestConfig, 'url' | 'baseURL'>): boolean {
  const base = config.baseURL ?? apiBaseFor(landingStore.getState().selectedServer);
  try {
    const target = new URL(config.url ?? '', base.endsWith('/') ? base : base + '/');
    return ALL_SERVERS.some((s) => new URL(apiBaseFor(s.value)).origin === target.origin);
  } catch {
    return false;
  }
}

/**
 * Request interceptor: base URL and the §7 headers, read fresh on every call. The session
 * (`X-Auth-Token`, `X-Auth-Id`) goes only to an API origin ({@link isApiOrigin}), like XSRF.
 */
export function applyRequestDefaults(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const { selectedServer, serverLangLocale } = landingStore.getState();
  if (!config.baseURL) config.baseURL = apiBaseFor(selectedServer);
  const { token, uid } = storedSession();
  if (isApiOrigin(config)) {
    if (token) config.headers.set('X-Auth-Token', token);
    if (uid) config.headers.set('X-Auth-Id', uid);
  }
  // A call that names its language and server (a page query, spec §7) keeps them.
  if (!config.headers.has('X-Lang')) config.headers.set('X-Lang', serverLangLocale || 'en');
  if (!config.headers.has('X-Server-Id')) config.headers.set('X-Server-Id', selectedServer);
  config.xsrfCookieName = xsrfCookieName();
  return config;
}

/**
 * True when `error` is an error of an axios client (an `AxiosError`, `isAxiosError: true`), whose
 * `response.data` is then an API error body (spec §8). The same test as axios's `isAxiosError`,
 * without loading axios.
 */
export function isApiError(error: unknown): error is AxiosError<ApiErrorBody> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/**
 * What the apps call on an HTTP client: the request methods of an `AxiosInstance`, with axios's
 * signatures and answers (`Promise<AxiosResponse<T>>`; errors are `AxiosError`s after the §8
 * handling). An `AxiosInstance` (the page server's per-request client) is one.
 */
export type ApiClient = Pick<AxiosInstance, 'request' | 'get' | 'delete' | 'head' | 'options' | 'post' | 'put' | 'patch'>;

/** The instance behind `apiClient`, created by the first request (null until then, and after a failed load). */
let instance: Promise<AxiosInstance> | null = null;

/**
 * The axios instance of `apiClient` (./axios-client.ts `createApiClient`), loaded on first use.
 * When the code cannot be loaded (offline, network error) the caller's request fails like a request
 * without an answer (spec §8: toast `common:errors.OFFLINE` or `common:errors.NETWORK`, then the
 * load error is thrown), and the next request tries again.
 */
function loadInstance(): Promise<AxiosInstance> {
  instance ??= import('./axios-client').then(
    (m) => m.createApiClient(),
    (err: unknown) => {
      instance = null;
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      notifyError(i18n.t(offline ? 'common:errors.OFFLINE' : 'common:errors.NETWORK'));
      throw err;
    },
  );
  return instance;
}

/** `apiClient`'s method `name`: loads the instance, then calls its method with the same arguments. */
function forward<K extends keyof ApiClient>(name: K): ApiClient[K] {
  const call = (...args: unknown[]) => loadInstance().then((c) => (c[name] as (...a: unknown[]) => Promise<unknown>).apply(c, args));
  // The instance's own signature: `call` passes the arguments and the answer through unchanged.
  return call as unknown as ApiClient[K];
}

/**
 * The client every app uses in the browser (shared singleton through `@landing/shared`): each
 * method loads the axios instance of `createApiClient` (./axios-client.ts: the §7 defaults and
 * headers, XSRF, the §8 catalogue) on the first request and forwards the call to it unchanged.
 */
export const apiClient: ApiClient = {
  request: forward('request'),
  get: forward('get'),
  delete: forward('delete'),
  head: forward('head'),
  options: forward('options'),
  post: forward('post'),
  put: forward('put'),
  patch: forward('patch'),
};

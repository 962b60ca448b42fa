/**
 * The axios side of the shared HTTP client (spec §7, §8): the instance with the §7 defaults, the
 * XSRF bootstrap and the error catalogue of spec §8. The browser loads this module (and axios)
 * on the first request of `apiClient` (./client.ts); nothing on a page's first paint imports it.
 */
import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { COOKIES } from '../config';
import { apiBaseFor } from '../runtime-config';
import { landingStore } from '../store';
import { logout } from '../auth';
import { i18n } from '../i18n';
import { notifyError } from '../ui/toast';
import { xsrfCookieName } from './xsrf';
import { applyRequestDefaults, isApiOrigin, type ApiErrorBody } from './client';

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** In-flight `GET /csrf` per API base, so parallel first writes ask once. */
const xsrfFetches = new Map<string, Promise<unknown>>();

/** True when the page holds an XSRF token cookie of the API (either name, see ./xsrf). */
function hasXsrfToken(): boolean {
  if (typeof document === 'undefined') return true;
  const name = xsrfCookieName();
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

/**
 * Request interceptor (runs before {@link applyRequestDefaults}): a write to the API needs the
 * XSRF token cookie (spec §7). A server-rendered page may not have made a single API call yet, so
 * the first write of a page without the cookie asks the API for one (`GET /{server}/csrf`, which
 * sets it) and then goes on.
 */
async function ensureXsrfToken(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  if (!UNSAFE_METHODS.has((config.method ?? 'get').toLowerCase()) || hasXsrfToken()) return config;
  const base = config.baseURL ?? apiBaseFor(landingStore.getState().selectedServer);
  if (!isApiOrigin({ ...config, baseURL: base })) return config;
  let pending = xsrfFetches.get(base);
  if (!pending) {
    pending = axios
      .get(`${base.replace(/\/+$/, '')}/csrf`, { withCredentials: true, timeout: 10_000 })
      .finally(() => xsrfFetches.delete(base));
    xsrfFetches.set(base, pending);
  }
  await pending.catch(() => undefined); // the write then fails with the API's own XSRF message
  return config;
}

/** Text of a toast for an API error: translated catalogue entry when known, else message, else error. */
function errorText(error: AxiosError<ApiErrorBody>): string {
  const body = error.response?.data;
  if (error.response) {
    const code = body?.error;
    const fallback = body?.message || body?.error || i18n.t('common:errors.STATUS', { status: error.response.status });
    if (code && i18n.exists(`common:errors.${code}`)) return i18n.t(`common:errors.${code}`);
    return fallback;
  }
  // No answer while the browser is offline: the action needs a connection (the form keeps its text).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return i18n.t('common:errors.OFFLINE');
  if (error.code === AxiosError.ETIMEDOUT || /timeout/i.test(error.message)) return i18n.t('common:errors.TIMEOUT');
  if (error.code === AxiosError.ECONNABORTED) return i18n.t('common:errors.ABORTED');
  return i18n.t('common:errors.NETWORK');
}

/**
 * The error catalogue of spec §8. Resolves (swallows) for 422 INVALID_VOTE and 404 'NEWS NOT
 * FOUND' after their toast, returning the error response; otherwise rethrows the AxiosError.
 * - 403 `UNAUTHORIZED_DEVICE`: opens the two-factor dialog (`modals.twoFactorAuth`), no toast.
 * - 401, 406, 503: toast, then the user is logged out; 503 also raises `technicalBreak`.
 * - cancelled requests: no toast.
 */
async function handleApiError(error: unknown): Promise<AxiosResponse<ApiErrorBody>> {
  if (axios.isCancel(error) || !(error instanceof AxiosError)) throw error;
  const status = error.response?.status;
  const body = (error.response?.data ?? {}) as ApiErrorBody;
  const state = landingStore.getState();

  if (status === 403 && (body.error === 'UNAUTHORIZED_DEVICE' || body.message === 'UNAUTHORIZED_DEVICE')) {
    state.openModal('twoFactorAuth');
    throw error;
  }
  notifyError(errorText(error));
  if (status === 401 || status === 406 || status === 503) {
    logout(false);
    if (status === 503) state.setTechnicalBreak(true);
  }
  if (status === 422 && (body.error === 'INVALID_VOTE' || body.message === 'INVALID_VOTE')) return error.response!;
  if (status === 404 && (body.message === 'NEWS NOT FOUND' || body.error === 'NEWS NOT FOUND')) return error.response!;
  throw error;
}

/**
 * Creates an axios instance with the §7 defaults (15 s timeout, credentials, XSRF cookie → header
 * for the API origin only, `Accept: application/json`), the §7 request interceptors, one resend of
 * a write refused with 403 `XSRF_MISMATCH`, and the §8 catalogue ({@link handleApiError}).
 * `apiClient` (./client.ts) creates one on its first request; tests create their own.
 */
export function createApiClient(): AxiosInstance {
  const client = axios.create({
    timeout: 15_000,
    withCredentials: true,
    xsrfCookieName: COOKIES.xsrf,
    xsrfHeaderName: 'X-XSRF-TOKEN',
    // Deliberate: the XSRF header goes to the API origin only, never to a third party.
    withXSRFToken: (config) => isApiOrigin(config),
    headers: { Accept: 'application/json' },
  });
  // axios runs request interceptors last-added first: the token is there before the defaults.
  client.interceptors.request.use(applyRequestDefaults);
  client.interceptors.request.use(ensureXsrfToken);
  // A write refused for a stale XSRF pair (the API renews the pair with that 403) is sent once more.
  client.interceptors.response.use(undefined, async (error: unknown) => {
    const config = (error as AxiosError).config as (InternalAxiosRequestConfig & { xsrfRetried?: boolean }) | undefined;
    const body = (error as AxiosError<ApiErrorBody>).response?.data;
    if (error instanceof AxiosError && error.response?.status === 403 && body?.error === 'XSRF_MISMATCH' && config && !config.xsrfRetried) {
      config.xsrfRetried = true;
      return client.request(config);
    }
    throw error;
  });
  client.interceptors.response.use((r) => r, handleApiError);
  return client;
}

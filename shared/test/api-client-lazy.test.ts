/**
 * `apiClient` loads axios on its first request (shared/src/api/client.ts): importing
 * `@landing/shared` does not load axios, and the first request goes through the §7 interceptors
 * and the §8 catalogue of the real client. The tests run in order and share one module registry.
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

/** How many times the axios module was loaded in this file's module registry. */
const mockAxiosLoads = { count: 0 };
jest.mock('axios', () => {
  mockAxiosLoads.count += 1;
  return jest.requireActual('axios');
});
jest.mock('react-toastify', () => ({ toast: Object.assign(jest.fn(), { error: jest.fn(), info: jest.fn(), success: jest.fn() }) }));

type Shared = typeof import('../src');
let shared: Shared;
let toastError: jest.Mock;

beforeAll(async () => {
  shared = await import('../src');
  toastError = (await import('react-toastify')).toast.error as jest.Mock;
  shared.initI18n('en');
  shared.setRuntimeConfig({ apiBaseTemplate: 'http://api.test:4000/{server}' });
});

beforeEach(() => {
  toastError.mockClear();
  localStorage.clear();
  shared.landingStore.setState({ selectedServer: 'royal', serverLangLocale: 'en', userData: null, technicalBreak: false });
});

/** A transport that records each request config and answers `status` with `body`. */
async function answering(status: number, body: unknown) {
  const { AxiosError } = jest.requireActual<typeof import('axios')>('axios');
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, String(status), config, {}, response);
    return response;
  };
  return { adapter, seen };
}

test('importing @landing/shared does not load axios', () => {
  expect(shared.apiClient).toBeDefined();
  expect(mockAxiosLoads.count).toBe(0);
});

test('isApiError tells an AxiosError (with its §8 body) from other errors without loading axios', () => {
  const { AxiosError } = jest.requireActual<typeof import('axios')>('axios');
  const error = new AxiosError(
    'Request failed with status code 409',
    '409',
    undefined,
    {},
    {
      data: { statusCode: 409, error: 'ALREADY_SIGNED_UP' },
      status: 409,
      statusText: '409',
      headers: {},
      config: {} as InternalAxiosRequestConfig,
    },
  );
  expect(shared.isApiError(error)).toBe(true);
  expect(shared.isApiError(error) && error.response?.data.error).toBe('ALREADY_SIGNED_UP');
  expect(shared.isApiError(new Error('Loading chunk failed'))).toBe(false);
  expect(shared.isApiError(null)).toBe(false);
  expect(mockAxiosLoads.count).toBe(0);
});

test('when the client code cannot be loaded, the request fails with the translated network toast and axios stays unloaded', async () => {
  jest.doMock('../src/api/axios-client', () => {
    throw new Error('Loading chunk failed');
  });
  await expect(shared.apiClient.get('/stats')).rejects.toThrow('Loading chunk failed');
  expect(toastError).toHaveBeenCalledWith('Network Error', expect.anything());
  expect(mockAxiosLoads.count).toBe(0);
  jest.dontMock('../src/api/axios-client');
});

test('the first request loads axios and goes through the spec §7 interceptors', async () => {
  shared.saveSession(
    'royal',
    { token: 'tok-123', uid: 'u-1', expiresAt: '2030-01-01T00:00:00Z' },
    { id: 'u-1', nickname: 'Neo', email: null, ovr: 70, server: 'royal' },
  );
  shared.landingStore.setState({ selectedServer: 'pl', serverLangLocale: 'de' });
  const { adapter, seen } = await answering(200, { ok: true });
  const res = await shared.apiClient.get<{ ok: boolean }>('/stats', { adapter });
  expect(mockAxiosLoads.count).toBe(1);
  expect(res.data).toEqual({ ok: true });
  const cfg = seen[0]!;
  expect(cfg.baseURL).toBe('http://api.test:4000/pl');
  expect(cfg.timeout).toBe(15_000);
  expect(cfg.withCredentials).toBe(true);
  expect(cfg.headers.get('X-Auth-Token')).toBe('tok-123');
  expect(cfg.headers.get('X-Auth-Id')).toBe('u-1');
  expect(cfg.headers.get('X-Lang')).toBe('de');
  expect(cfg.headers.get('X-Server-Id')).toBe('pl');
});

test('later requests reuse the same instance and keep the spec §8 catalogue (401 logs out after its toast)', async () => {
  shared.saveSession(
    'royal',
    { token: 'tok-123', uid: 'u-1', expiresAt: '2030-01-01T00:00:00Z' },
    { id: 'u-1', nickname: 'Neo', email: null, ovr: 70, server: 'royal' },
  );
  const { AxiosError } = jest.requireActual<typeof import('axios')>('axios');
  const { adapter } = await answering(401, { statusCode: 401, error: 'Unauthorized', message: 'Session expired' });
  document.cookie = 'XSRF-TOKEN=t; path=/';
  await expect(shared.apiClient.post('/votes', { a: 1 }, { adapter })).rejects.toBeInstanceOf(AxiosError);
  expect(toastError).toHaveBeenCalledWith('Session expired', expect.anything());
  expect(shared.landingStore.getState().userData).toBeNull();
  expect(localStorage.getItem(shared.STORAGE_KEYS.token)).toBeNull();
  expect(mockAxiosLoads.count).toBe(1);
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { toast } from 'react-toastify';
import { initI18n, landingStore, saveSession, setRuntimeConfig, STORAGE_KEYS } from '../src';
import { createApiClient } from '../src/api/axios-client';
import { xsrfCookieName } from '../src/api/xsrf';

jest.mock('react-toastify', () => ({ toast: Object.assign(jest.fn(), { error: jest.fn(), info: jest.fn(), success: jest.fn() }) }));

initI18n('en');
setRuntimeConfig({ apiBaseTemplate: 'http://api.test:4000/{server}' });

/** A client whose transport answers with `status` and `body` and records the request config. */
function clientAnswering(status: number, body: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient();
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, String(status), config, {}, response);
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, seen };
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  landingStore.setState({
    selectedServer: 'royal',
    serverLangLocale: 'en',
    userData: null,
    technicalBreak: false,
    modals: { authForm: false, contactModal: false, twoFactorAuth: false },
  });
});

function logIn() {
  saveSession(
    'royal',
    { token: 'tok-123', uid: 'u-1', expiresAt: '2030-01-01T00:00:00Z' },
    { id: 'u-1', nickname: 'Neo', email: null, ovr: 70, server: 'royal' },
  );
}

test('sends the spec §7 headers to the selected server base URL', async () => {
  logIn();
  landingStore.setState({ selectedServer: 'pl', serverLangLocale: 'de' });
  const { client, seen } = clientAnswering(200, { ok: true });
  await client.get('/stats');
  const cfg = seen[0]!;
  expect(cfg.baseURL).toBe('http://api.test:4000/pl');
  expect(cfg.headers.get('X-Auth-Token')).toBe('tok-123');
  expect(cfg.headers.get('X-Auth-Id')).toBe('u-1');
  expect(cfg.headers.get('X-Lang')).toBe('de');
  expect(cfg.headers.get('X-Server-Id')).toBe('pl');
});

test('sends the session token and id only to the API origin', async () => {
  logIn();
  const { client, seen } = clientAnswering(200, { ok: true });
  await client.get('https://evil.example/collect');
  await client.get('/collect', { baseURL: 'https://evil.example/royal' });
  await client.get('http://api.test:4000/pl/stats');
  expect(seen.map((c) => [c.headers.get('X-Auth-Token') ?? null, c.headers.get('X-Auth-Id') ?? null])).toEqual([
    [null, null],
    [null, null],
    ['tok-123', 'u-1'],
  ]);
});

test('sends the XSRF header only to the API origin (withXSRFToken is deliberate)', () => {
  const client = createApiClient();
  const decide = client.defaults.withXSRFToken as (c: Partial<InternalAxiosRequestConfig>) => boolean;
  expect(decide({ url: '/contact', baseURL: 'http://api.test:4000/royal' })).toBe(true);
  expect(decide({ url: 'http://api.test:4000/royal/votes' })).toBe(true);
  expect(decide({ url: 'https://evil.example/steal', baseURL: 'http://api.test:4000/royal' })).toBe(false);
  expect(decide({ url: '/steal', baseURL: 'https://evil.example/royal' })).toBe(false);
  expect(client.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
  expect(client.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
});

test('reads the XSRF token from __Host-XSRF-TOKEN when the API set it (production), else XSRF-TOKEN', async () => {
  expect(xsrfCookieName('a=1; __Host-XSRF-TOKEN=salt-sig; XSRF-TOKEN=old')).toBe('__Host-XSRF-TOKEN');
  expect(xsrfCookieName('XSRF-TOKEN=salt-sig; other=__Host-XSRF-TOKEN=x')).toBe('XSRF-TOKEN');
  expect(xsrfCookieName('')).toBe('XSRF-TOKEN');
  const { client, seen } = clientAnswering(200, { ok: true });
  await client.post('/votes', {});
  expect(seen[0]!.xsrfCookieName).toBe('XSRF-TOKEN');
});

test('shows the message field as a 5000 ms toast and rethrows', async () => {
  const { client } = clientAnswering(400, { statusCode: 400, error: 'Bad Request', message: 'Nickname is taken' });
  await expect(client.post('/x', {})).rejects.toBeInstanceOf(AxiosError);
  expect(toast.error).toHaveBeenCalledWith('Nickname is taken', expect.objectContaining({ autoClose: 5000 }));
});

test('falls back to the error field when there is no message', async () => {
  const { client } = clientAnswering(409, { error: 'Conflict happened' });
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(toast.error).toHaveBeenCalledWith('Conflict happened', expect.anything());
});

test('403 UNAUTHORIZED_DEVICE opens the two-factor dialog without a toast', async () => {
  const { client } = clientAnswering(403, { error: 'UNAUTHORIZED_DEVICE', message: 'UNAUTHORIZED_DEVICE' });
  await expect(client.post('/login', {})).rejects.toBeInstanceOf(AxiosError);
  expect(landingStore.getState().modals.twoFactorAuth).toBe(true);
  expect(toast.error).not.toHaveBeenCalled();
});

test.each([401, 406])('%i logs the user out', async (status) => {
  logIn();
  const { client } = clientAnswering(status, { message: 'Session expired' });
  await expect(client.get('/me')).rejects.toBeInstanceOf(AxiosError);
  expect(landingStore.getState().userData).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(document.cookie).not.toContain('auth.royal._token.local');
});

test('503 logs out and raises the technical break', async () => {
  logIn();
  const { client } = clientAnswering(503, { error: 'TECHNICAL_BREAK', message: 'Technical break is in progress' });
  await expect(client.get('/stats')).rejects.toBeInstanceOf(AxiosError);
  expect(landingStore.getState().userData).toBeNull();
  expect(landingStore.getState().technicalBreak).toBe(true);
  expect(toast.error).toHaveBeenCalledWith('Technical break is in progress', expect.anything());
});

test('422 INVALID_VOTE is swallowed after the toast', async () => {
  const { client } = clientAnswering(422, { error: 'INVALID_VOTE', message: 'You have already voted' });
  const res = await client.post('/votes', { questionnaire_id: 1, options: [2] });
  expect(res.status).toBe(422);
  expect(toast.error).toHaveBeenCalledWith('You have already voted', expect.anything());
});

test("404 'NEWS NOT FOUND' is swallowed after the toast, other 404s are not", async () => {
  const { client } = clientAnswering(404, { message: 'NEWS NOT FOUND' });
  await expect(client.get('/news/missing')).resolves.toMatchObject({ status: 404 });
  const other = clientAnswering(404, { message: 'Not here' });
  await expect(other.client.get('/x')).rejects.toBeInstanceOf(AxiosError);
});

test('network errors show the translated generic message', async () => {
  const client = createApiClient();
  client.defaults.adapter = async (config) => {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  };
  await expect(client.get('/stats')).rejects.toBeInstanceOf(AxiosError);
  expect(toast.error).toHaveBeenCalledWith('Network Error', expect.anything());
});

test('the first write of a page without an XSRF cookie asks the API for one first (SSR pages make no call before it)', async () => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  const csrf = jest.spyOn(axios, 'get').mockImplementation(async () => {
    document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
    return { data: { ok: true } };
  });
  const { client, seen } = clientAnswering(200, { ok: true });
  await Promise.all([client.post('/contact', { a: 1 }), client.post('/newsletter', { b: 2 })]);
  expect(csrf).toHaveBeenCalledTimes(1);
  expect(csrf.mock.calls[0]![0]).toBe('http://api.test:4000/royal/csrf');
  expect(seen.map((c) => c.url).sort()).toEqual(['/contact', '/newsletter']);
  await client.post('/votes', {}); // the cookie is there now
  expect(csrf).toHaveBeenCalledTimes(1);
  await client.get('/stats'); // reads never ask
  expect(csrf).toHaveBeenCalledTimes(1);
  csrf.mockRestore();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

test('a write without an answer while the browser is offline says it needs a connection', async () => {
  const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const client = createApiClient();
  client.defaults.adapter = async (config) => {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  };
  document.cookie = 'XSRF-TOKEN=t; path=/';
  await expect(client.post('/news/x/comments', { text: 'kept' })).rejects.toBeInstanceOf(AxiosError);
  expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^You are offline\. This needs a connection/), expect.anything());
  online.mockRestore();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

test('a write refused for a stale XSRF pair is sent once more (the API renewed the pair), and only once', async () => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  const seen: string[] = [];
  const client = createApiClient();
  client.defaults.adapter = async (config) => {
    seen.push(config.url!);
    const response = {
      data: { statusCode: 403, error: 'XSRF_MISMATCH', message: 'Invalid XSRF token' },
      status: 403,
      statusText: '403',
      headers: {},
      config,
    };
    if (seen.length === 1 || config.url === '/always')
      throw new AxiosError('Request failed with status code 403', '403', config, {}, response);
    return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
  };
  await expect(client.post('/contact', {})).resolves.toMatchObject({ data: { ok: true } });
  expect(seen).toEqual(['/contact', '/contact']);
  await expect(client.post('/always', {})).rejects.toBeInstanceOf(AxiosError);
  expect(seen.filter((u) => u === '/always')).toHaveLength(2);
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

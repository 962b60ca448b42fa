import './polyfills';
import { apiClient, initI18n } from '@landing/shared';
import { CALLBACK_MESSAGE, callbackPath, parseCallback, socialLogin, SocialLoginError, waitForCallback } from '../src/lib/social';
import { loginAnswer } from './helpers';

initI18n('en');

/** A fake popup: cross-origin (location throws) until `land()` puts it on our callback page. */
function fakePopup() {
  let href: string | null = null;
  const popup = {
    closed: false,
    close: jest.fn(() => {
      popup.closed = true;
    }),
    location: {} as { href: string },
    land(url: string) {
      href = url;
    },
  };
  Object.defineProperty(popup.location, 'href', {
    get() {
      if (href === null) throw new DOMException('Blocked a frame with origin', 'SecurityError');
      return href;
    },
    set(v: string) {
      // Navigating away to the provider: cross-origin from now on.
      if (v.startsWith('http://provider')) href = null;
      else href = v;
    },
  });
  return popup;
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.restoreAllMocks();
});
afterEach(() => jest.useRealTimers());

test('callback pages and parsing', () => {
  expect(callbackPath('google')).toBe('/auth/google/callback');
  expect(callbackPath('facebook')).toBe('/auth/facebook/callback');
  expect(callbackPath('vk')).toBe('/auth_callback');
  expect(parseCallback('?code=abc&state=xyz')).toEqual({ code: 'abc', state: 'xyz' });
  expect(parseCallback('?error=access_denied&state=xyz')).toEqual({ error: 'access_denied', state: 'xyz' });
});

test('polls the popup every 250 ms until it is back on our callback page', async () => {
  const popup = fakePopup();
  const done = waitForCallback(popup as unknown as Window);
  jest.advanceTimersByTime(1000); // on the provider: cross-origin reads throw, ignored
  popup.land(`${location.origin}/auth/google/callback?code=c1&state=s1`);
  jest.advanceTimersByTime(250);
  await expect(done).resolves.toEqual({ code: 'c1', state: 's1' });
});

test('a closed popup cancels the login', async () => {
  const popup = fakePopup();
  const done = waitForCallback(popup as unknown as Window);
  popup.closed = true;
  jest.advanceTimersByTime(250);
  await expect(done).rejects.toMatchObject({ reason: 'cancelled' });
});

test('messages are accepted only from our origin and from the popup', async () => {
  const popup = fakePopup();
  const done = waitForCallback(popup as unknown as Window);
  const data = { type: CALLBACK_MESSAGE, code: 'evil', state: 's' };
  window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.example', source: popup as unknown as Window, data }));
  window.dispatchEvent(new MessageEvent('message', { origin: location.origin, source: window, data }));
  window.dispatchEvent(
    new MessageEvent('message', { origin: location.origin, source: popup as unknown as Window, data: { ...data, code: 'good' } }),
  );
  await expect(done).resolves.toEqual({ code: 'good', state: 's', error: undefined });
});

test('socialLogin: opens the popup, sends it to the provider, checks state, exchanges the code', async () => {
  const popup = fakePopup();
  const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const post = jest
    .spyOn(apiClient, 'post')
    .mockResolvedValueOnce({ data: { authorizeUrl: 'http://provider/authorize?state=s1', state: 's1' } })
    .mockResolvedValueOnce({ data: loginAnswer('Social') });
  const result = socialLogin('royal', 'google');
  expect(open).toHaveBeenCalledWith('about:blank', 'mf-auth-social', expect.stringContaining('popup'));
  await jest.advanceTimersByTimeAsync(0);
  expect(post).toHaveBeenNthCalledWith(
    1,
    '/auth/oauth/google/start',
    { redirectUri: `${location.origin}/auth/google/callback` },
    expect.anything(),
  );
  popup.land(`${location.origin}/auth/google/callback?code=c1&state=s1`);
  await jest.advanceTimersByTimeAsync(250);
  await expect(result).resolves.toMatchObject({ user: { nickname: 'Social' } });
  // The device id goes along: a link to an existing account is bound to this device.
  expect(post).toHaveBeenNthCalledWith(
    2,
    '/auth/google',
    { code: 'c1', state: 's1', fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{6,64}$/) },
    expect.anything(),
  );
  expect(popup.close).toHaveBeenCalled();
});

test('socialLogin: a different state is refused, the code is not exchanged', async () => {
  const popup = fakePopup();
  jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const post = jest.spyOn(apiClient, 'post').mockResolvedValueOnce({ data: { authorizeUrl: 'http://provider/authorize', state: 's1' } });
  const result = socialLogin('royal', 'facebook');
  const settled = result.catch((e: unknown) => e);
  await jest.advanceTimersByTimeAsync(0);
  popup.land(`${location.origin}/auth/facebook/callback?code=c1&state=forged`);
  await jest.advanceTimersByTimeAsync(250);
  const err = await settled;
  expect(err).toBeInstanceOf(SocialLoginError);
  expect((err as SocialLoginError).reason).toBe('state');
  expect(post).toHaveBeenCalledTimes(1);
});

test('socialLogin: "Cancel" at the provider (error=access_denied) is a cancelled login, no exchange', async () => {
  const popup = fakePopup();
  jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const post = jest.spyOn(apiClient, 'post').mockResolvedValueOnce({ data: { authorizeUrl: 'http://provider/authorize', state: 's1' } });
  const settled = socialLogin('royal', 'google').catch((e: unknown) => e);
  await jest.advanceTimersByTimeAsync(0);
  popup.land(`${location.origin}/auth/google/callback?error=access_denied&state=s1`);
  await jest.advanceTimersByTimeAsync(250);
  expect(await settled).toMatchObject({ reason: 'cancelled' });
  expect(post).toHaveBeenCalledTimes(1);
});

test('socialLogin: a blocked popup is reported', async () => {
  jest.spyOn(window, 'open').mockReturnValue(null);
  await expect(socialLogin('royal', 'google')).rejects.toMatchObject({ reason: 'popupBlocked' });
});

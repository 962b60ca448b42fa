/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://www.footballteam.example/royal"}
 *
 * The session and language cookies on an https page (spec §3): `Secure`, so no plain-HTTP request
 * to any host carries the session token, and host-only unless the environment names a domain.
 */
import Cookies from 'js-cookie';
import { setCookie, setRuntimeConfig } from '../src';

afterEach(() => jest.restoreAllMocks());

test('on https a cookie is Secure and host-only by default', () => {
  setRuntimeConfig({});
  const set = jest.spyOn(Cookies, 'set');
  setCookie('auth.royal._token.local', 'secret-token', 86_400);
  expect(set).toHaveBeenCalledWith('auth.royal._token.local', 'secret-token', expect.objectContaining({ secure: true, sameSite: 'lax' }));
  expect(set.mock.calls[0]![2]).not.toHaveProperty('domain');
});

test('a domain named in config.json shares the cookie with the subdomains, still Secure', () => {
  setRuntimeConfig({ cookieDomain: '.footballteam.example' });
  const set = jest.spyOn(Cookies, 'set');
  setCookie('i18n_redirected', 'de', 86_400);
  expect(set).toHaveBeenCalledWith('i18n_redirected', 'de', expect.objectContaining({ secure: true, domain: '.footballteam.example' }));
  setRuntimeConfig({});
});

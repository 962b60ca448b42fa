/**
 * @jest-environment node
 *
 * What the page server reads from a request's Cookie header (shell/src/server/page-route.ts):
 * one cookie by name, the page's language (spec §1) and the remembered server of `/` (spec §2).
 */
import { cookieOf, languageOf, routeOf } from '../src/server/page-route';

describe('cookieOf', () => {
  test('finds a cookie among others, with the spaces around it trimmed', () => {
    expect(cookieOf('a=1;  i18n_redirected=de ; b=2', 'i18n_redirected')).toBe('de');
  });

  test('percent-decodes the value', () => {
    expect(cookieOf('auth.royal._token.local=a%20b%3Dc', 'auth.royal._token.local')).toBe('a b=c');
  });

  test('keeps the first of two cookies of the same name', () => {
    expect(cookieOf('x=first; x=second', 'x')).toBe('first');
  });

  test('a malformed percent-encoding reads as no cookie', () => {
    expect(cookieOf('x=%E0%A4%A', 'x')).toBeUndefined();
  });

  test('no header, no such cookie, or a name that only starts the same: undefined', () => {
    expect(cookieOf(undefined, 'x')).toBeUndefined();
    expect(cookieOf('y=1', 'x')).toBeUndefined();
    expect(cookieOf('xx=1', 'x')).toBeUndefined();
  });
});

describe('languageOf', () => {
  test('the language of i18n_redirected, English for none or an unknown code', () => {
    expect(languageOf('i18n_redirected=pl')).toBe('pl');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('i18n_redirected=xx')).toBe('en');
  });
});

describe('routeOf', () => {
  test('`/` goes to the server remembered in ft-lang-last-locale, keeping the query', () => {
    expect(routeOf(new URL('http://h/?partner=7'), 'ft-lang-last-locale=royal', false)).toEqual({
      kind: 'redirect',
      to: '/royal?partner=7',
    });
  });
});

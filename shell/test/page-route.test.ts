/**
 * @jest-environment node
 *
 * What the page server reads from a request's Cookie header (shell/src/server/pages/page-route.ts):
 * one cookie by name, the page's language (spec §1) and the remembered server of `/` (spec §2).
 */
import { cookieOf, languageOf, routeOf } from '../src/server/pages/page-route';

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

  // The edge cache (deploy/nginx-shell.conf) keys pages on the same reading: these are the
  // requests on which nginx's own cookie lookup and the page server once disagreed.
  test('a tab or spaces around the name or the value are ignored', () => {
    expect(languageOf('i18n_redirected\t=de')).toBe('de');
    expect(languageOf('a=1;\t i18n_redirected = de \t; b=2')).toBe('de');
  });

  test('the name is matched in its own case only, and the first pair of that name decides', () => {
    expect(languageOf('I18N_REDIRECTED=en; i18n_redirected=de')).toBe('de');
    expect(languageOf('I18N_REDIRECTED=de')).toBe('en');
    expect(languageOf('i18n_redirected=fr; i18n_redirected=de')).toBe('fr');
    expect(languageOf('i18n_redirected=xx; i18n_redirected=de')).toBe('en');
  });

  test('the value must be a locale code exactly: no other case, no percent-encoding', () => {
    expect(languageOf('i18n_redirected=DE')).toBe('en');
    expect(languageOf('i18n_redirected=d%65')).toBe('en');
    expect(languageOf('i18n_redirected="de"')).toBe('en');
    expect(languageOf('i18n_redirected=')).toBe('en');
  });

  test('a pair without `=` or a name that only ends the same is skipped', () => {
    expect(languageOf('flag; i18n_redirected=tr')).toBe('tr');
    expect(languageOf('x_i18n_redirected=de; i18n_redirected=it')).toBe('it');
    expect(languageOf('a=1, i18n_redirected=de')).toBe('en');
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

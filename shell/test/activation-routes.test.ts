/** @jest-environment node */
/**
 * E-mailed tokens live in the URL fragment (`/{server}/account-activation#token=…`): the old links
 * with the token in the path are redirected there (on the page server as a 302, in the browser by
 * the route's replacing navigation), and a malformed token still gives the 404 page (spec §8).
 */
import { matchRoutes } from 'react-router';
import { tokenPathTarget } from '../src/routing/RemoteRoutes';
import { routes } from '../src/routing/router';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFG';

test.each([
  ['account', `/royal/account-activation/${TOKEN}`, `/royal/account-activation#token=${TOKEN}`],
  ['email', `/pl/email-activation/${TOKEN}`, `/pl/email-activation#token=${TOKEN}`],
  ['password', `/classic/password-activation/${TOKEN}`, `/classic/password-activation#token=${TOKEN}`],
])('an old %s link with the token in the path is redirected to the token in the fragment', (_kind, path, target) => {
  expect(tokenPathTarget(path)).toBe(target);
  // The route exists, so the browser meets it too (TokenPathRoute).
  expect(matchRoutes(routes, path)?.at(-1)?.route.path).toBe(`${path.split('/')[2]}/:token`);
});

test('the fragment pages themselves are routes of the site (the account page too), and are not redirected', () => {
  for (const path of ['/royal/account-activation', '/royal/email-activation', '/royal/password-activation', '/royal/account']) {
    expect(tokenPathTarget(path)).toBeNull();
    const matched = matchRoutes(routes, path)?.at(-1)?.route.path;
    expect([path, matched]).toEqual([path, path.split('/').pop()]);
  }
});

test('a malformed token in the path is not redirected (the route shows the 404 page)', () => {
  expect(tokenPathTarget('/royal/account-activation/short')).toBeNull();
  expect(tokenPathTarget(`/royal/account-activation/${encodeURIComponent('has spaces in it at all!!')}`)).toBeNull();
  expect(tokenPathTarget(`/royal/news/${TOKEN}`)).toBeNull();
});

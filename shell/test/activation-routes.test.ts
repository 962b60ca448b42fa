/** @jest-environment node */
/**
 * E-mailed tokens live in the URL fragment (`/{server}/account-activation#token=…`): the old links
 * with the token in the path are redirected there (on the page server as a 302, in the browser by
 * the router), and a malformed token still gives the 404 page (spec §8).
 */
import { createStaticHandler } from 'react-router';
import { tokenPathToFragment } from '../src/routing/RemoteRoutes';
import { routes } from '../src/routing/router';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFG';

test.each([
  ['account', `/royal/account-activation/${TOKEN}`, `/royal/account-activation#token=${TOKEN}`],
  ['email', `/pl/email-activation/${TOKEN}`, `/pl/email-activation#token=${TOKEN}`],
  ['password', `/classic/password-activation/${TOKEN}`, `/classic/password-activation#token=${TOKEN}`],
])('an old %s link with the token in the path is redirected to the token in the fragment', async (_kind, path, target) => {
  const handler = createStaticHandler(routes);
  const answer = await handler.query(new Request(`http://localhost:3000${path}`));
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(302);
  expect((answer as Response).headers.get('Location')).toBe(target);
});

test('the fragment pages themselves are routes of the site (the account page too)', async () => {
  const handler = createStaticHandler(routes);
  for (const path of ['/royal/account-activation', '/royal/email-activation', '/royal/password-activation', '/royal/account']) {
    const context = await handler.query(new Request(`http://localhost:3000${path}`));
    expect(context).not.toBeInstanceOf(Response);
    const matched = (context as { matches: Array<{ route: { path?: string } }> }).matches.at(-1)?.route.path;
    expect([path, matched]).toEqual([path, path.split('/').pop()]);
  }
});

test('a malformed token in the path is not redirected (the route shows the 404 page)', () => {
  const args = (token: string) =>
    ({ request: new Request(`http://localhost:3000/royal/account-activation/${token}`), params: { token } }) as unknown as Parameters<
      typeof tokenPathToFragment
    >[0];
  expect(tokenPathToFragment(args('short'))).toBeNull();
  expect(tokenPathToFragment(args('has spaces in it at all!!'))).toBeNull();
});

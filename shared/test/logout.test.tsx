/**
 * Logout forgets what the page holds of the viewer (spec §4): the session, `userData`, and, through
 * the `onLogout` listeners, the per-viewer queries of the query cache (their keys hold
 * `viewerKey(user)`), while public data stays.
 */
import { render } from '@testing-library/react';
import * as ReactQuery from '@tanstack/react-query';
import { QueryClient } from '@tanstack/react-query';
import { logout, onLogout, saveSession } from '../src/auth';
import { DataProvider, forgetViewerData, isViewerQueryKey, provideQueryRuntime, viewerKey } from '../src/data';
import { landingStore } from '../src/store';

provideQueryRuntime(ReactQuery); // what the page server and the standalone pages do

const user = { id: '7', nickname: 'Seven', email: null, ovr: 60, server: 'royal' as const };

test('logout runs every onLogout listener after the session is gone; a throwing one does not stop the others', () => {
  saveSession('royal', { token: 't', uid: '7', expiresAt: new Date(Date.now() + 60_000).toISOString() }, user);
  const seen: Array<string | null> = [];
  const offA = onLogout(() => {
    seen.push(localStorage.getItem('token'));
    throw new Error('broken listener');
  });
  const offB = onLogout(() => seen.push(landingStore.getState().userData ? 'user' : null));
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  logout(false);
  expect(seen).toEqual([null, null]);
  offA();
  offB();
  logout(false);
  expect(seen).toHaveLength(2);
  error.mockRestore();
});

test('per-viewer query keys hold viewer:<id>; a visitor has none', () => {
  expect(viewerKey(user)).toBe('viewer:7');
  expect(viewerKey(null)).toBe('visitor');
  expect(isViewerQueryKey(['news', 'article', 'royal', 'en', 'slug', `${viewerKey(user)}:60`])).toBe(true);
  expect(isViewerQueryKey(['bets', 'matches', 'royal', 'wc', viewerKey(user)])).toBe(true);
  expect(isViewerQueryKey(['news', 'article', 'royal', 'en', 'slug', 'visitor'])).toBe(false);
  expect(isViewerQueryKey(['leaderboard', 'royal', 10])).toBe(false);
});

test('a logout drops the per-viewer queries of the page and keeps the public ones', () => {
  const client = new QueryClient();
  client.setQueryData(['news', 'article', 'royal', 'en', 'a', 'viewer:7:60'], { poll: { voted_options: [1] } });
  client.setQueryData(['auth', 'account', 'sessions', 'royal', 'viewer:7'], { sessions: [] });
  client.setQueryData(['news', 'article', 'royal', 'en', 'a', 'visitor'], { poll: { voted_options: null } });
  client.setQueryData(['leaderboard', 'royal', 10], { ranking: [] });
  render(
    <DataProvider client={client}>
      <p>page</p>
    </DataProvider>,
  );
  logout(false);
  expect(
    client
      .getQueryCache()
      .findAll()
      .map((q) => q.queryKey.at(-1)),
  ).toEqual(['visitor', 10]);
  // The same without a provider mounted: the function the listener runs.
  client.setQueryData(['bets', 'summary', 'royal', 'wc', 'viewer:7', 0], {});
  forgetViewerData(client);
  expect(client.getQueryCache().findAll()).toHaveLength(2);
});

import { act, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { initI18n } from '@landing/shared';
import { RemoteSlot, clearRemoteCache } from '../src/remotes/RemoteSlot';
import * as registry from '../src/remotes/registry';

jest.mock('../src/remotes/registry', () => ({
  ...jest.requireActual('../src/remotes/registry'),
  registeredRemotes: jest.fn(),
}));

initI18n('en');
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  clearRemoteCache();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (registry.registeredRemotes as jest.Mock).mockReturnValue({ mf_leaderboard: 'http://x/1.0.0/mf-manifest.json' });
});
afterEach(() => (console.error as jest.Mock).mockRestore());

function Board({ server }: { server: string }) {
  return <p>board of {server}</p>;
}

test('renders the remote component with its typed props', async () => {
  mockedLoad.mockResolvedValueOnce({ default: Board, contractMajor: 1 });
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />);
  expect(await screen.findByText('board of royal')).toBeInTheDocument();
});

test('a remote that fails to load shows the translated fallback', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('ScriptExternalLoadError'));
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />);
  expect(await screen.findByText('This section is temporarily unavailable')).toBeInTheDocument();
});

test('a remote with another contract major is refused', async () => {
  mockedLoad.mockResolvedValueOnce({ default: Board, contractMajor: 2 });
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.queryByText('board of royal')).toBeNull();
});

test('a remote missing from remotes.json shows the fallback without a load attempt', async () => {
  (registry.registeredRemotes as jest.Mock).mockReturnValue({});
  mockedLoad.mockClear();
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalled();
});

test('retry loads the remote again', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ default: Board, contractMajor: 1 });
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'pl' }} />);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  await act(async () => retry.click());
  expect(await screen.findByText('board of pl')).toBeInTheDocument();
});

test('remotes.json entries are sanitised', () => {
  expect(registry.sanitizeRemotesMap({ mf_news: 'http://a/1/mf-manifest.json', evil: 'http://b', mf_bets: 'javascript:alert(1)' })).toEqual(
    {
      mf_news: 'http://a/1/mf-manifest.json',
    },
  );
});

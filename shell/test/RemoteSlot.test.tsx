import { act, render, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '../src/remotes/runtime-host';
import { initI18n, sanitizeRemotesMap } from '@landing/shared';
import { RemoteSlot } from '../src/remotes/RemoteSlot';
import { clearRemoteCache, preloadRemotes } from '../src/remotes/remote-loader';
import { whenSlotsSettled } from '../src/remotes/slot-scheduling';
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
  expect(sanitizeRemotesMap({ mf_news: 'http://a/1/mf-manifest.json', evil: 'http://b', mf_bets: 'javascript:alert(1)' })).toEqual({
    mf_news: 'http://a/1/mf-manifest.json',
  });
});

test('the page preload and its slot share one load: a remote that is down is tried once, and the slot falls back', async () => {
  mockedLoad.mockClear();
  let fail!: (e: Error) => void;
  mockedLoad.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
  const preload = preloadRemotes(['mf_leaderboard/Leaderboard'], { mf_leaderboard: '1.0.0' });
  render(<RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />);
  // the slot renders (spinner) while the load runs: nothing waits for the remote
  const slot = document.querySelector('.remote-slot')!;
  expect(slot).toHaveAttribute('data-remote-version', '1.0.0');
  await act(async () => {
    fail(new Error('ERR_CONNECTION_REFUSED'));
    await preload;
  });
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledTimes(1);
  // the fallback no longer claims the version the server rendered
  expect(slot).not.toHaveAttribute('data-remote-version');
});

test('the page counts as settled once each of its slots shows its remote or its fallback', async () => {
  (registry.registeredRemotes as jest.Mock).mockReturnValue({
    mf_leaderboard: 'http://x/1.0.0/mf-manifest.json',
    mf_news: 'http://y/1.0.0/mf-manifest.json',
  });
  let loadBoard!: (m: unknown) => void;
  mockedLoad.mockImplementation(((id: string) =>
    id === 'mf_leaderboard/Leaderboard'
      ? new Promise((resolve) => (loadBoard = resolve))
      : Promise.reject(new Error('down'))) as unknown as typeof loadRemote);
  render(
    <>
      <RemoteSlot id="mf_leaderboard/Leaderboard" props={{ server: 'royal' }} />
      <RemoteSlot id="mf_news/NewsTeaser" props={{ server: 'royal' }} />
    </>,
  );
  let settled = false;
  void whenSlotsSettled(['mf_leaderboard/Leaderboard', 'mf_news/NewsTeaser', 'mf_bets/BetsPage']).then(() => (settled = true));
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument(); // news fell back
  expect(settled).toBe(false); // the leaderboard is still loading
  await act(async () => loadBoard({ default: Board, contractMajor: 1 }));
  expect(await screen.findByText('board of royal')).toBeInTheDocument();
  await waitFor(() => expect(settled).toBe(true)); // mf_bets/BetsPage is not in the page
  mockedLoad.mockReset();
});

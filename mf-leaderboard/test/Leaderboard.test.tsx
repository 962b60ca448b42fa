import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { apiClient, initI18n } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import { Leaderboard } from '../src/components/Leaderboard';
import { emptyLeaderboard, leaderboard } from './fixtures';

const render = (ui: ReactElement) => rtlRender(ui, { wrapper: withQueryClient() });

initI18n('en');

beforeEach(() => {
  jest.restoreAllMocks();
});

test("shows the players of ranking, asking the server's API for the first `limit` rows", async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: leaderboard });
  render(<Leaderboard server="royal" />);
  expect(await screen.findByText('Striker9')).toBeInTheDocument();
  expect(screen.getByText('12,500')).toBeInTheDocument();
  expect(apiClient.get).toHaveBeenCalledWith(
    '/leaderboard',
    expect.objectContaining({ baseURL: 'http://localhost:4000/royal', params: { limit: 10 } }),
  );
});

test('the Teams tab shows teams', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: leaderboard });
  render(<Leaderboard server="royal" />);
  await screen.findByText('Striker9');
  fireEvent.click(screen.getByRole('tab', { name: 'Teams' }));
  expect(screen.getByText('Royal Lions')).toBeInTheDocument();
  expect(screen.queryByText('Striker9')).toBeNull();
});

test('shows the weekly Top 3 prizes with plural-aware key counts', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: leaderboard });
  render(<Leaderboard server="royal" />);
  const prizes = await screen.findByRole('complementary');
  expect(await within(prizes).findByText('3 free keys')).toBeInTheDocument();
  expect(within(prizes).getByText('1 free key')).toBeInTheDocument();
  expect(within(prizes).getByText('€5,000')).toBeInTheDocument();
  // Monday to Sunday, day-month-year, in the server's zone whatever the visitor's (spec §9).
  expect(within(prizes).getByText('This week: 23-11-2026 – 29-11-2026')).toBeInTheDocument();
});

test('empty ranking shows the empty state', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: emptyLeaderboard });
  render(<Leaderboard server="royal" />);
  expect(await screen.findByText('Nobody has scored points this week yet')).toBeInTheDocument();
});

test('an API failure shows the error state and retry reloads', async () => {
  const get = jest.spyOn(apiClient, 'get').mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: leaderboard });
  render(<Leaderboard server="royal" />);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  await act(async () => retry.click());
  expect(await screen.findByText('Striker9')).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(2);
});

test("each player's country shows its flag, named for screen readers", async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: leaderboard });
  render(<Leaderboard server="royal" />);
  await screen.findByText('Striker9');
  const poland = screen.getByRole('img', { name: 'Poland' });
  expect(poland).toHaveAttribute('data-flag', 'PL');
  expect(poland).toHaveClass('ui-flag--PL'); // its image (shared/src/ui/flags.css)
  expect(poland).toHaveTextContent('');
  // A country without a bundled flag keeps its ISO code, with the same name.
  expect(screen.getByRole('img', { name: 'New Zealand' })).toHaveTextContent('NZ');
});

test('two leaderboards on one page have their own tab and panel ids (useId); the panel is named by its tab', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: leaderboard });
  render(
    <>
      <Leaderboard server="royal" />
      <Leaderboard server="royal" limit={5} />
    </>,
  );
  await screen.findAllByText('Striker9');
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const panel of screen.getAllByRole('tabpanel')) expect(panel).toHaveAccessibleName('Players');
});

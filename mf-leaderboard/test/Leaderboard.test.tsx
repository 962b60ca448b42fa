import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { apiClient, initI18n } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import { Leaderboard } from '../src/Leaderboard';

const render = (ui: ReactElement) => rtlRender(ui, { wrapper: withQueryClient() });

initI18n('en');

const answer = {
  ranking: [
    { position: 1, id: 'p1', nickname: 'Striker9', ovr: 91, points: 12500, country: 'PL', club: 'FC Warsaw' },
    { position: 2, id: 'p2', nickname: 'Keeper', ovr: 88, points: 9800, country: 'BR', club: null },
  ],
  ranking_teams: [{ position: 1, id: 't1', name: 'Royal Lions', badge_color: '#ff0000', members: 18, points: 40000 }],
  prizes: [
    { place: 1, euro: 5000, energy: 300, keys: 3 },
    { place: 2, euro: 3000, energy: 200, keys: 2 },
    { place: 3, euro: 1000, energy: 100, keys: 1 },
  ],
  // The API's Royal week: Monday 23-11-2026 00:00 in Istanbul (UTC+3) to the next Monday.
  week: { start: '2026-11-22T21:00:00.000Z', end: '2026-11-29T21:00:00.000Z', time_zone: 'Europe/Istanbul' },
};

beforeEach(() => {
  jest.restoreAllMocks();
});

test("shows the players of ranking, asking the server's API for the first `limit` rows", async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: answer });
  render(<Leaderboard server="royal" />);
  expect(await screen.findByText('Striker9')).toBeInTheDocument();
  expect(screen.getByText('12,500')).toBeInTheDocument();
  expect(apiClient.get).toHaveBeenCalledWith(
    '/leaderboard',
    expect.objectContaining({ baseURL: 'http://localhost:4000/royal', params: { limit: 10 } }),
  );
});

test('the Teams tab shows teams', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: answer });
  render(<Leaderboard server="royal" />);
  await screen.findByText('Striker9');
  fireEvent.click(screen.getByRole('tab', { name: 'Teams' }));
  expect(screen.getByText('Royal Lions')).toBeInTheDocument();
  expect(screen.queryByText('Striker9')).toBeNull();
});

test('shows the weekly Top 3 prizes with plural-aware key counts', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: answer });
  render(<Leaderboard server="royal" />);
  const prizes = await screen.findByRole('complementary');
  expect(await within(prizes).findByText('3 free keys')).toBeInTheDocument();
  expect(within(prizes).getByText('1 free key')).toBeInTheDocument();
  expect(within(prizes).getByText('€5,000')).toBeInTheDocument();
  // Monday to Sunday, day-month-year, in the server's zone whatever the visitor's (spec §9).
  expect(within(prizes).getByText('This week: 23-11-2026 – 29-11-2026')).toBeInTheDocument();
});

test('empty ranking shows the empty state', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { ...answer, ranking: [], ranking_teams: [] } });
  render(<Leaderboard server="royal" />);
  expect(await screen.findByText('Nobody has scored points this week yet')).toBeInTheDocument();
});

test('an API failure shows the error state and retry reloads', async () => {
  const get = jest.spyOn(apiClient, 'get').mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: answer });
  render(<Leaderboard server="royal" />);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  await act(async () => retry.click());
  expect(await screen.findByText('Striker9')).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(2);
});

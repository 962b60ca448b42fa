import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AxiosError, AxiosHeaders } from 'axios';
import { apiClient, initI18n, landingStore, registerTranslationLoaders } from '@landing/shared';
import { createTestQueryClient, withQueryClient } from '@landing/shared/testing';
import type { QueryClient } from '@tanstack/react-query';
import { MatchCard } from '../src/components/MatchCard';
import type { Match, MatchesResponse } from '@landing/domain/schemas/bets';
import { betsKeys } from '../src/api/keys';
import { parseScore } from '../src/lib/prediction-schema';
import { loaders } from '../src/i18n';
import { finishedMatch, lockedMatch, NOW, openMatch, predictionSaved } from './fixtures';

initI18n('en');
registerTranslationLoaders('bets', loaders);

const now = new Date(NOW).getTime();
// The score form saves through a TanStack mutation: a query client is around, as on the page.
const render = (ui: ReactElement, client?: QueryClient) => rtlRender(ui, { wrapper: withQueryClient(undefined, client) });
const MATCHES_KEY = betsKeys.matches('royal', 'euro-2024', 'viewer:5');

/** Renders a card as a navigation in the browser does, and waits for its live score form (a chunk of its own). */
async function card(match: Match, props: Partial<Parameters<typeof MatchCard>[0]> = {}, client?: QueryClient) {
  const onLocked = jest.fn();
  render(
    <MatchCard match={match} server="royal" matchesKey={MATCHES_KEY} loggedIn now={now} maxGoals={20} onLocked={onLocked} {...props} />,
    client,
  );
  await act(async () => {
    await import('../src/components/MatchForm');
  });
  return { onLocked };
}

function axiosError(status: number, error: string, message: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(message, 'ERR_BAD_REQUEST', { headers }, null, {
    status,
    statusText: '',
    data: { statusCode: status, error, message },
    headers: {},
    config: { headers },
  });
}

beforeEach(() => {
  jest.restoreAllMocks();
  landingStore.setState({ modals: { contactModal: false, authForm: false, twoFactorAuth: false }, authActiveTab: 'register' });
});

test('parseScore accepts whole numbers 0..max only', () => {
  expect(parseScore('2', '0', 20)).toEqual({ home: 2, away: 0 });
  expect(parseScore(' 20 ', '1', 20)).toEqual({ home: 20, away: 1 });
  for (const [h, a] of [
    ['-1', '0'],
    ['a', '1'],
    ['1.5', '1'],
    ['21', '0'],
    ['', '1'],
    ['1', ''],
  ]) {
    expect(parseScore(h!, a!, 20)).toBeNull();
  }
});

test('an open match shows both teams with flags, kick-off in server time and the score inputs', async () => {
  await card(openMatch);
  const article = screen.getByRole('article', { name: 'Germany – England' });
  // 16:00 UTC is 19:00 in Europe/Istanbul (royal, spec §9).
  expect(within(article).getByText('19:00')).toBeInTheDocument();
  expect(within(article).getByText('23-11-2026')).toBeInTheDocument();
  expect(within(article).getByLabelText('Goals of Germany')).toBeInTheDocument();
  expect(within(article).getByLabelText('Goals of England')).toBeInTheDocument();
  expect(article.querySelectorAll('.bt-flag--img')).toHaveLength(2);
  expect(within(article).getByText('Predictions close at kick-off')).toBeInTheDocument();
});

test("a visitor who tries gets 'Users must be logged in to predict results' and a log-in button", async () => {
  const put = jest.spyOn(apiClient, 'put');
  await card(openMatch, { loggedIn: false });
  fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Goals of England'), { target: { value: '1' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  expect(screen.getByRole('alert')).toHaveTextContent('Users must be logged in to predict results');
  expect(put).not.toHaveBeenCalled();
  fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Log in' }));
  expect(landingStore.getState().modals.authForm).toBe(true);
  expect(landingStore.getState().authActiveTab).toBe('login');
  expect(landingStore.getState().isLoginWithRedirect).toBe(false);
  // What was typed stays.
  expect(screen.getByLabelText('Goals of Germany')).toHaveValue('2');
});

test('logging in from the message removes it and keeps what was typed', async () => {
  const props = { match: openMatch, server: 'royal' as const, matchesKey: MATCHES_KEY, now, maxGoals: 20, onLocked: jest.fn() };
  const { rerender } = render(<MatchCard {...props} loggedIn={false} />);
  await act(async () => {
    await import('../src/components/MatchForm');
  });
  fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: '3' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  expect(screen.getByRole('alert')).toBeInTheDocument();
  rerender(<MatchCard {...props} loggedIn />);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByLabelText('Goals of Germany')).toHaveValue('3');
});

test('bad input is explained, kept in the form, not sent, and the saved prediction stays', async () => {
  const put = jest.spyOn(apiClient, 'put');
  await card({ ...openMatch, prediction: { home: 1, away: 0, points: null, hit: null, updated_at: NOW } });
  expect(screen.getByTestId('saved-prediction')).toHaveTextContent('Your prediction: 1–0');
  for (const [home, away] of [
    ['-1', '2'],
    ['two', '1'],
    ['21', '0'],
  ]) {
    fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: home } });
    fireEvent.change(screen.getByLabelText('Goals of England'), { target: { value: away } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 0 to 20 for both teams.');
    expect(screen.getByLabelText('Goals of Germany')).toHaveValue(home);
    expect(screen.getByLabelText('Goals of Germany')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Goals of England')).not.toHaveAttribute('aria-invalid');
  }
  expect(put).not.toHaveBeenCalled();
  expect(screen.getByTestId('saved-prediction')).toHaveTextContent('Your prediction: 1–0');
});

test('a logged-in player saves a prediction: PUT with whole numbers, the cached list gets the saved match, rankings go stale', async () => {
  const saved: Match = { ...openMatch, prediction: { home: 3, away: 1, points: null, hit: null, updated_at: NOW } };
  const put = jest.spyOn(apiClient, 'put').mockResolvedValue({ data: predictionSaved(saved) });
  const client = createTestQueryClient();
  const list = { stages: [{ key: 'A', matches: [openMatch, finishedMatch] }] } as unknown as MatchesResponse;
  client.setQueryData(MATCHES_KEY, list);
  const rankingKey = betsKeys.ranking('royal', { tournament: 'euro-2024', page: 1, perPage: 1, scope: 'server' }, 'viewer:5');
  client.setQueryData(rankingKey, { rows: [] });
  await card(openMatch, {}, client);
  fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Goals of England'), { target: { value: '1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
  expect(put).toHaveBeenCalledWith('/bets/matches/11/prediction', { home_score: 3, away_score: 1 });
  expect(client.getQueryData<MatchesResponse>(MATCHES_KEY)?.stages[0]!.matches).toEqual([saved, finishedMatch]);
  expect(client.getQueryState(rankingKey)?.isInvalidated).toBe(true);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('while the save is under way the button says so and cannot be pressed again (the mutation is pending)', async () => {
  let answer: (value: unknown) => void = () => undefined;
  const put = jest.spyOn(apiClient, 'put').mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
  await card(openMatch);
  fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Goals of England'), { target: { value: '0' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  expect(put).toHaveBeenCalledTimes(1);
  await act(async () =>
    answer({ data: predictionSaved({ ...openMatch, prediction: { home: 2, away: 0, points: null, hit: null, updated_at: NOW } }) }),
  );
  expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
});

test('after kick-off the API answers 409: a clear message, the list is reloaded, nothing is lost', async () => {
  jest.spyOn(apiClient, 'put').mockRejectedValue(axiosError(409, 'MATCH_LOCKED', 'closed'));
  const client = createTestQueryClient();
  const list = { stages: [{ key: 'A', matches: [openMatch] }] } as unknown as MatchesResponse;
  client.setQueryData(MATCHES_KEY, list);
  const { onLocked } = await card({ ...openMatch, prediction: { home: 1, away: 1, points: null, hit: null, updated_at: NOW } }, {}, client);
  fireEvent.change(screen.getByLabelText('Goals of Germany'), { target: { value: '4' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Predictions for this match are closed: it has already kicked off.');
  expect(onLocked).toHaveBeenCalled();
  expect(client.getQueryData(MATCHES_KEY)).toBe(list);
  expect(screen.getByTestId('saved-prediction')).toHaveTextContent('Your prediction: 1–1');
});

test('a match whose kick-off has passed on the server clock is locked without a reload', async () => {
  await card(openMatch, { now: new Date(openMatch.kickoff_at).getTime() + 1000 });
  expect(screen.queryByLabelText('Goals of Germany')).toBeNull();
  expect(screen.getByText('Kicked off')).toBeInTheDocument();
  expect(screen.getByText('Waiting for the final result')).toBeInTheDocument();
});

test('a locked match shows the prediction waiting for the final result; an unknown flag falls back to a code badge', async () => {
  await card(lockedMatch);
  expect(screen.getByTestId('saved-prediction')).toHaveTextContent('Your prediction: 1–1');
  expect(screen.getByText('Waiting for the final result')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Save|Update/ })).toBeNull();
  expect(screen.getByText('XYZ', { selector: '.bt-flag--badge' })).toBeInTheDocument();
});

test('a finished match shows the final result and the points earned', async () => {
  await card(finishedMatch);
  expect(screen.getByText('3–2')).toBeInTheDocument();
  expect(screen.getByTestId('saved-prediction')).toHaveTextContent('Your prediction: 2–1');
  expect(screen.getByTestId('points')).toHaveTextContent('+4 points · Goal difference');
  expect(screen.getByText('Full time')).toBeInTheDocument();
});

test('community picks are shown with team codes and a plural-aware count', async () => {
  await card({ ...openMatch, picks: { total: 1, home: 100, draw: 0, away: 0 } });
  expect(screen.getByText('1 prediction')).toBeInTheDocument();
  expect(screen.getByText('GER', { selector: 'abbr' })).toHaveAttribute('title', 'Germany');
});

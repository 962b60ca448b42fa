import './polyfills';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { QueryClient } from '@tanstack/react-query';
import { apiClient, initI18n, landingStore } from '@landing/shared';
import { Poll } from '../src/components/Poll';
import { playLockSound } from '../src/lib/lock-sound';
import { registerNewsTranslations } from '../src/i18n';
import { openPoll, renderWithRouter, voteAnswer } from './helpers';

jest.mock('../src/lib/lock-sound', () => ({ playLockSound: jest.fn() }));

initI18n('en');
registerNewsTranslations();

let errorToast: jest.SpyInstance;
let infoToast: jest.SpyInstance;
beforeEach(() => {
  jest.restoreAllMocks();
  (playLockSound as jest.Mock).mockClear();
  errorToast = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
  infoToast = jest.spyOn(toast, 'info').mockImplementation(() => 'id');
  landingStore.setState({ modals: { contactModal: false, authForm: false, twoFactorAuth: false } });
});

const player = (ovr: number) => ({ ovr });

test('single → radio buttons with a ring per answer showing votes_percent', () => {
  renderWithRouter(<Poll server="royal" poll={openPoll()} user={player(50)} slug="new-season" />);
  expect(screen.getAllByRole('radio')).toHaveLength(2);
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  const ring = screen.getByRole('progressbar', { name: '4-4-2: 60%' });
  expect(ring).toHaveAttribute('aria-valuenow', '60');
  expect(ring.style.width).toBe('40px');
  expect(screen.getByText('5 votes')).toBeInTheDocument();
  expect(screen.getByText('Minimum OVR: 30')).toBeInTheDocument();
});

test('any other type → checkboxes', () => {
  renderWithRouter(<Poll server="royal" poll={openPoll({ type: 'multiple' })} user={player(50)} slug="new-season" />);
  expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  expect(screen.getByText('Choose one or more answers')).toBeInTheDocument();
});

describe('enabled / disabled matrix', () => {
  test.each([
    ['visitor', openPoll(), null, 'Users must be logged in to vote'],
    ['OVR below limit_ovr', openPoll({ limit_ovr: 60 }), player(59), 'Only players with minimum 60 OVR can vote'],
    ['ended poll', openPoll({ ended: true }), player(99), 'This poll is already closed'],
    ['finish_at in the past', openPoll({ finish_at: '2020-01-01T00:00:00Z' }), player(99), 'This poll is already closed'],
    ['already voted', openPoll({ voted_options: [72] }), player(99), 'You have already voted in this poll'],
  ] as const)(
    '%s: locked with its message; clicking an answer plays the lock sound and shows the lock error',
    async (_n, poll, user, message) => {
      renderWithRouter(<Poll server="royal" poll={poll} user={user} slug="new-season" />);
      expect(screen.getByTestId('poll-status')).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
      const first = screen.getAllByRole('radio')[0]!;
      expect(first).toHaveAttribute('aria-disabled', 'true');
      const before = (first as HTMLInputElement).checked;
      fireEvent.click(first);
      expect(playLockSound).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message, expect.anything())); // the toast library loads on first use
      expect((first as HTMLInputElement).checked).toBe(before);
    },
  );

  test('logged in, OVR at the limit, open, not voted: enabled, no message, no sound', () => {
    renderWithRouter(<Poll server="royal" poll={openPoll({ limit_ovr: 60 })} user={player(60)} slug="new-season" />);
    expect(screen.getByTestId('poll-status')).toHaveTextContent('');
    const second = screen.getAllByRole('radio')[1]!;
    expect(second).not.toHaveAttribute('aria-disabled');
    fireEvent.click(second);
    expect(second).toBeChecked();
    expect(playLockSound).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Vote' })).toBeEnabled();
  });

  test('a visitor gets a login button that opens the auth form through the store', () => {
    renderWithRouter(<Poll server="royal" poll={openPoll()} user={null} slug="new-season" />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(landingStore.getState().modals.authForm).toBe(true);
    expect(landingStore.getState().authActiveTab).toBe('login');
  });

  test('the voted answers are shown as the player’s choice', () => {
    renderWithRouter(<Poll server="royal" poll={openPoll({ voted_options: [72] })} user={player(80)} slug="new-season" />);
    expect(screen.getAllByRole('radio')[1]).toBeChecked();
    expect(screen.getByText('Your choice')).toBeInTheDocument();
  });

  test('a logged-in player whose own record is not in yet (a shared page before hydration): no login prompt, nothing chosen or sent', () => {
    renderWithRouter(<Poll server="royal" poll={openPoll()} user={null} pending slug="new-season" />);
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByTestId('poll-status')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Vote' })).toBeDisabled();
    const first = screen.getAllByRole('radio')[0]!;
    fireEvent.click(first);
    expect(first).not.toBeChecked();
    expect(playLockSound).not.toHaveBeenCalled();
  });

  test('an ended poll marks the leading answer', () => {
    renderWithRouter(<Poll server="royal" poll={openPoll({ ended: true })} user={null} slug="new-season" />);
    expect(screen.getByText('Leading').closest('label')).toHaveTextContent('4-4-2');
  });
});

test('voting posts questionnaire_id and options, shows the info and refreshes the article', async () => {
  const refresh = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ status: 200, data: voteAnswer() });
  renderWithRouter(<Poll server="royal" poll={openPoll({ type: 'multiple' })} user={player(50)} slug="new-season" />);
  fireEvent.click(screen.getAllByRole('checkbox')[0]!);
  fireEvent.click(screen.getAllByRole('checkbox')[1]!);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vote' })));
  expect(post).toHaveBeenCalledWith('/votes', { questionnaire_id: 7, options: [71, 72] });
  expect(infoToast).toHaveBeenCalledWith('Thank you! Your vote has been counted.', expect.anything());
  expect(refresh).toHaveBeenCalledTimes(1);
  const { predicate } = refresh.mock.calls[0]![0] as unknown as { predicate: (query: { queryKey: unknown[] }) => boolean };
  expect(predicate({ queryKey: ['news', 'article', 'royal', 'en', 'new-season', 'visitor'] })).toBe(true);
  expect(predicate({ queryKey: ['news', 'article', 'royal', 'en', 'other-news', 'visitor'] })).toBe(false);
});

test('unchecking a checkbox removes it from the vote; nothing chosen asks for an answer first', async () => {
  const post = jest.spyOn(apiClient, 'post');
  renderWithRouter(<Poll server="royal" poll={openPoll({ type: 'multiple' })} user={player(50)} slug="new-season" />);
  const box = screen.getAllByRole('checkbox')[0]!;
  fireEvent.click(box);
  fireEvent.click(box);
  expect(box).not.toBeChecked();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vote' })));
  expect(post).not.toHaveBeenCalled();
  expect(screen.getByTestId('poll-status')).toHaveTextContent('Choose an answer first');
});

test('a refused vote (422 INVALID_VOTE, swallowed by the client) shows no info and refreshes', async () => {
  const refresh = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
  jest
    .spyOn(apiClient, 'post')
    .mockResolvedValue({ status: 422, data: { statusCode: 422, error: 'INVALID_VOTE', message: 'You have already voted in this poll' } });
  renderWithRouter(<Poll server="royal" poll={openPoll()} user={player(50)} slug="new-season" />);
  fireEvent.click(screen.getAllByRole('radio')[0]!);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vote' })));
  expect(infoToast).not.toHaveBeenCalled();
  expect(refresh).toHaveBeenCalledTimes(1);
  const { predicate } = refresh.mock.calls[0]![0] as unknown as { predicate: (query: { queryKey: unknown[] }) => boolean };
  expect(predicate({ queryKey: ['news', 'article', 'royal', 'en', 'new-season', 'visitor'] })).toBe(true);
  expect(predicate({ queryKey: ['news', 'article', 'royal', 'en', 'other-news', 'visitor'] })).toBe(false);
});

test('a failed vote keeps the choice for another try', async () => {
  const refresh = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
  jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('Network Error'));
  renderWithRouter(<Poll server="royal" poll={openPoll()} user={player(50)} slug="new-season" />);
  fireEvent.click(screen.getAllByRole('radio')[1]!);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vote' })));
  expect(refresh).not.toHaveBeenCalled();
  expect(screen.getAllByRole('radio')[1]).toBeChecked();
  expect(screen.getByRole('button', { name: 'Vote' })).toBeEnabled();
});

import './polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient, landingStore } from '@landing/shared';
import { ActivationPage } from '../src/components/ActivationPage';
import { messageAnswer, tokenCheckAnswer } from './fixtures';
import { apiError, loginAnswer, renderAt, resetStore } from './helpers';

beforeEach(() => {
  resetStore();
  jest.restoreAllMocks();
});

const token = (s: string) => s.padEnd(43, 'x');

test('account activation logs in and offers Play now; the token is sent once', async () => {
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: loginAnswer('Fresh') });
  renderAt(<ActivationPage server="royal" kind="account" token={token('a1')} />, `/royal/account-activation/${token('a1')}`);
  expect(await screen.findByText('Your account is active')).toBeInTheDocument();
  expect(screen.getByText(/Welcome to the team, Fresh!/)).toBeInTheDocument();
  expect(screen.getByTestId('activation-play')).toHaveAttribute('href', 'https://royal.game.example/');
  expect(landingStore.getState().userData?.nickname).toBe('Fresh');
  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith('/auth/activate', { token: token('a1'), fingerprint: expect.any(String) }, expect.anything());
  // Activation does not redirect: the page stays.
  expect(screen.getByTestId('path')).toHaveTextContent('/royal/account-activation/');
});

test('an invalid link says so', async () => {
  jest.spyOn(apiClient, 'post').mockRejectedValue(apiError(400, { statusCode: 400, error: 'TOKEN_INVALID', message: 'invalid' }));
  renderAt(<ActivationPage server="royal" kind="email" token={token('e1')} />);
  expect(await screen.findByText('This link does not work')).toBeInTheDocument();
});

test('password activation: the form needs a new password and a matching repeat', async () => {
  const post = jest.spyOn(apiClient, 'post').mockImplementation(async (url: string) => {
    if (url === '/auth/token/check') return { data: tokenCheckAnswer(true) };
    return { data: messageAnswer('changed') };
  });
  landingStore.getState().setUserData(loginAnswer('Before').user);
  renderAt(<ActivationPage server="royal" kind="password" token={token('p1')} />);
  expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('new-password-submit'));
  expect(screen.getAllByText('Enter new password')).toHaveLength(2);
  await userEvent.type(screen.getByTestId('new-password'), 'Fresh-Boots-2026');
  await userEvent.type(screen.getByTestId('new-password-repeat'), 'Fresh-Boots-2027');
  await userEvent.click(screen.getByTestId('new-password-submit'));
  expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
  expect(post).toHaveBeenCalledTimes(1);
  await userEvent.clear(screen.getByTestId('new-password-repeat'));
  await userEvent.type(screen.getByTestId('new-password-repeat'), 'Fresh-Boots-2026');
  await userEvent.click(screen.getByTestId('new-password-submit'));
  expect(post).toHaveBeenLastCalledWith(
    '/auth/password/reset',
    { token: token('p1'), password: 'Fresh-Boots-2026', fingerprint: expect.any(String) },
    expect.anything(),
  );
  expect(await screen.findByText('Password changed')).toBeInTheDocument();
  // The reset ended every session: this browser is logged out too.
  expect(landingStore.getState().userData).toBeNull();
  await userEvent.click(screen.getByTestId('password-done-login'));
  expect(landingStore.getState().modals.authForm).toBe(true);
  expect(landingStore.getState().authActiveTab).toBe('login');
});

test('password activation with a used link offers a new one', async () => {
  jest.spyOn(apiClient, 'post').mockResolvedValue({ data: tokenCheckAnswer(false) });
  renderAt(<ActivationPage server="royal" kind="password" token={token('p2')} />);
  await userEvent.click(await screen.findByTestId('request-new-link'));
  expect(landingStore.getState().authActiveTab).toBe('recovery');
  expect(landingStore.getState().modals.authForm).toBe(true);
});

test('the token of an e-mailed link is read from the URL fragment, which no server sees', async () => {
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: loginAnswer('Fragment') });
  renderAt(<ActivationPage server="royal" kind="account" />, `/royal/account-activation#token=${token('f1')}`);
  expect(await screen.findByText('Your account is active')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('/auth/activate', { token: token('f1'), fingerprint: expect.any(String) }, expect.anything());
});

test('a link without a token (or a malformed one) in the fragment does not work, and asks nothing', async () => {
  const post = jest.spyOn(apiClient, 'post');
  renderAt(<ActivationPage server="royal" kind="password" />, '/royal/password-activation');
  expect(await screen.findByText('This link does not work')).toBeInTheDocument();
  renderAt(<ActivationPage server="royal" kind="email" />, '/royal/email-activation#token=<script>');
  expect((await screen.findAllByText('This link does not work')).length).toBe(2);
  expect(post).not.toHaveBeenCalled();
});

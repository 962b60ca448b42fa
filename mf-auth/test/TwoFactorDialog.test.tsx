import './polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient, landingStore } from '@landing/shared';
import { TwoFactorDialog } from '../src/components/TwoFactorDialog';
import { getDeviceChallenge, setDeviceChallenge } from '../src/lib/device-challenge';
import { codeSentAnswer } from './fixtures';
import { apiError, loginAnswer, renderAt, resetStore } from './helpers';

beforeEach(() => {
  resetStore();
  jest.restoreAllMocks();
  landingStore.getState().openModal('twoFactorAuth');
  setDeviceChallenge({ server: 'royal', challenge: 'ch-1', email: 'd***@example.org' });
});

test('Send mails the code, then the right code logs in and closes the dialog', async () => {
  const post = jest
    .spyOn(apiClient, 'post')
    .mockResolvedValueOnce({ data: codeSentAnswer })
    .mockResolvedValueOnce({ data: loginAnswer('demo') });
  renderAt(<TwoFactorDialog server="royal" />);
  expect(screen.getByRole('dialog', { name: 'New device verification' })).toHaveTextContent('we send a 6-digit code to d***@example.org');
  await userEvent.click(screen.getByTestId('two-factor-send'));
  expect(post).toHaveBeenNthCalledWith(1, '/auth/device/send', { challenge: 'ch-1' }, expect.anything());
  expect(screen.getByText('The code is on its way to d***@example.org. It is valid for 10 minutes.')).toBeInTheDocument();
  expect(screen.getByTestId('two-factor-resend')).toBeDisabled();
  expect(screen.getByTestId('two-factor-resend')).toHaveTextContent(/New code in \d+ s/);
  await userEvent.type(screen.getByTestId('two-factor-code'), '123456');
  await userEvent.click(screen.getByTestId('two-factor-confirm'));
  expect(post).toHaveBeenNthCalledWith(
    2,
    '/auth/device/confirm',
    expect.objectContaining({ challenge: 'ch-1', code: '123456' }),
    expect.anything(),
  );
  expect(landingStore.getState().userData?.nickname).toBe('demo');
  expect(landingStore.getState().modals.twoFactorAuth).toBe(false);
  expect(getDeviceChallenge()).toBeNull();
});

test('a social login waiting to be linked: the dialog says which provider joins the existing account; the code logs in', async () => {
  setDeviceChallenge({ server: 'royal', challenge: 'link-1', email: 'o***@example.org', link: 'facebook' });
  const post = jest
    .spyOn(apiClient, 'post')
    .mockResolvedValueOnce({ data: { ok: true, message: 'sent', email: 'o***@example.org', resendAfterS: 30, codeTtlS: 600 } })
    .mockResolvedValueOnce({ data: loginAnswer('owner') });
  renderAt(<TwoFactorDialog server="royal" />);
  expect(screen.getByRole('dialog', { name: 'Link your account' })).toHaveTextContent(
    'An account with this e-mail already exists. To link your Facebook login to it, we send a 6-digit code to o***@example.org.',
  );
  await userEvent.click(screen.getByTestId('two-factor-send'));
  await userEvent.type(screen.getByTestId('two-factor-code'), '654321');
  await userEvent.click(screen.getByTestId('two-factor-confirm'));
  expect(post).toHaveBeenNthCalledWith(
    2,
    '/auth/device/confirm',
    expect.objectContaining({ challenge: 'link-1', code: '654321' }),
    expect.anything(),
  );
  expect(landingStore.getState().userData?.nickname).toBe('owner');
});

test('"I already have the code" skips to the entry; a wrong code keeps the dialog open; 6 digits are required', async () => {
  const post = jest
    .spyOn(apiClient, 'post')
    .mockRejectedValue(apiError(400, { statusCode: 400, error: 'CODE_INVALID', message: 'Wrong or expired code' }));
  renderAt(<TwoFactorDialog server="royal" />);
  await userEvent.click(screen.getByTestId('two-factor-have-code'));
  await userEvent.type(screen.getByTestId('two-factor-code'), '12');
  await userEvent.click(screen.getByTestId('two-factor-confirm'));
  expect(screen.getByText('Enter the 6 digits from the e-mail')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.clear(screen.getByTestId('two-factor-code'));
  await userEvent.type(screen.getByTestId('two-factor-code'), '999999');
  await userEvent.click(screen.getByTestId('two-factor-confirm'));
  expect(post).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('two-factor-code')).toHaveValue('');
  expect(landingStore.getState().modals.twoFactorAuth).toBe(true);
  expect(getDeviceChallenge()).not.toBeNull();
});

test('too many wrong codes end the attempt: the dialog asks to log in again', async () => {
  jest
    .spyOn(apiClient, 'post')
    .mockRejectedValue(apiError(429, { statusCode: 429, error: 'CODE_TOO_MANY', message: 'Too many wrong codes' }));
  renderAt(<TwoFactorDialog server="royal" />);
  await userEvent.click(screen.getByTestId('two-factor-have-code'));
  await userEvent.type(screen.getByTestId('two-factor-code'), '999999');
  await userEvent.click(screen.getByTestId('two-factor-confirm'));
  expect(screen.getByText('This verification has ended. Log in again to get a new code.')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('two-factor-login-again'));
  expect(landingStore.getState().modals).toMatchObject({ authForm: true, twoFactorAuth: false });
  expect(landingStore.getState().authActiveTab).toBe('login');
});

test('opened by a 403 of another call (no login attempt): asks to log in again', () => {
  setDeviceChallenge(null);
  renderAt(<TwoFactorDialog server="royal" />);
  expect(screen.getByTestId('two-factor-login-again')).toBeInTheDocument();
});

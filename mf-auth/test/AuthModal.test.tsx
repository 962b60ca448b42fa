import './polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient, changeLocale, getCookie, landingStore, setCookie } from '@landing/shared';
import { AuthModal } from '../src/components/AuthModal';
import { getDeviceChallenge } from '../src/lib/device-challenge';
import { messageAnswer, providersAnswer } from './fixtures';
import { apiError, loginAnswer, renderAt, resetStore } from './helpers';

beforeEach(async () => {
  resetStore();
  jest.restoreAllMocks();
  jest.spyOn(apiClient, 'get').mockResolvedValue({
    data: providersAnswer([
      { id: 'google', enabled: true },
      { id: 'facebook', enabled: true },
      { id: 'vk', enabled: false },
    ]),
  });
  landingStore.getState().openModal('authForm');
  await changeLocale('en');
});

test('opens on the persisted tab (default register) and switches between Login, Register and recovery', async () => {
  renderAt(<AuthModal server="royal" />);
  const dialog = screen.getByRole('dialog', { name: 'Create your footballer' });
  expect(within(dialog).getByRole('tab', { name: 'Register', selected: true })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Log in' }));
  expect(landingStore.getState().authActiveTab).toBe('login');
  expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('forgot-link'));
  expect(screen.getByRole('dialog', { name: 'Password recovery' })).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('back-to-login'));
  expect(screen.getByTestId('login-form')).toBeInTheDocument();
  // Google and Facebook enabled, VK shown but unavailable.
  expect(screen.getByTestId('social-google')).toBeEnabled();
  await act(async () => undefined);
  expect(screen.getByTestId('social-vk')).toBeDisabled();
  expect(screen.getByTestId('social-vk')).toHaveAccessibleName('Login with VK is not available yet');
});

test('register: every spec §8 message on an empty submit, in English and in Polish', async () => {
  const post = jest.spyOn(apiClient, 'post');
  renderAt(<AuthModal server="royal" />);
  await userEvent.click(screen.getByTestId('register-submit'));
  for (const m of [
    "Nickname hasn't been selected",
    "Email hasn't been stated",
    "Password hasn't been stated",
    'You have to agree to our Terms of Service',
  ]) {
    expect(screen.getByText(m)).toBeInTheDocument();
  }
  expect(post).not.toHaveBeenCalled();
  await act(() => changeLocale('pl'));
  for (const m of ['Nie wybrano nicku', 'Nie podano adresu e-mail', 'Nie podano hasła', 'Musisz zaakceptować nasz Regulamin']) {
    expect(screen.getByText(m)).toBeInTheDocument();
  }
});

test('register: an overlong name is kept as typed and refused with a message; eight spaces are no password', async () => {
  const post = jest.spyOn(apiClient, 'post');
  renderAt(<AuthModal server="royal" />);
  const long = 'TheGreatestStrikerEver99'; // 24 characters
  await userEvent.type(screen.getByTestId('register-nickname'), long);
  expect(screen.getByTestId('register-nickname')).toHaveValue(long);
  await userEvent.type(screen.getByTestId('register-email'), 'striker@example.org');
  await userEvent.type(screen.getByTestId('register-password'), '        ');
  await userEvent.click(screen.getByTestId('register-terms'));
  await userEvent.click(screen.getByTestId('register-submit'));
  expect(screen.getByText('The player name can have at most 20 characters')).toBeInTheDocument();
  expect(screen.getByText('The password cannot consist of spaces only')).toBeInTheDocument();
  expect(screen.getByTestId('register-nickname')).toHaveValue(long);
  expect(post).not.toHaveBeenCalled();
});

test('register: a field error goes when the field is edited; after a refused request everything typed stays', async () => {
  const post = jest
    .spyOn(apiClient, 'post')
    .mockRejectedValue(apiError(409, { statusCode: 409, error: 'NICKNAME_TAKEN', message: 'This player name is already taken' }));
  renderAt(<AuthModal server="royal" />);
  await userEvent.type(screen.getByTestId('register-nickname'), 'ab');
  await userEvent.click(screen.getByTestId('register-submit'));
  const invalid = 'The player name must have 3–20 characters: letters, digits, _ . or -';
  expect(screen.getByText(invalid)).toBeInTheDocument();
  expect(screen.getByTestId('register-nickname')).toHaveAttribute('aria-invalid', 'true');
  await userEvent.type(screen.getByTestId('register-nickname'), 'c');
  expect(screen.queryByText(invalid)).toBeNull();
  await userEvent.type(screen.getByTestId('register-email'), 'taken@example.org');
  await userEvent.type(screen.getByTestId('register-password'), 'Stadium-Lights-9');
  await userEvent.click(screen.getByTestId('register-terms'));
  await userEvent.click(screen.getByTestId('register-submit'));
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  expect(screen.getByTestId('register-nickname')).toHaveValue('abc');
  expect(screen.getByTestId('register-email')).toHaveValue('taken@example.org');
  expect(screen.getByTestId('register-password')).toHaveValue('Stadium-Lights-9');
  expect(screen.getByTestId('register-terms')).toBeChecked();
  expect(screen.getByTestId('register-submit')).toBeEnabled();
  expect(screen.queryByTestId('register-sent')).toBeNull();
});

test('register: terms and privacy link to the PDFs in the interface language; newsletter is a separate optional checkbox', async () => {
  renderAt(<AuthModal server="royal" />);
  expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/documents/terms-and-conditions.pdf');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/documents/privacy-policy.pdf');
  expect(screen.getByTestId('register-newsletter')).not.toBeChecked();
  await act(() => changeLocale('pl'));
  expect(screen.getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/documents/pl/terms-and-conditions.pdf');
  expect(screen.getByRole('link', { name: 'Politykę prywatności' })).toHaveAttribute('href', '/documents/pl/privacy-policy.pdf');
});

test('register: sends the register params (store + tracking cookies), clears them, and asks to open the e-mail', async () => {
  landingStore.getState().setRegisterParams({ partner: 'fm-partner', click_id: 'c-1', sub1: 's' });
  setCookie('ref_id_royal_dev', '77', 3600);
  setCookie('click_id_track', 'trk-9', 3600);
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: messageAnswer('Almost there!') });
  renderAt(<AuthModal server="royal" />);
  await userEvent.type(screen.getByTestId('register-nickname'), 'NewStriker');
  await userEvent.type(screen.getByTestId('register-email'), 'new@example.org');
  await userEvent.type(screen.getByTestId('register-password'), 'Stadium-Lights-9');
  await userEvent.click(screen.getByTestId('register-terms'));
  await userEvent.click(screen.getByTestId('register-newsletter'));
  await userEvent.click(screen.getByTestId('register-submit'));
  expect(post).toHaveBeenCalledWith(
    '/auth/register',
    {
      nickname: 'NewStriker',
      email: 'new@example.org',
      password: 'Stadium-Lights-9',
      terms: true,
      newsletter: true,
      params: { partner: 'fm-partner', click_id: 'c-1', sub1: 's', click_id_track: 'trk-9', ref_id_track: '77' },
    },
    expect.objectContaining({ baseURL: 'http://localhost:4000/royal' }),
  );
  expect(await screen.findByTestId('register-sent')).toHaveTextContent('We have sent an activation link to new@example.org');
  expect(getCookie('click_id_track')).toBeUndefined();
  expect(getCookie('ref_id_royal_dev')).toBeUndefined();
  expect(landingStore.getState().availableRegisterParams).toEqual({});
  expect(landingStore.getState().newsletterAgreement).toBe(true);
});

test('login: a trusted device logs in (session saved, modal closed, home page)', async () => {
  landingStore.getState().setAuthActiveTab('login');
  jest.spyOn(apiClient, 'post').mockResolvedValue({ data: loginAnswer('Striker') });
  renderAt(<AuthModal server="royal" />, '/royal/news');
  await userEvent.type(screen.getByTestId('login-name'), 'Striker');
  await userEvent.type(screen.getByTestId('login-password'), 'Stadium-Lights-9');
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(apiClient.post).toHaveBeenCalledWith(
    '/auth/login',
    expect.objectContaining({ login: 'Striker', fingerprint: expect.stringMatching(/^[a-z0-9]{9}$/) }),
    expect.anything(),
  );
  expect(getCookie('FT-fingerprint')).toMatch(/^[a-z0-9]{9}$/);
  expect(landingStore.getState().userData?.nickname).toBe('Striker');
  expect(localStorage.getItem('token')).toBe('t'.repeat(43));
  expect(getCookie('auth.royal._token.uid')).toBe('7');
  expect(landingStore.getState().modals.authForm).toBe(false);
  expect(landingStore.getState().userLoginOnce).toBe(true);
  await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/royal$/));
});

test('login: with isLoginWithRedirect false the user stays on the page', async () => {
  landingStore.getState().setAuthActiveTab('login');
  landingStore.getState().setAuthPreferences({ isLoginWithRedirect: false });
  jest.spyOn(apiClient, 'post').mockResolvedValue({ data: loginAnswer('Striker') });
  renderAt(<AuthModal server="royal" />, '/royal/news/some-article');
  await userEvent.type(screen.getByTestId('login-name'), 'Striker');
  await userEvent.type(screen.getByTestId('login-password'), 'Stadium-Lights-9');
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(screen.getByTestId('path')).toHaveTextContent('/royal/news/some-article');
});

test('login: 403 UNAUTHORIZED_DEVICE hands the challenge to the two-factor dialog', async () => {
  landingStore.getState().setAuthActiveTab('login');
  jest
    .spyOn(apiClient, 'post')
    .mockRejectedValue(
      apiError(403, { statusCode: 403, error: 'UNAUTHORIZED_DEVICE', message: 'New device', challenge: 'ch-1', email: 'd***@example.org' }),
    );
  renderAt(<AuthModal server="royal" />);
  await userEvent.type(screen.getByTestId('login-name'), 'demo');
  await userEvent.type(screen.getByTestId('login-password'), 'whatever-pass');
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(getDeviceChallenge()).toEqual({ server: 'royal', challenge: 'ch-1', email: 'd***@example.org' });
  expect(landingStore.getState().modals).toMatchObject({ authForm: false, twoFactorAuth: true });
  expect(landingStore.getState().userData).toBeNull();
});

test('social login of an e-mail that has an account: 403 with `link` hands the challenge to the two-factor dialog', async () => {
  landingStore.getState().setAuthActiveTab('login');
  const popup = { closed: false, close: jest.fn(), location: { href: 'about:blank' } };
  jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  jest
    .spyOn(apiClient, 'post')
    .mockResolvedValueOnce({ data: { authorizeUrl: 'http://provider/authorize?state=s1', state: 's1' } })
    .mockRejectedValueOnce(
      apiError(403, {
        statusCode: 403,
        error: 'UNAUTHORIZED_DEVICE',
        message: 'This e-mail already has an account',
        challenge: 'link-1',
        email: 'o***@example.org',
        link: 'google',
      }),
    );
  renderAt(<AuthModal server="royal" />);
  await userEvent.click(screen.getByTestId('social-google'));
  // The popup comes back to our callback page with the code.
  popup.location.href = `${location.origin}/auth/google/callback?code=c1&state=s1`;
  await waitFor(() =>
    expect(getDeviceChallenge()).toEqual({ server: 'royal', challenge: 'link-1', email: 'o***@example.org', link: 'google' }),
  );
  expect(landingStore.getState().modals).toMatchObject({ authForm: false, twoFactorAuth: true });
  expect(landingStore.getState().userData).toBeNull();
});

test('recovery: same confirmation whatever the answer, with a back-to-login link', async () => {
  landingStore.getState().setAuthActiveTab('recovery');
  const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: messageAnswer('sent') });
  renderAt(<AuthModal server="royal" />);
  await userEvent.click(screen.getByTestId('recovery-submit'));
  expect(screen.getByText("Email hasn't been stated")).toBeInTheDocument();
  await userEvent.type(screen.getByTestId('recovery-email'), 'me@example.org');
  await userEvent.click(screen.getByTestId('recovery-submit'));
  expect(post).toHaveBeenCalledWith('/auth/password/forgot', { email: 'me@example.org' }, expect.anything());
  expect(await screen.findByTestId('recovery-sent')).toHaveTextContent('If an account uses me@example.org');
  await userEvent.click(screen.getByTestId('back-to-login'));
  expect(landingStore.getState().authActiveTab).toBe('login');
});

test('opened straight on the recovery form (another app asked for it), the persisted tab goes back to Login', async () => {
  landingStore.getState().setAuthActiveTab('recovery');
  renderAt(<AuthModal server="royal" />);
  expect(screen.getByTestId('recovery-form')).toBeInTheDocument();
  expect(landingStore.getState().authActiveTab).toBe('login');
});

import './polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient, landingStore } from '@landing/shared';
import type { SecurityEventsAnswer, SessionsAnswer } from '@landing/domain/schemas/account';
import { AccountPage } from '../src/components/AccountPage';
import { apiError, loginAnswer, renderAt, resetStore } from './helpers';

beforeEach(() => {
  resetStore();
  jest.restoreAllMocks();
});

const sessions: SessionsAnswer = {
  reauth: 'password',
  sessions: [
    {
      id: 11,
      current: true,
      method: 'password',
      ip: '10.0.0.1',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-20T10:05:00.000Z',
    },
    {
      id: 12,
      current: false,
      method: 'social:google',
      ip: '10.0.0.2',
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
      createdAt: '2026-11-19T08:00:00.000Z',
      lastUsedAt: '2026-11-19T09:00:00.000Z',
    },
  ],
};
const events: SecurityEventsAnswer = {
  events: [
    {
      id: 3,
      kind: 'lockout',
      createdAt: '2026-11-20T09:00:00.000Z',
      ip: '10.9.9.9',
      browser: null,
      os: null,
      device: null,
      detail: { scope: 'ip' },
    },
    {
      id: 2,
      kind: 'email_changed',
      createdAt: '2026-11-19T09:00:00.000Z',
      ip: null,
      browser: null,
      os: null,
      device: null,
      detail: { email: 'n***@example.org' },
    },
    {
      id: 1,
      kind: 'login',
      createdAt: '2026-11-18T09:00:00.000Z',
      ip: '10.0.0.1',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      detail: { method: 'device' },
    },
  ],
};

/** The API as the account page calls it; `post` answers per URL. */
function mockApi(post: (url: string, body: Record<string, unknown>) => unknown = () => ({ ok: true, message: 'done' })) {
  jest.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
    if (url === '/auth/sessions') return { data: sessions };
    if (url === '/auth/security-events') return { data: events };
    throw new Error(`unexpected GET ${url}`);
  });
  return jest.spyOn(apiClient, 'post').mockImplementation(async (url: string, body?: unknown) => {
    const answer = await post(url, body as Record<string, unknown>);
    return { data: answer };
  });
}

function logIn() {
  landingStore.getState().setUserData(loginAnswer('Striker').user);
}

test('a visitor is asked to log in, and stays on the page after the login', async () => {
  renderAt(<AccountPage server="royal" />, '/royal/account');
  await userEvent.click(await screen.findByTestId('account-login'));
  const state = landingStore.getState();
  expect(state.modals.authForm).toBe(true);
  expect(state.authActiveTab).toBe('login');
  expect(state.isLoginWithRedirect).toBe(false);
});

test('lists the sessions (this device first and marked) and the security events, translated', async () => {
  mockApi();
  logIn();
  renderAt(<AccountPage server="royal" />, '/royal/account');
  const list = await screen.findByTestId('session-list');
  const rows = within(list).getAllByTestId('session');
  expect(rows[0]).toHaveTextContent('Chrome · Windows');
  expect(rows[0]).toHaveTextContent('This device');
  expect(within(rows[0]!).queryByTestId('session-end')).toBeNull();
  expect(rows[1]).toHaveTextContent('Safari · iOS');
  expect(rows[1]).toHaveTextContent('Google · IP 10.0.0.2');
  const log = await screen.findAllByTestId('event');
  expect(log[0]).toHaveTextContent('Logins from one address paused after too many wrong passwords');
  expect(log[1]).toHaveTextContent('E-mail address changed to n***@example.org');
  expect(log[2]).toHaveTextContent('Logged in (password and e-mail code)');
  expect(log[2]).toHaveTextContent('Chrome · Windows');
});

test('password change: the current password is required, the repeat must match; success clears the form and says so', async () => {
  const post = mockApi(() => ({ ok: true, message: 'Your password has been changed.' }));
  logIn();
  renderAt(<AccountPage server="royal" />, '/royal/account');
  const form = await screen.findByTestId('password-change-form');
  await userEvent.type(within(form).getByTestId('new-password'), 'Brand-New-Pitch-77');
  await userEvent.type(within(form).getByTestId('new-password-repeat'), 'Brand-New-Pitch-78');
  await userEvent.click(within(form).getByTestId('password-change-submit'));
  expect(within(form).getByText('Enter your current password')).toBeInTheDocument();
  expect(within(form).getByText('The passwords do not match')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();

  await userEvent.type(within(form).getByTestId('current-password'), 'Old-Pass-1234');
  await userEvent.clear(within(form).getByTestId('new-password-repeat'));
  await userEvent.type(within(form).getByTestId('new-password-repeat'), 'Brand-New-Pitch-77');
  await userEvent.click(within(form).getByTestId('password-change-submit'));
  expect(await screen.findByTestId('password-changed')).toHaveTextContent('Your password has been changed.');
  expect(post).toHaveBeenCalledWith(
    '/auth/password/change',
    { currentPassword: 'Old-Pass-1234', password: 'Brand-New-Pitch-77' },
    expect.anything(),
  );
  expect(within(form).getByTestId('current-password')).toHaveValue('');
});

test('a wrong current password is shown at its field and what was typed stays', async () => {
  mockApi(() => {
    throw apiError(400, { statusCode: 400, error: 'WRONG_PASSWORD', message: 'The current password is wrong' });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  logIn();
  renderAt(<AccountPage server="royal" />, '/royal/account');
  const form = await screen.findByTestId('password-change-form');
  await userEvent.type(within(form).getByTestId('current-password'), 'not-it-1234');
  await userEvent.type(within(form).getByTestId('new-password'), 'Brand-New-Pitch-77');
  await userEvent.type(within(form).getByTestId('new-password-repeat'), 'Brand-New-Pitch-77');
  await userEvent.click(within(form).getByTestId('password-change-submit'));
  expect(await within(form).findByText('The current password is wrong')).toBeInTheDocument();
  expect(within(form).getByTestId('new-password')).toHaveValue('Brand-New-Pitch-77');
});

test('ending one session asks for the password; "log out everywhere" logs this browser out', async () => {
  const post = mockApi((url, body) =>
    body.session === 12
      ? { ok: true, message: 'The session has ended', revoked: 1, current: false }
      : { ok: true, message: 'You have been logged out everywhere', revoked: 2, current: true },
  );
  logIn();
  localStorage.setItem('token', 'x'.repeat(43));
  renderAt(<AccountPage server="royal" />, '/royal/account');
  const [, other] = within(await screen.findByTestId('session-list')).getAllByTestId('session');
  await userEvent.click(within(other!).getByTestId('session-end'));
  const confirm = screen.getByTestId('sessions-confirm');
  expect(confirm).toHaveTextContent('End this session? Enter your password to confirm.');
  await userEvent.click(within(confirm).getByTestId('sessions-confirm-submit'));
  expect(within(confirm).getByText('Enter your current password')).toBeInTheDocument();
  await userEvent.type(within(confirm).getByTestId('sessions-password'), 'My-Pass-1234');
  await userEvent.click(within(confirm).getByTestId('sessions-confirm-submit'));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('/auth/sessions/revoke', { session: 12, password: 'My-Pass-1234' }, expect.anything()),
  );
  expect(landingStore.getState().userData).not.toBeNull();

  await userEvent.click(await screen.findByTestId('sessions-end-all'));
  expect(screen.getByTestId('sessions-confirm')).toHaveTextContent('Log out on every device, this one included?');
  await userEvent.type(screen.getByTestId('sessions-password'), 'My-Pass-1234');
  await userEvent.click(screen.getByTestId('sessions-confirm-submit'));
  await waitFor(() => expect(landingStore.getState().userData).toBeNull());
  expect(post).toHaveBeenLastCalledWith('/auth/sessions/revoke', { password: 'My-Pass-1234' }, expect.anything());
  expect(localStorage.getItem('token')).toBeNull();
  expect(await screen.findByTestId('account-login')).toBeInTheDocument();
});

test('an account without a password sees no password form and confirms without one', async () => {
  jest.spyOn(apiClient, 'get').mockImplementation(async (url: string) => ({
    data: url === '/auth/sessions' ? { ...sessions, reauth: 'social' } : events,
  }));
  logIn();
  renderAt(<AccountPage server="royal" />, '/royal/account');
  expect(await screen.findByTestId('account-no-password')).toHaveTextContent('Your account has no password');
  expect(screen.queryByTestId('password-change-form')).toBeNull();
  await userEvent.click(screen.getByTestId('sessions-end-all'));
  expect(screen.getByTestId('sessions-confirm')).toHaveTextContent('in the last 10 minutes');
  expect(screen.queryByTestId('sessions-password')).toBeNull();
});

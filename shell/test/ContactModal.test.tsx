/**
 * Contact modal (spec §2): the domain's ContactBody validates before sending, errors are the
 * translated field messages, a failed send keeps what was typed, and a sent message is confirmed.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { apiClient, initI18n, landingStore, registerTranslationLoaders } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import { loaders } from '../src/i18n';
import { ContactModal } from '../src/layout/ContactModal';

// userEvent types character by character: slow on a busy machine.
jest.setTimeout(20_000);
initI18n('en');
registerTranslationLoaders('shell', loaders);

let post: jest.SpyInstance;
beforeEach(() => {
  post = jest.spyOn(apiClient, 'post');
  act(() => landingStore.getState().openModal('contactModal'));
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => landingStore.getState().closeModal('contactModal'));
});

const show = () => render(<ContactModal />, { wrapper: withQueryClient() });

test('invalid input is refused before sending, with translated messages per field', async () => {
  show();
  await userEvent.type(await screen.findByLabelText('Your name'), 'J');
  await userEvent.type(screen.getByLabelText('E-mail'), 'nope');
  await userEvent.type(screen.getByLabelText('Message'), 'short');
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('Enter your name (2–80 characters)')).toBeInTheDocument();
  expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
  expect(screen.getByText('The message must be at least 10 characters long')).toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Message')).toHaveValue('short');
  expect(post).not.toHaveBeenCalled();
});

test('a message over the limit has its own translated message', async () => {
  show();
  await userEvent.type(await screen.findByLabelText('Your name'), 'Jan');
  await userEvent.type(screen.getByLabelText('E-mail'), 'jan@example.com');
  await userEvent.click(screen.getByLabelText('Message'));
  await userEvent.paste('x'.repeat(4001));
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('The message can be at most 4000 characters long')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('a valid message is sent trimmed and confirmed', async () => {
  post.mockResolvedValue({ data: { ok: true, id: 1 } });
  show();
  await userEvent.type(await screen.findByLabelText('Your name'), ' Jan ');
  await userEvent.type(screen.getByLabelText('E-mail'), 'jan@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'Hello, a question about the game');
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('Thank you!')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('/contact', { name: 'Jan', email: 'jan@example.com', message: 'Hello, a question about the game' });
});

test('a failed send keeps what was typed and the button usable', async () => {
  const headers = new AxiosHeaders();
  post.mockRejectedValue(
    new AxiosError(
      'down',
      'ERR_BAD_RESPONSE',
      { headers } as never,
      {},
      {
        status: 503,
        statusText: '',
        headers,
        config: { headers } as never,
        data: { statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: 'down' },
      },
    ),
  );
  show();
  await userEvent.type(await screen.findByLabelText('Your name'), 'Jan');
  await userEvent.type(screen.getByLabelText('E-mail'), 'jan@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'Hello, a question about the game');
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(post).toHaveBeenCalled();
  expect(await screen.findByRole('button', { name: 'Send message' })).toBeEnabled();
  expect(screen.getByLabelText('Message')).toHaveValue('Hello, a question about the game');
  expect(screen.getByLabelText('Your name')).toHaveValue('Jan');
});

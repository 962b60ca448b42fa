import { act, render as rtlRender, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { apiClient, initI18n, registerTranslationLoaders } from '@landing/shared';
import { createTestQueryClient, withQueryClient } from '@landing/shared/testing';
import { loaders } from '../src/i18n';
import { FounderPack, type NewsletterConfig } from '../src/pages/FounderPack';

jest.mock('howler', () => ({ Howl: jest.fn(() => ({ play: jest.fn(), volume: jest.fn() })), Howler: { mute: jest.fn() } }));

// userEvent types character by character: slow on a busy machine.
jest.setTimeout(20_000);
initI18n('en');
registerTranslationLoaders('shell', loaders);

const render = (ui: ReactElement, options: Parameters<typeof rtlRender>[1] = { wrapper: withQueryClient() }) => rtlRender(ui, options);

const founder: NewsletterConfig = {
  active: true,
  kind: 'founder_pack',
  rewards: { euro: 50_000, energy: 300, free_keys: 3 },
  early_access: null,
  signups: 1,
};
const early: NewsletterConfig = {
  active: true,
  kind: 'early_access',
  rewards: { euro: 75_000, energy: 500, free_keys: 5 },
  early_access: { starts_at: '2026-12-11T16:00:00.000Z', energy: 1000 },
  signups: 41,
};

let get: jest.SpyInstance;
let post: jest.SpyInstance;
beforeEach(() => {
  get = jest.spyOn(apiClient, 'get');
  post = jest.spyOn(apiClient, 'post');
});
afterEach(() => jest.restoreAllMocks());

function apiError(status: number, error: string, message: string) {
  const headers = new AxiosHeaders();
  return new AxiosError(
    message,
    'ERR_BAD_REQUEST',
    { headers } as never,
    {},
    { status, statusText: '', headers, config: { headers } as never, data: { statusCode: status, error, message } },
  );
}

test('shows the founder-pack rewards of the server and the invite-friends bonus', async () => {
  get.mockResolvedValue({ data: founder });
  render(<FounderPack server="pl" />);
  expect(await screen.findByRole('heading', { name: 'Sign up now and get the founder pack' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('/newsletter', expect.anything());
  expect(screen.getByTestId('reward-euro')).toHaveAttribute('data-value', '50000');
  expect(screen.getByTestId('reward-energy')).toHaveAttribute('data-value', '300');
  expect(screen.getByTestId('reward-keys')).toHaveAttribute('data-value', '3');
  expect(screen.getByText('Invite friends, earn a bonus')).toBeInTheDocument();
  expect(screen.getByTestId('founder-count')).toHaveTextContent('1 player has already signed up');
  expect(screen.queryByTestId('early-access')).toBeNull();
});

test('early access shows its start date in server time and the energy prize', async () => {
  get.mockResolvedValue({ data: early });
  render(<FounderPack server="royal" />);
  // 16:00 UTC is 19:00 in Europe/Istanbul (spec §9 royal time zone)
  expect(await screen.findByTestId('early-access')).toHaveTextContent(
    'Early access starts on 11-12-2026 19:00 (Royal server time). Early players get an extra 1,000 energy.',
  );
  expect(screen.getByRole('heading', { name: 'Be the first on the pitch' })).toBeInTheDocument();
  expect(screen.getByTestId('founder-count')).toHaveTextContent('41 players have already signed up');
});

test('with no sign-ups yet it invites to be the first', async () => {
  get.mockResolvedValue({ data: { ...founder, signups: 0 } });
  render(<FounderPack server="pl" />);
  expect(await screen.findByTestId('founder-count')).toHaveTextContent('Be the first to sign up on this server!');
});

test('is hidden when the server has no open offer', async () => {
  get.mockResolvedValue({ data: { active: false, kind: null, rewards: null, early_access: null, signups: 0 } });
  const { container } = render(<FounderPack server="en" />);
  await waitFor(() => expect(get).toHaveBeenCalled());
  expect(container).toBeEmptyDOMElement();
});

test('is hidden when the API cannot be reached', async () => {
  get.mockRejectedValue(apiError(503, 'SERVICE_UNAVAILABLE', 'down'));
  const { container } = render(<FounderPack server="pl" />);
  await waitFor(() => expect(get).toHaveBeenCalled());
  expect(container).toBeEmptyDOMElement();
});

test('invalid input is refused before sending, with translated messages, and the typed text stays', async () => {
  get.mockResolvedValue({ data: founder });
  render(<FounderPack server="pl" />);
  await userEvent.type(await screen.findByLabelText('Your name'), 'J');
  await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
  await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
  // Validation loads the domain schema on first use: the messages come a moment after the click.
  expect(await screen.findByText('Enter your name (2–50 characters)')).toBeInTheDocument();
  expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
  expect(screen.getByLabelText('E-mail')).toHaveValue('not-an-email');
  expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(post).not.toHaveBeenCalled();
});

test('a valid sign-up is sent trimmed and confirmed; the counter goes up', async () => {
  get.mockResolvedValue({ data: founder });
  post.mockResolvedValue({ data: { ok: true, kind: 'founder_pack' } });
  render(<FounderPack server="pl" />);
  await userEvent.type(await screen.findByLabelText('Your name'), ' Jan ');
  await userEvent.type(screen.getByLabelText('E-mail'), 'jan@example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
  expect(post).toHaveBeenCalledWith('/newsletter', { name: 'Jan', email: 'jan@example.com' });
  expect(await screen.findByTestId('founder-done')).toHaveTextContent(
    'We will write to jan@example.com as soon as your founder pack is ready.',
  );
  expect(screen.getByTestId('founder-count')).toHaveTextContent('2 players have already signed up');
});

test('an address already signed up keeps the form with a translated message', async () => {
  get.mockResolvedValue({ data: founder });
  post.mockRejectedValue(apiError(409, 'ALREADY_SIGNED_UP', 'This e-mail address is already signed up'));
  render(<FounderPack server="pl" />);
  await userEvent.type(await screen.findByLabelText('Your name'), 'Jan');
  await userEvent.type(screen.getByLabelText('E-mail'), 'jan@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
  expect(await screen.findByText('This e-mail address is already signed up')).toBeInTheDocument();
  expect(screen.getByLabelText('Your name')).toHaveValue('Jan');
  expect(screen.getByRole('button', { name: 'Sign me up' })).toBeEnabled();
});

test('what a player typed before the page hydrated is what is sent, and it stays on the form', async () => {
  post.mockRejectedValue(apiError(409, 'ALREADY_SIGNED_UP', 'This e-mail address is already signed up'));
  const client = createTestQueryClient();
  client.setQueryData(['newsletter', 'pl'], founder);
  const wrapper = withQueryClient(undefined, client);
  // The server's HTML, typed into before React hydrates it.
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(wrapper({ children: <FounderPack server="pl" /> }));
  const typeInto = (id: string, value: string) => {
    const input = container.querySelector<HTMLInputElement>(`#${id}`)!;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  typeInto('founder-name', 'Jan early');
  typeInto('founder-email', 'jan.early@example.com');
  await act(async () => void render(<FounderPack server="pl" />, { container, hydrate: true, wrapper }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
  expect(post).toHaveBeenCalledWith('/newsletter', { name: 'Jan early', email: 'jan.early@example.com' });
  expect(await screen.findByText('This e-mail address is already signed up')).toBeInTheDocument();
  expect(screen.getByLabelText('Your name')).toHaveValue('Jan early');
  expect(screen.getByLabelText('E-mail')).toHaveValue('jan.early@example.com');
});

test('a failed refetch of the offer keeps the section and what was typed', async () => {
  get.mockResolvedValueOnce({ data: founder }).mockRejectedValue(apiError(503, 'SERVICE_UNAVAILABLE', 'down'));
  const client = createTestQueryClient();
  render(<FounderPack server="pl" />, { wrapper: withQueryClient(undefined, client) });
  await userEvent.type(await screen.findByLabelText('Your name'), 'Jan');
  await act(async () => {
    await client.refetchQueries({ queryKey: ['newsletter', 'pl'] });
    await new Promise((resolve) => setTimeout(resolve, 20)); // the cache notifies its observers a task later
  });
  expect(get).toHaveBeenCalledTimes(2);
  expect(screen.getByTestId('founder-pack')).toBeInTheDocument();
  expect(screen.getByLabelText('Your name')).toHaveValue('Jan');
});

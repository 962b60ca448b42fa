import './polyfills';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueryClient } from '@landing/shared/testing';
import { MemoryRouter, Route, Routes } from 'react-router';
import { apiClient, initI18n, landingStore, registerTranslationLoaders, setRuntimeConfig } from '@landing/shared';
import { loaders } from '../src/i18n';
import { Footer } from '../src/layout/Footer';
import { headerLinks } from '../src/layout/Header';
import { ServerSwitcher } from '../src/layout/ServerSwitcher';
import { AffiliatePage } from '../src/pages/AffiliatePage';
import { serversAnswer } from './fixtures';

initI18n('en');
registerTranslationLoaders('shell', loaders);

const SERVERS = serversAnswer([
  { value: 'pl', name: 'Legacy', status: 'open', gmt: 'GMT +1', region: 'centralEurope', time_zone: 'Europe/Warsaw' },
  { value: 'royal', name: 'Royal', status: 'new', gmt: 'GMT +3', region: 'easternEurope', time_zone: 'Europe/Istanbul' },
  { value: 'us', name: 'US', status: 'locked', gmt: 'GMT -6', region: 'americas', time_zone: 'America/Chicago' },
]);

function renderPage(path = '/royal/affiliate') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:server/affiliate" element={<AffiliatePage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient() },
  );
}

beforeEach(() => {
  jest.restoreAllMocks();
  setRuntimeConfig({});
  landingStore.setState({ userData: null, modals: { contactModal: false, authForm: false, twoFactorAuth: false } });
  landingStore.getState().setSelectedServer('royal');
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: SERVERS });
});

test('explains the partner link and the referral link of this server; a visitor is asked to log in for their own link', async () => {
  renderPage();
  const partner = screen.getByTestId('affiliate-partner');
  expect(within(partner).getByText(`${location.origin}/royal/join/p/your-site`)).toBeInTheDocument();
  await userEvent.click(within(partner).getByRole('button', { name: 'Become a partner' }));
  expect(landingStore.getState().modals.contactModal).toBe(true);
  const referral = screen.getByTestId('affiliate-referral');
  expect(within(referral).getByText(`${location.origin}/royal/join/ref/12345`)).toBeInTheDocument();
  await userEvent.click(within(referral).getByRole('button', { name: 'Log in' }));
  expect(landingStore.getState().modals.authForm).toBe(true);
});

test('a logged-in player sees and copies their own referral link', async () => {
  landingStore.getState().setUserData({ id: '4711', nickname: 'Striker', email: null, ovr: 60, server: 'royal' });
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderPage();
  expect(screen.getByLabelText('Your referral link')).toHaveValue(`${location.origin}/royal/join/ref/4711`);
  await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${location.origin}/royal/join/ref/4711`);
  expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
});

test('lists the servers with their status from the API: the locked one cannot be played, the current one is marked', async () => {
  renderPage();
  const locked = await screen.findByTestId('affiliate-server-us');
  expect(locked).toHaveTextContent('Locked: not open yet');
  expect(within(locked).queryByRole('link')).toBeNull();
  expect(screen.getByTestId('affiliate-server-royal')).toHaveTextContent('You are here');
  expect(within(screen.getByTestId('affiliate-server-pl')).getByRole('link', { name: 'Play on Legacy' })).toHaveAttribute('href', '/pl');
});

test('Affiliate and "Play on other servers" lead to this page unless the environment configures addresses', async () => {
  expect(headerLinks('royal').find((l) => l.name === 'affiliate')).toMatchObject({ path: '/royal/affiliate', isInternal: true });
  const { unmount } = render(<Footer />, { wrapper: withQueryClient(MemoryRouter) });
  expect(screen.getByRole('link', { name: 'Affiliate program' })).toHaveAttribute('href', '/royal/affiliate');
  unmount();
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  expect(await screen.findByTestId('other-servers')).toHaveAttribute('href', '/royal/affiliate#servers');
});

test('configured addresses (runtime config links) are used as they are', async () => {
  setRuntimeConfig({ links: { affiliate: 'https://partners.example/', otherServers: 'https://servers.example/' } as never });
  expect(headerLinks('pl').find((l) => l.name === 'affiliate')).toMatchObject({ path: 'https://partners.example/', isInternal: false });
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  expect(await screen.findByTestId('other-servers')).toHaveAttribute('href', 'https://servers.example/');
});

import './polyfills';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueryClient } from '@landing/shared/testing';
import { MemoryRouter } from 'react-router';
import { apiClient, initI18n, landingStore, registerTranslationLoaders } from '@landing/shared';
import { loaders } from '../src/i18n';
import { ServerSwitcher } from '../src/layout/ServerSwitcher';
import { chooseServer, mergeServerList, type ServerEntry } from '../src/layout/server-list';
import { API_SERVERS, serversAnswer } from './fixtures';

initI18n('en');
registerTranslationLoaders('shell', loaders);

beforeEach(() => {
  jest.restoreAllMocks();
  landingStore.getState().setSelectedServer('royal');
});

test('lists the servers with the status from the API: a locked server is dimmed, has a lock and cannot be chosen (spec §2)', async () => {
  const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ data: serversAnswer(API_SERVERS) });
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  // Nothing is fetched until the panel opens (a page load makes no extra request).
  expect(get).not.toHaveBeenCalled();
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  const locked = await screen.findByTestId('server-us');
  expect(get).toHaveBeenCalledWith('/servers', expect.anything());
  expect(locked).toBeDisabled();
  expect(locked).toHaveClass('is-locked');
  expect(within(locked).getByTestId('lock-icon')).toBeInTheDocument();
  expect(locked).toHaveAccessibleName(/US \(Locked\)/);
  expect(locked).toHaveTextContent('GMT -6');
  // Listed under its region.
  expect(within(screen.getByText('Americas').closest('.switcher__region') as HTMLElement).getByTestId('server-us')).toBe(locked);
  expect(screen.getByTestId('server-pl')).toBeEnabled();
  expect(within(screen.getByTestId('server-pl')).queryByTestId('lock-icon')).toBeNull();
});

test('a server the API reports locked is locked here too, and choosing a locked server does nothing', async () => {
  jest
    .spyOn(apiClient, 'get')
    .mockResolvedValue({ data: serversAnswer(API_SERVERS.map((s) => (s.value === 'classic' ? { ...s, status: 'locked' } : s))) });
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  expect(await screen.findByTestId('server-us')).toBeDisabled();
  expect(screen.getByTestId('server-classic')).toBeDisabled();
  const assign = jest.fn();
  chooseServer({ ...API_SERVERS[2]!, status: 'locked', timeZone: 'Atlantic/Azores', class: 'server-classic' }, assign);
  chooseServer({ ...API_SERVERS[4]!, timeZone: 'America/Chicago', class: 'server-us' }, assign);
  expect(assign).not.toHaveBeenCalled();
  expect(landingStore.getState().selectedServer).toBe('royal');
});

test('keeps the static list when the API does not answer', async () => {
  jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('down'));
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  expect(await screen.findByTestId('server-royal')).toBeEnabled();
  expect(screen.queryByTestId('server-us')).toBeNull();
});

test('a server the site cannot route is listed only when locked; en is dropped in production', () => {
  const unknownOpen: ServerEntry = { value: 'mars', name: 'Mars', status: 'open', gmt: 'GMT +0', region: 'americas', time_zone: 'UTC' };
  expect(mergeServerList([...API_SERVERS, unknownOpen], false).map((s) => s.value)).toEqual(['en', 'pl', 'classic', 'royal', 'us']);
  expect(mergeServerList(API_SERVERS, true).map((s) => s.value)).toEqual(['pl', 'classic', 'royal', 'us']);
});

/**
 * The switcher's panel is a chunk of its own (shell/src/layout/ServerSwitcher.tsx): when its code
 * cannot load (offline, never fetched), the open panel says so with "Try again", and the header
 * and the page keep working; "Try again" loads it.
 */
import './polyfills';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withQueryClient } from '@landing/shared/testing';
import { MemoryRouter } from 'react-router';
import { apiClient, initI18n, landingStore, registerTranslationLoaders } from '@landing/shared';
import { loaders } from '../src/i18n';
import { ServerSwitcher } from '../src/layout/ServerSwitcher';
import { API_SERVERS, serversAnswer } from './fixtures';

let mockOffline = true;
jest.mock('../src/layout/SwitcherPanel', () => {
  if (mockOffline) throw new Error('Loading chunk switcher failed (offline)');
  return jest.requireActual('../src/layout/SwitcherPanel');
});

initI18n('en');
registerTranslationLoaders('shell', loaders);

test('a panel whose code cannot load shows the unavailable notice; Try again brings the languages and servers', async () => {
  landingStore.getState().setSelectedServer('royal');
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: serversAnswer(API_SERVERS) });
  render(<ServerSwitcher />, { wrapper: withQueryClient(MemoryRouter) });
  await userEvent.click(screen.getByTestId('switcher-toggle'));
  expect(await screen.findByText('This section is temporarily unavailable')).toBeInTheDocument();
  expect(screen.getByTestId('switcher-toggle')).toHaveAttribute('aria-expanded', 'true');
  mockOffline = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('lang-de')).toBeInTheDocument();
  expect(await screen.findByTestId('server-us')).toBeDisabled();
  expect(screen.queryByText('This section is temporarily unavailable')).toBeNull();
});

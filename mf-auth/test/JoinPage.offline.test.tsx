/**
 * The join page opened in a navigation while the code of its register form and social buttons
 * cannot be loaded (offline, never fetched): the page shows what the game offers and a retry that
 * brings the form once its code loads.
 */
import './polyfills';
import { act, screen } from '@testing-library/react';
import { apiClient } from '@landing/shared';
import { providersAnswer } from './fixtures';
import { renderAt, resetStore } from './helpers';

let partsAvailable = false;
jest.mock('../src/components/join-parts', () => {
  if (!partsAvailable) throw new Error('Loading chunk join-parts failed (offline)');
  return jest.requireActual('../src/components/join-parts');
});

beforeEach(() => {
  resetStore();
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: providersAnswer([]) });
});

test('the page shows without its form, and "Try again" brings the form and the social buttons once their code loads', async () => {
  const { JoinPage } = await import('../src/components/JoinPage');
  await act(async () => void renderAt(<JoinPage server="royal" />, '/royal/join'));
  expect(await screen.findByTestId('register-form-unavailable')).toHaveTextContent('This section is temporarily unavailable');
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument(); // what the game offers is there
  expect(screen.queryByTestId('register-form')).toBeNull();

  partsAvailable = true;
  await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
  expect(await screen.findByTestId('register-form')).toBeInTheDocument();
  expect(screen.getByTestId('social-google')).toBeInTheDocument();
  expect(screen.queryByTestId('register-form-unavailable')).toBeNull();
});

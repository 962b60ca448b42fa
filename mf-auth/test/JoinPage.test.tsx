import './polyfills';
import { act, screen } from '@testing-library/react';
import { apiClient, getCookie, landingStore } from '@landing/shared';
import { JoinPage } from '../src/components/JoinPage';
import { referralCookieName } from '../src/lib/register-params';
import { providersAnswer } from './fixtures';
import { renderAt, resetStore } from './helpers';

beforeEach(() => {
  resetStore();
  jest.restoreAllMocks();
  jest.spyOn(apiClient, 'get').mockResolvedValue({ data: providersAnswer([]) });
});

test('partner link: the partner is kept in the register params and shown', async () => {
  // Rendered in the browser (a navigation): the page waits for the form's chunk.
  await act(async () => void renderAt(<JoinPage server="royal" partner="fm-partner" />, '/royal/join/p/fm-partner'));
  expect(await screen.findByTestId('register-form')).toBeInTheDocument();
  expect(landingStore.getState().availableRegisterParams.partner).toBe('fm-partner');
  expect(screen.getByTestId('join-partner')).toHaveTextContent('Invited by our partner fm-partner');
});

test('referral link: ref_id_track + the per-server referral cookie (ref_id_{server}, _dev outside production)', async () => {
  landingStore.getState().setRegisterParams({ click_id: 'c-55' });
  await act(async () => void renderAt(<JoinPage server="pl" refId="1234" />, '/pl/join/ref/1234'));
  await screen.findByTestId('register-form');
  expect(referralCookieName('pl')).toBe('ref_id_pl_dev');
  expect(referralCookieName('pl', true)).toBe('ref_id_pl');
  expect(getCookie('ref_id_pl_dev')).toBe('1234');
  expect(getCookie('ref_id_track')).toBe('1234');
  expect(getCookie('click_id_track')).toBe('c-55');
  expect(screen.getByTestId('join-referral')).toBeInTheDocument();
});

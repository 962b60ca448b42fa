import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCookie, initI18n, landingStore, registerTranslationLoaders, removeCookie, setCookie } from '@landing/shared';
import { loaders } from '../src/i18n';
import { AGE_NOTICE_KEY, BottomNotices } from '../src/layout/BottomNotices';

initI18n('en');
registerTranslationLoaders('shell', loaders);

beforeEach(() => {
  removeCookie('cookie_consent');
  localStorage.clear();
  landingStore.getState().setPwa({ installAvailable: false });
});

test('the cookie banner shows once: the choice is remembered in the cookie_consent cookie', async () => {
  const { unmount } = render(<BottomNotices />);
  expect(screen.getByRole('region', { name: 'We use cookies' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
  expect(getCookie('cookie_consent')).toBe('all');
  expect(screen.queryByTestId('cookie-banner')).toBeNull();
  unmount();
  render(<BottomNotices />); // next page load
  expect(screen.queryByTestId('cookie-banner')).toBeNull();
});

test('"Necessary only" is remembered too', async () => {
  render(<BottomNotices />);
  await userEvent.click(screen.getByRole('button', { name: 'Necessary only' }));
  expect(getCookie('cookie_consent')).toBe('necessary');
});

test('after the cookie choice, the age/language warning (mild profanity) shows once', async () => {
  setCookie('cookie_consent', 'all', 3600);
  const { unmount } = render(<BottomNotices />);
  const notice = screen.getByTestId('age-notice');
  expect(notice).toHaveTextContent('12+');
  expect(notice).toHaveTextContent('mild profanity');
  await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
  expect(localStorage.getItem(AGE_NOTICE_KEY)).toBe('1');
  expect(screen.queryByTestId('age-notice')).toBeNull();
  unmount();
  render(<BottomNotices />);
  expect(screen.queryByTestId('age-notice')).toBeNull();
});

test('the install offer shows while a prompt is available and "Not now" clears it', async () => {
  setCookie('cookie_consent', 'all', 3600);
  localStorage.setItem(AGE_NOTICE_KEY, '1');
  render(<BottomNotices />);
  expect(screen.queryByTestId('install-offer')).toBeNull();
  act(() => landingStore.getState().setPwa({ installAvailable: true }));
  expect(screen.getByRole('region', { name: 'Install Football Team' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
  expect(landingStore.getState().pwa.installAvailable).toBe(false);
  expect(screen.queryByTestId('install-offer')).toBeNull();
});

test('first visit, one message at a time: the offline-ready toast waits for the cookie banner and the age notice', async () => {
  const { ToastContainer } = await import('react-toastify');
  const { PwaStatus } = await import('../src/pwa/PwaStatus');
  landingStore.getState().setPwa({ offlineReady: true });
  render(
    <>
      <BottomNotices />
      <PwaStatus />
      <ToastContainer />
    </>,
  );
  expect(screen.getByTestId('cookie-banner')).toBeInTheDocument();
  expect(screen.queryByText('The site is ready to work offline')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
  expect(screen.getByTestId('age-notice')).toBeInTheDocument();
  expect(screen.queryByText('The site is ready to work offline')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'I understand' }));
  expect(await screen.findByText('The site is ready to work offline')).toBeInTheDocument();
  landingStore.getState().setPwa({ offlineReady: false });
});

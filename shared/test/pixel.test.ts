import Cookies from 'js-cookie';
import { setRuntimeConfig } from '../src/runtime-config';
import { trackPixelEvent } from '../src/pixel';

const g = globalThis as { fbq?: unknown };

afterEach(() => {
  delete g.fbq;
  Cookies.remove('cookie_consent');
  setRuntimeConfig({});
});

test('sends nothing outside production, even with the pixel present', () => {
  const fbq = jest.fn();
  g.fbq = fbq;
  setRuntimeConfig({ production: false });
  expect(trackPixelEvent('Lead')).toBe(false);
  expect(fbq).not.toHaveBeenCalled();
});

test('sends nothing in production when the pixel is absent, and does not throw', () => {
  setRuntimeConfig({ production: true });
  expect(trackPixelEvent('Lead')).toBe(false);
  g.fbq = 'not a function';
  expect(trackPixelEvent('Lead')).toBe(false);
});

test('in production with the pixel: standard events via track, others via trackCustom, with params', () => {
  const fbq = jest.fn();
  g.fbq = fbq;
  setRuntimeConfig({ production: true });
  expect(trackPixelEvent('Lead', { server: 'royal' })).toBe(true);
  expect(trackPixelEvent('FounderPackSignup')).toBe(true);
  expect(fbq.mock.calls).toEqual([
    ['track', 'Lead', { server: 'royal' }],
    ['trackCustom', 'FounderPackSignup'],
  ]);
});

test('respects "necessary cookies only"', () => {
  const fbq = jest.fn();
  g.fbq = fbq;
  setRuntimeConfig({ production: true });
  Cookies.set('cookie_consent', 'necessary');
  expect(trackPixelEvent('Lead')).toBe(false);
  Cookies.set('cookie_consent', 'all');
  expect(trackPixelEvent('Lead')).toBe(true);
  expect(fbq).toHaveBeenCalledTimes(1);
});

test('a throwing pixel never breaks the page', () => {
  g.fbq = () => {
    throw new Error('blocked');
  };
  setRuntimeConfig({ production: true });
  expect(trackPixelEvent('Lead')).toBe(false);
});

import { allowGuardedReload, isIosNonSafari, isStandaloneApp } from '../src/pwa';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_WEBVIEW = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPAD_WEBVIEW = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Mobile Safari/537.36';

const env = (ua: string, standaloneMedia = false, iosStandalone?: boolean) => ({
  matchMedia: (q: string) => ({ matches: standaloneMedia && q === '(display-mode: standalone)' }),
  navigator: { userAgent: ua, standalone: iosStandalone },
});

test('an iPhone/iPad browser without Safari in its agent counts as installed (spec §1)', () => {
  expect(isIosNonSafari(IPHONE_WEBVIEW)).toBe(true);
  expect(isIosNonSafari(IPAD_WEBVIEW)).toBe(true);
  expect(isIosNonSafari(IPHONE_SAFARI)).toBe(false);
  expect(isIosNonSafari(ANDROID)).toBe(false);
  expect(isStandaloneApp(env(IPHONE_WEBVIEW))).toBe(true);
  expect(isStandaloneApp(env(IPHONE_SAFARI))).toBe(false);
});

test('display-mode standalone and navigator.standalone count as installed', () => {
  expect(isStandaloneApp(env(ANDROID, true))).toBe(true);
  expect(isStandaloneApp(env(IPHONE_SAFARI, false, true))).toBe(true);
  expect(isStandaloneApp(env(ANDROID))).toBe(false);
});

test('the reload guard allows one reload per 10000 ms (spec §9), so a worker cannot reload in a loop', () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  expect(allowGuardedReload(storage, 100_000, 10_000)).toBe(true);
  expect(allowGuardedReload(storage, 105_000, 10_000)).toBe(false);
  expect(allowGuardedReload(storage, 109_999, 10_000)).toBe(false);
  expect(allowGuardedReload(storage, 110_000, 10_000)).toBe(true);
  expect(allowGuardedReload(storage, 50_000, 10_000)).toBe(true); // clock went back: not stuck
});

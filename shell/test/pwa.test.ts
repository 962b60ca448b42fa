import { landingStore } from '@landing/shared';
import { guardedReload, loadedAssets, shouldRegister, urlsToKeep, wireWorkbox } from '../src/pwa/register-worker';
import { INSTALL_DISMISSED_KEY, dismissInstall, promptInstall, trackInstallState } from '../src/pwa/install';

type Handler = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;
function fakeWorkbox(register: () => Promise<unknown>) {
  const handlers: Record<string, Handler[]> = {};
  return {
    handlers,
    fire: (name: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => handlers[name]?.forEach((h) => h(event)),
    addEventListener: (name: string, h: Handler) => void (handlers[name] ??= []).push(h),
    register,
  };
}
const flags = () => landingStore.getState().pwa;
const reset = () =>
  landingStore
    .getState()
    .setPwa({ refreshAvailable: false, offlineReady: false, swError: false, standalone: false, installAvailable: false });

beforeEach(() => {
  reset();
  sessionStorage.clear();
  localStorage.clear();
});

describe('service worker flags (spec §1)', () => {
  test('first install raises offline-ready; a waiting worker raises refresh-available', async () => {
    const wb = fakeWorkbox(async () => ({}));
    await wireWorkbox(wb as never, jest.fn());
    wb.fire('installed', { isUpdate: false });
    expect(flags().offlineReady).toBe(true);
    expect(flags().refreshAvailable).toBe(false);
    wb.fire('waiting', { isUpdate: true });
    expect(flags().refreshAvailable).toBe(true);
    expect(flags().swError).toBe(false);
  });

  /** A stand-in for `navigator.serviceWorker`: the page's controller, set by the test. */
  const container = (controller: string | null = null) => ({ controller: controller as unknown as ServiceWorker | null });
  const worker = (name: string) => name as unknown as ServiceWorker;

  test('the first worker taking control of a page loaded from the network never reloads it, even one another page installed', async () => {
    const reload = jest.fn();
    const onFirstControl = jest.fn();
    const sw = container(null);
    const wb = fakeWorkbox(async () => ({}));
    await wireWorkbox(wb as never, reload, { container: sw, onFirstControl });
    sw.controller = worker('first');
    wb.fire('controlling', { isExternal: true }); // installed by the page read before this one
    expect(reload).not.toHaveBeenCalled();
    expect(onFirstControl).toHaveBeenCalledTimes(1);
  });

  test('a worker replacing the one the page ran under reloads it, at most once per 10000 ms', async () => {
    const reload = jest.fn();
    const onFirstControl = jest.fn();
    const sw = container('v1');
    const wb = fakeWorkbox(async () => ({}));
    await wireWorkbox(wb as never, reload, { container: sw, onFirstControl });
    sw.controller = worker('v2');
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    sw.controller = worker('v3');
    wb.fire('controlling', { isExternal: true }); // within the guard time
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onFirstControl).not.toHaveBeenCalled();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 10_001);
    expect(guardedReload(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    (Date.now as jest.Mock).mockRestore();
  });

  test('a page that a first worker took before workbox listened is kept once, and its later update reloads it', async () => {
    const reload = jest.fn();
    const onFirstControl = jest.fn();
    const sw = container(null);
    const wb = fakeWorkbox(async () => {
      sw.controller = worker('first'); // claimed while registering
      return {};
    });
    await wireWorkbox(wb as never, reload, { container: sw, startedUnder: null, onFirstControl });
    expect(onFirstControl).toHaveBeenCalledTimes(1);
    wb.fire('controlling', { isExternal: true }); // the event of that same takeover
    expect(onFirstControl).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    sw.controller = worker('second');
    wb.fire('controlling', { isExternal: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('the first worker is asked to keep the pages read, as pages, and what they loaded except the API reads refetched instead', () => {
    const resources = [
      { name: 'http://localhost:3000/assets/main.0123456789.js', initiatorType: 'script' },
      { name: 'http://localhost:3002/1.0.0/mf-manifest.json', initiatorType: 'fetch' },
      { name: 'http://localhost:3002/1.0.0/assets/85.1581315e4b.css', initiatorType: 'link' },
      { name: 'http://localhost:4000/royal/news-images/27.svg?v=1', initiatorType: 'img' },
      { name: 'http://localhost:4000/royal/news?page=1&per_page=9', initiatorType: 'fetch' },
      { name: 'http://localhost:4000/royal/stats', initiatorType: 'xmlhttprequest' },
      { name: 'http://localhost:3000/assets/main.0123456789.js', initiatorType: 'script' },
      { name: 'data:image/png;base64,AAAA', initiatorType: 'img' },
    ];
    const assets = loadedAssets(resources);
    expect(assets).toEqual([
      'http://localhost:3000/assets/main.0123456789.js',
      'http://localhost:3002/1.0.0/mf-manifest.json',
      'http://localhost:3002/1.0.0/assets/85.1581315e4b.css',
      'http://localhost:4000/royal/news-images/27.svg?v=1',
    ]);
    const pages = ['http://localhost:3000/royal/news', 'http://localhost:3000/royal/news/a', 'http://localhost:3000/royal/news'];
    expect(urlsToKeep({ pages, assets: [...assets, assets[0]!] })).toEqual([
      ['http://localhost:3000/royal/news', { headers: { Accept: 'text/html' } }],
      ['http://localhost:3000/royal/news/a', { headers: { Accept: 'text/html' } }],
      ...assets,
    ]);
  });

  test('a registration failure sets the error flag', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await wireWorkbox(fakeWorkbox(() => Promise.reject(new Error('SecurityError'))) as never, jest.fn());
    expect(flags().swError).toBe(true);
    warn.mockRestore();
  });

  test('registers only in production builds with service-worker support', () => {
    const env = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(shouldRegister({ serviceWorker: {} } as unknown as Navigator)).toBe(true);
      expect(shouldRegister({} as Navigator)).toBe(false);
      process.env.NODE_ENV = 'development';
      expect(shouldRegister({ serviceWorker: {} } as unknown as Navigator)).toBe(false);
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});

describe('install offer (spec §1)', () => {
  function promptEvent(outcome: 'accepted' | 'dismissed') {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: jest.Mock; userChoice: Promise<unknown> };
    event.prompt = jest.fn(async () => undefined);
    event.userChoice = Promise.resolve({ outcome, platform: 'web' });
    return event;
  }

  test('captures the prompt, offers install, and clears the offer once installed', async () => {
    const stop = trackInstallState(window);
    const event = promptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(flags().installAvailable).toBe(true);
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(event.prompt).toHaveBeenCalled();
    expect(flags()).toMatchObject({ installAvailable: false, standalone: true });
    stop();
  });

  test('a cancelled install dialog clears the offer too', async () => {
    const stop = trackInstallState(window);
    window.dispatchEvent(promptEvent('dismissed'));
    await expect(promptInstall()).resolves.toBe('dismissed');
    expect(flags()).toMatchObject({ installAvailable: false, standalone: false });
    stop();
  });

  test('appinstalled clears the offer and marks standalone; "not now" snoozes the offer', () => {
    const stop = trackInstallState(window);
    window.dispatchEvent(promptEvent('accepted'));
    window.dispatchEvent(new Event('appinstalled'));
    expect(flags()).toMatchObject({ installAvailable: false, standalone: true });
    reset();
    dismissInstall();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
    window.dispatchEvent(promptEvent('accepted'));
    expect(flags().installAvailable).toBe(false);
    stop();
  });

  test('an iPhone browser without Safari in its agent counts as installed', () => {
    const ua = jest
      .spyOn(window.navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148');
    const stop = trackInstallState(window);
    expect(flags().standalone).toBe(true);
    stop();
    ua.mockRestore();
  });
});

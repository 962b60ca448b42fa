/**
 * Tester overrides and the delivery runtime hook of the shell's remote registry:
 * `?mf_override=` pins a remote for one browser, the badge shows it with the loaded version and
 * resets it in one click; a remote's manifest reports its version and incompatible singletons.
 */
import '../shell/test/polyfills';
import { act, createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { registerRemotes } from '../shell/src/remotes/runtime-host';
import { changeLocale, initI18n, registerTranslationLoaders } from '@landing/shared';
import { loaders } from '../shell/src/i18n';
import { OverrideBadge } from '../shell/src/remotes/OverrideBadge';
import {
  OVERRIDES_STORAGE_KEY,
  clearOverrides,
  compatMajor,
  deliveryPlugin,
  isTrustedManifestUrl,
  keepOverrides,
  loadAndRegisterRemotes,
  readOverrides,
  remoteInfo,
  sharedMajorMismatches,
  versionFromManifestUrl,
} from '../shell/src/remotes/registry';

initI18n('en');
registerTranslationLoaders('shell', loaders);

const ENV_MAP = {
  mf_leaderboard: 'http://static.test/mf-leaderboard/1.0.0/mf-manifest.json',
  mf_news: 'http://static.test/mf-news/1.0.0/mf-manifest.json',
};
const RC = 'http://static.test/mf-leaderboard/1.1.0/mf-manifest.json';
const EVIL = 'http://evil.test/x/mf-manifest.json';
/** config.json of a staging-like environment: trusts the static host of published remotes. */
const STAGING = { production: false, trustedRemoteOrigins: ['http://static.test'] };
const storages = () => ({ session: sessionStorage, local: localStorage });

function mockRemotesJson(map: object) {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => map })) as unknown as typeof fetch;
}
function setSearch(search: string) {
  window.history.replaceState(null, '', `/royal${search}`);
}
function emitManifest(name: string, version: string, shared: Array<{ name: string; version: string }>, hostShared: object) {
  const plugin = deliveryPlugin() as unknown as { loadRemoteSnapshot: (a: object) => object };
  const args = {
    options: { shared: hostShared },
    moduleInfo: { name },
    manifestJson: { name, metaData: { buildInfo: { buildVersion: version } }, shared },
  };
  return plugin.loadRemoteSnapshot(args);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  (registerRemotes as jest.Mock).mockClear();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('versions are read from versioned manifest URLs only', () => {
  expect(versionFromManifestUrl(RC)).toBe('1.1.0');
  expect(versionFromManifestUrl('/mf-news/2.0.0-rc.1/mf-manifest.json?x=1')).toBe('2.0.0-rc.1');
  expect(versionFromManifestUrl('http://x/latest/mf-manifest.json')).toBeNull();
});

test('only manifests on a trusted origin are accepted (exact scheme, host and port)', () => {
  const trusted = ['http://static.test', 'https://cdn.test:8443'];
  expect(isTrustedManifestUrl(RC, trusted, 'http://shell.test/')).toBe(true);
  expect(isTrustedManifestUrl('https://cdn.test:8443/a/1.0.0/mf-manifest.json', trusted, 'http://shell.test/')).toBe(true);
  expect(isTrustedManifestUrl(EVIL, trusted, 'http://shell.test/')).toBe(false);
  expect(isTrustedManifestUrl('https://static.test/x/mf-manifest.json', trusted, 'http://shell.test/')).toBe(false); // other scheme
  expect(isTrustedManifestUrl('http://static.test:8080/x/mf-manifest.json', trusted, 'http://shell.test/')).toBe(false); // other port
  expect(isTrustedManifestUrl('http://static.test.evil.test/x/mf-manifest.json', trusted, 'http://shell.test/')).toBe(false);
  expect(isTrustedManifestUrl('/mf-news/1.0.0/mf-manifest.json', trusted, 'http://shell.test/')).toBe(false); // the shell's own origin is not trusted by default
  expect(isTrustedManifestUrl('/mf-news/1.0.0/mf-manifest.json', ['http://shell.test'], 'http://shell.test/royal')).toBe(true);
  expect(isTrustedManifestUrl(RC, [], 'http://shell.test/')).toBe(false); // no allow-list: nothing
});

test('a query override lasts for the browser session only, and joins kept ones once they are kept', () => {
  const fresh = readOverrides(
    `?mf_override=mf_leaderboard@${encodeURIComponent(RC)}&mf_override=evil@http://x`,
    storages(),
    ['http://static.test'],
    'http://shell.test/',
  );
  expect(fresh).toEqual({ overrides: { mf_leaderboard: RC }, kept: false, refused: [] });
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(JSON.parse(sessionStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual({ mf_leaderboard: RC });

  sessionStorage.clear();
  localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: 'http://static.test/mf-news/2.0.0/mf-manifest.json' }));
  const got = readOverrides(
    `?mf_override=mf_leaderboard@${encodeURIComponent(RC)}`,
    storages(),
    ['http://static.test'],
    'http://shell.test/',
  );
  expect(got).toEqual({
    overrides: { mf_news: 'http://static.test/mf-news/2.0.0/mf-manifest.json', mf_leaderboard: RC },
    kept: true,
    refused: [],
  });
  expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual(got.overrides);
});

test('an override from an untrusted origin is refused, never stored, and a planted one is dropped', () => {
  const got = readOverrides(`?mf_override=mf_news@${encodeURIComponent(EVIL)}`, storages(), ['http://static.test'], 'http://shell.test/');
  expect(got).toEqual({ overrides: {}, kept: false, refused: [EVIL] });
  expect(sessionStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();

  // stored by an older shell that accepted any URL: dropped on the next start
  localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: EVIL, mf_leaderboard: RC }));
  const later = readOverrides('', storages(), ['http://static.test'], 'http://shell.test/');
  expect(later.overrides).toEqual({ mf_leaderboard: RC });
  expect(later.refused).toEqual([EVIL]);
  expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual({ mf_leaderboard: RC });
});

test('keep moves the overrides from the session to localStorage', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(STAGING);
  expect(remoteInfo().overridesKept).toBe(false);
  keepOverrides(storages());
  expect(remoteInfo().overridesKept).toBe(true);
  expect(sessionStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual({ mf_leaderboard: RC });
});

test('outside production the override replaces the environment entry of that remote only', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  const { map } = await loadAndRegisterRemotes(STAGING);
  expect(map).toEqual({ ...ENV_MAP, mf_leaderboard: RC });
  expect(remoteInfo().overrides).toEqual({ mf_leaderboard: RC });
  const registered = (registerRemotes as jest.Mock).mock.calls[0][0] as Array<{ name: string; entry: string }>;
  expect(registered.find((r) => r.name === 'mf_leaderboard')!.entry).toBe(RC);
});

test('an untrusted override registers nothing of its own and is shown as refused', async () => {
  mockRemotesJson(ENV_MAP);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  setSearch(`?mf_override=mf_news@${encodeURIComponent(EVIL)}`);
  expect((await loadAndRegisterRemotes(STAGING)).map).toEqual(ENV_MAP);
  const registered = (registerRemotes as jest.Mock).mock.calls[0][0] as Array<{ name: string; entry: string }>;
  expect(registered.map((r) => r.entry)).not.toContain(EVIL);
  expect(warn.mock.calls[0]![0]).toMatch(/tester override refused: http:\/\/evil\.test\/x\/mf-manifest\.json/);
  render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  expect(screen.getByTestId('override-refused')).toHaveTextContent('Refused: http://evil.test is not a trusted origin');
});

test('production ignores overrides, from the query and from storage, even with an allow-list', async () => {
  mockRemotesJson(ENV_MAP);
  localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: RC }));
  sessionStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: RC }));
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  expect((await loadAndRegisterRemotes({ production: true, trustedRemoteOrigins: ['http://static.test'] })).map).toEqual(ENV_MAP);
  expect(remoteInfo().overrides).toEqual({});
});

test('the badge lists the pinned remote with its loaded version and resets in one click', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?lang=x&mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(STAGING);
  render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  const badge = screen.getByRole('complementary', { name: 'Test versions in this browser' });
  expect(badge).toHaveTextContent('mf_leaderboard 1.1.0'); // from the URL until the manifest arrives
  expect(screen.getByTestId('override-status-link')).toHaveAttribute('href', '/royal/composition');
  act(() => void emitManifest('mf_leaderboard', '1.1.0-rc.2', [], {}));
  expect(screen.getByTestId('override-mf_leaderboard')).toHaveTextContent('mf_leaderboard 1.1.0-rc.2');

  const replace = jest.fn();
  const loc = { href: window.location.href, replace };
  clearOverrides(storages(), loc);
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(sessionStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(replace).toHaveBeenCalledWith('http://localhost/royal?lang=x');
});

test('the reset button is a labelled button in every locale', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(STAGING);
  await act(async () => void (await changeLocale('de')));
  render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  expect(screen.getByRole('button', { name: 'Testversionen zurücksetzen und neu laden' })).toHaveTextContent('Zurücksetzen');
  await act(async () => void (await changeLocale('en')));
});

test('clicking reset reloads without the override', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(STAGING);
  render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  // jsdom cannot navigate: the click must at least forget the stored overrides before reloading.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Reset test versions and reload' }));
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(sessionStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
});

test('the badge moves above a bottom notice (cookie banner) and back down when it goes', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(STAGING);
  render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  const badge = screen.getByTestId('override-badge');
  expect(badge.style.bottom).toBe('');
  const notices = document.createElement('div');
  notices.className = 'bottom-notices';
  notices.getBoundingClientRect = () => ({ height: 180 }) as DOMRect;
  const notice = document.createElement('div');
  notice.className = 'notice';
  await act(async () => {
    notices.append(notice);
    document.body.append(notices);
  });
  expect(badge.style.bottom).toBe('188px');
  await act(async () => notice.remove());
  expect(badge.style.bottom).toBe('');
  notices.remove();
});

test('without overrides the badge renders nothing', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch('');
  await loadAndRegisterRemotes(STAGING);
  const { container } = render(createElement(MemoryRouter, null, createElement(OverrideBadge)));
  expect(container).toBeEmptyDOMElement();
});

describe('shared singleton majors', () => {
  const host = {
    react: [{ version: '19.3.1', from: 'shell' }],
    'react-i18next': [{ version: '17.1.13', from: 'shell' }],
    zustand: [{ version: '5.1.0', from: 'shell' }],
  };

  test('compatible majors are quiet, another major is reported in the console', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    emitManifest(
      'mf_news',
      '1.0.0',
      [
        { name: 'react', version: '19.0.0' },
        { name: 'zustand', version: '5.2.0' },
      ],
      host,
    );
    expect(error).not.toHaveBeenCalled();
    const out = emitManifest(
      'mf_bets',
      '1.0.0',
      [
        { name: 'react', version: '18.3.1' },
        { name: 'react-i18next', version: '17.0.0' },
      ],
      host,
    );
    expect(out).toMatchObject({ moduleInfo: { name: 'mf_bets' } }); // the waterfall hook passes its args on
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/mf_bets was built with react@18\.3\.1, the shell provides 19\.3\.1/);
    expect(remoteInfo().sharedMismatches).toContainEqual({
      remote: 'mf_bets',
      name: 'react',
      remoteVersion: '18.3.1',
      hostVersion: '19.3.1',
    });
    expect(remoteInfo().versions.mf_bets).toBe('1.0.0');
  });

  test('0.x versions compare on the minor, like caret ranges', () => {
    expect(compatMajor('0.17.1')).toBe('0.17');
    expect(compatMajor('^19.3.1')).toBe('19');
    expect(sharedMajorMismatches('mf_x', [{ name: 'lib', version: '0.18.0' }], { lib: '0.17.1' })).toHaveLength(1);
    expect(sharedMajorMismatches('mf_x', [{ name: 'lib', version: '0.17.9' }], { lib: '0.17.1' })).toEqual([]);
  });
});

/**
 * Tester overrides and the delivery runtime hook of the shell's remote registry (issue 7):
 * `?mf_override=` pins a remote for one browser, the badge shows it with the loaded version and
 * resets it in one click; a remote's manifest reports its version and incompatible singletons.
 */
import { act, createElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { i18n, initI18n, registerTranslations } from '@landing/shared';
import { bundles } from '../shell/src/i18n';
import { OverrideBadge } from '../shell/src/remotes/OverrideBadge';
import {
  OVERRIDES_STORAGE_KEY,
  clearOverrides,
  compatMajor,
  deliveryPlugin,
  loadAndRegisterRemotes,
  readOverrides,
  remoteInfo,
  sharedMajorMismatches,
  versionFromManifestUrl,
} from '../shell/src/remotes/registry';

initI18n('en');
registerTranslations('shell', bundles);

const ENV_MAP = { mf_leaderboard: 'http://static.test/mf-leaderboard/1.0.0/mf-manifest.json', mf_news: 'http://static.test/mf-news/1.0.0/mf-manifest.json' };
const RC = 'http://static.test/mf-leaderboard/1.1.0/mf-manifest.json';

function mockRemotesJson(map: object) {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => map })) as unknown as typeof fetch;
}
function setSearch(search: string) {
  window.history.replaceState(null, '', `/royal${search}`);
}
function emitManifest(name: string, version: string, shared: Array<{ name: string; version: string }>, hostShared: object) {
  const plugin = deliveryPlugin() as unknown as { loadRemoteSnapshot: (a: object) => object };
  const args = { options: { shared: hostShared }, moduleInfo: { name }, manifestJson: { name, metaData: { buildInfo: { buildVersion: version } }, shared } };
  return plugin.loadRemoteSnapshot(args);
}

beforeEach(() => {
  localStorage.clear();
  (registerRemotes as jest.Mock).mockClear();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('versions are read from versioned manifest URLs only', () => {
  expect(versionFromManifestUrl(RC)).toBe('1.1.0');
  expect(versionFromManifestUrl('/mf-news/2.0.0-rc.1/mf-manifest.json?x=1')).toBe('2.0.0-rc.1');
  expect(versionFromManifestUrl('http://x/latest/mf-manifest.json')).toBeNull();
});

test('a query override wins over localStorage and is remembered', () => {
  localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: 'http://a/2.0.0/mf-manifest.json' }));
  const got = readOverrides(`?mf_override=mf_leaderboard@${encodeURIComponent(RC)}&mf_override=evil@http://x`, localStorage);
  expect(got).toEqual({ mf_news: 'http://a/2.0.0/mf-manifest.json', mf_leaderboard: RC });
  expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual(got);
});

test('outside production the override replaces the environment entry of that remote only', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  const map = await loadAndRegisterRemotes(false);
  expect(map).toEqual({ ...ENV_MAP, mf_leaderboard: RC });
  expect(remoteInfo().overrides).toEqual({ mf_leaderboard: RC });
  const registered = (registerRemotes as jest.Mock).mock.calls[0][0] as Array<{ name: string; entry: string }>;
  expect(registered.find((r) => r.name === 'mf_leaderboard')!.entry).toBe(RC);
});

test('production ignores overrides, from the query and from localStorage', async () => {
  mockRemotesJson(ENV_MAP);
  localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ mf_news: RC }));
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  expect(await loadAndRegisterRemotes(true)).toEqual(ENV_MAP);
  expect(remoteInfo().overrides).toEqual({});
});

test('the badge lists the pinned remote with its loaded version and resets in one click', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?lang=x&mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(false);
  render(createElement(OverrideBadge));
  const badge = screen.getByRole('complementary', { name: 'Test versions in this browser' });
  expect(badge).toHaveTextContent('mf_leaderboard 1.1.0'); // from the URL until the manifest arrives
  act(() => void emitManifest('mf_leaderboard', '1.1.0-rc.2', [], {}));
  expect(screen.getByTestId('override-mf_leaderboard')).toHaveTextContent('mf_leaderboard 1.1.0-rc.2');

  const replace = jest.fn();
  const loc = { href: window.location.href, replace };
  clearOverrides(localStorage, loc);
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  expect(replace).toHaveBeenCalledWith('http://localhost/royal?lang=x');
});

test('the reset button is a labelled button in every locale', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(false);
  await act(async () => void (await i18n.changeLanguage('de')));
  render(createElement(OverrideBadge));
  expect(screen.getByRole('button', { name: 'Testversionen zurücksetzen und neu laden' })).toHaveTextContent('Zurücksetzen');
  await act(async () => void (await i18n.changeLanguage('en')));
});

test('clicking reset reloads without the override', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(false);
  render(createElement(OverrideBadge));
  // jsdom cannot navigate: the click must at least forget the stored overrides before reloading.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Reset test versions and reload' }));
  expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
});

test('the badge moves above a bottom notice (cookie banner) and back down when it goes', async () => {
  mockRemotesJson(ENV_MAP);
  setSearch(`?mf_override=mf_leaderboard@${RC}`);
  await loadAndRegisterRemotes(false);
  render(createElement(OverrideBadge));
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
  await loadAndRegisterRemotes(false);
  const { container } = render(createElement(OverrideBadge));
  expect(container).toBeEmptyDOMElement();
});

describe('shared singleton majors', () => {
  const host = { react: [{ version: '19.3.1', from: 'shell' }], 'react-i18next': [{ version: '17.1.13', from: 'shell' }], zustand: [{ version: '5.1.0', from: 'shell' }] };

  test('compatible majors are quiet, another major is reported in the console', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    emitManifest('mf_news', '1.0.0', [{ name: 'react', version: '19.0.0' }, { name: 'zustand', version: '5.2.0' }], host);
    expect(error).not.toHaveBeenCalled();
    const out = emitManifest('mf_bets', '1.0.0', [{ name: 'react', version: '18.3.1' }, { name: 'react-i18next', version: '17.0.0' }], host);
    expect(out).toMatchObject({ moduleInfo: { name: 'mf_bets' } }); // the waterfall hook passes its args on
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/mf_bets was built with react@18\.3\.1, the shell provides 19\.3\.1/);
    expect(remoteInfo().sharedMismatches).toContainEqual({ remote: 'mf_bets', name: 'react', remoteVersion: '18.3.1', hostVersion: '19.3.1' });
    expect(remoteInfo().versions.mf_bets).toBe('1.0.0');
  });

  test('0.x versions compare on the minor, like caret ranges', () => {
    expect(compatMajor('0.17.1')).toBe('0.17');
    expect(compatMajor('^19.3.1')).toBe('19');
    expect(sharedMajorMismatches('mf_x', [{ name: 'lib', version: '0.18.0' }], { lib: '0.17.1' })).toHaveLength(1);
    expect(sharedMajorMismatches('mf_x', [{ name: 'lib', version: '0.17.9' }], { lib: '0.17.1' })).toEqual([]);
  });
});

/**
 * The shell as a runtime-only federation host (shell/src/remotes/runtime-host.ts, federation.ts):
 *   - a page whose remote slots are all below the fold (/royal on a phone) loads no federation code
 *     until the reader scrolls; then the runtime loads and the remote works in the browser;
 *   - remotes use the shell's singletons: one version of each shared package in the share scope,
 *     React and @landing/shared provided by the shell, no remote downloads its own copy;
 *   - one axios: mf-auth recognises the errors of the shell's API client (shared `isApiError`) and
 *     downloads no axios of its own; the scope's `AxiosError` is the class of those errors.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';

/** Origins of the remotes' static servers. */
const REMOTE_ORIGINS = [ports.auth, ports.news, ports.bets, ports.leaderboard].map((p) => `http://localhost:${p}`);
/** The shell's lazily loaded federation module (webpackChunkName "federation" in runtime-host.ts). */
const FEDERATION_CHUNK = /\/assets\/federation\.[0-9a-f]+\.js$/;

/** URLs of every request the page makes from now on. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
/**
 * The requests for federation code: the shell's federation chunk, and scripts and JSON from a
 * remote's origin (remoteEntry.js, mf-manifest.json, chunks). The server's HTML of a slot links
 * its remote's styles and images, which are not code.
 */
const federationRequests = (urls: string[]) =>
  urls.filter((u) => FEDERATION_CHUNK.test(u) || (REMOTE_ORIGINS.includes(new URL(u).origin) && /\.(js|json)$/.test(new URL(u).pathname)));

/** Milliseconds since the page's `load` event. */
const sinceLoad = (page: Page) =>
  page.evaluate(() => performance.now() - performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd);

interface Manifest {
  name: string;
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}
/**
 * The shared-fallback chunks of the remotes whose manifest the page fetched: absolute URL → "remote
 * package". A remote downloads one only when the share scope does not give it the package.
 */
async function fallbackChunks(request: APIRequestContext, urls: string[]): Promise<Map<string, string>> {
  const chunks = new Map<string, string>();
  for (const url of new Set(urls.filter((u) => u.endsWith('/mf-manifest.json')))) {
    const manifest = (await (await request.get(url)).json()) as Manifest;
    for (const s of manifest.shared)
      for (const asset of [...s.assets.js.sync, ...s.assets.js.async]) chunks.set(new URL(asset, url).href, `${manifest.name} ${s.name}`);
  }
  return chunks;
}

interface ShareEntry {
  from: string;
  useIn: string[];
  loaded: boolean;
}
/**
 * The federation share scope as the page has it: the instances' names, whether they all use one
 * `default` scope object, and per shared package its versions with where each came from
 * (`from`: the instance that registered or, for a package loaded through `get`, loaded it) and
 * which instances use it.
 */
function shareScope(page: Page) {
  return page.evaluate(() => {
    type Entry = { from: string; useIn: string[]; loaded?: boolean };
    const federation = (
      globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Array<{ name: string; shareScopeMap: Record<string, unknown> }> } }
    ).__FEDERATION__;
    const instances = federation.__INSTANCES__;
    const scope = instances[0]!.shareScopeMap.default as Record<string, Record<string, Entry>>;
    const packages: Record<string, Record<string, { from: string; useIn: string[]; loaded: boolean }>> = {};
    for (const [name, versions] of Object.entries(scope))
      packages[name] = Object.fromEntries(
        Object.entries(versions).map(([v, e]) => [v, { from: e.from, useIn: [...e.useIn], loaded: e.loaded === true }]),
      );
    return {
      instances: instances.map((i) => i.name),
      oneScope: instances.every((i) => i.shareScopeMap.default === scope),
      packages,
    };
  }) as Promise<{ instances: string[]; oneScope: boolean; packages: Record<string, Record<string, ShareEntry>> }>;
}

/** The one version of `name` in the share scope (fails when there are none or several). */
function only(packages: Record<string, Record<string, ShareEntry>>, name: string): ShareEntry {
  const versions = Object.values(packages[name] ?? {});
  expect(versions, `versions of ${name} in the share scope`).toHaveLength(1);
  return versions[0]!;
}

test.describe('the shell as a runtime-only federation host', () => {
  test('/royal on a phone requests no federation code before the reader scrolls; at the leaderboard the runtime loads and the leaderboard works', async ({
    page,
    request,
  }) => {
    const board = await (await request.get(`${apiBase('royal')}/leaderboard?limit=10`)).json();
    await page.setViewportSize({ width: 412, height: 823 });
    const urls = requests(page);
    await openPage(page, '/royal');
    const slot = page.locator('.remote-slot[data-remote="mf_leaderboard"]');
    // The server's HTML of the slot, or its fallback when the server could not render it in time.
    await expect(slot).toBeAttached();
    expect((await slot.boundingBox())!.y).toBeGreaterThan(823); // below the fold
    await expect.poll(() => sinceLoad(page)).toBeGreaterThan(2500);

    expect(federationRequests(urls)).toEqual([]);
    // No federation runtime evaluated either (its core defines __FEDERATION__ when it runs).
    expect(await page.evaluate(() => ['__FEDERATION__', '_FEDERATION_RUNTIME_CORE'].filter((g) => g in globalThis))).toEqual([]);

    await slot.scrollIntoViewIfNeeded();
    const leaderboardEntry = `http://localhost:${ports.leaderboard}/`;
    await expect.poll(() => federationRequests(urls).some((u) => FEDERATION_CHUNK.test(u))).toBe(true);
    await expect.poll(() => urls.some((u) => u.startsWith(leaderboardEntry) && u.endsWith('/remoteEntry.js'))).toBe(true);
    await expect.poll(async () => (await shareScope(page)).instances).toContain('mf_leaderboard');

    // Rendered by the remote's code in the browser: its tabs switch.
    const leaderboard = slot.getByTestId('leaderboard');
    await expect(leaderboard.getByText(board.ranking[0].nickname, { exact: true })).toBeVisible();
    await leaderboard.getByRole('tab', { name: 'Teams' }).click();
    await expect(leaderboard.getByRole('tab', { name: 'Teams' })).toHaveAttribute('aria-selected', 'true');
    await expect(leaderboard.getByText(board.ranking_teams[0].name, { exact: true })).toBeVisible();
  });

  test("remotes use the shell's singletons: one version of each shared package, React and @landing/shared from the shell, no remote's own copy downloaded", async ({
    page,
    request,
  }) => {
    const urls = requests(page);
    await openPage(page, '/royal/news');
    await page.locator('.remote-slot[data-remote="mf_news"]').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await shareScope(page)).instances).toContain('mf_news');
    await expect(page.locator('.remote-slot[data-remote="mf_news"] a[href*="/royal/news/"]').first()).toBeVisible();
    const { instances, oneScope, packages } = await shareScope(page);
    expect(instances[0]).toBe('shell');
    expect(oneScope).toBe(true);

    // The packages the shell has loaded are registered by it, once, and the remote uses them.
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@landing/shared']) {
      expect(only(packages, name).from, name).toBe('shell');
      expect(only(packages, name).loaded, name).toBe(true);
    }
    expect(only(packages, '@landing/shared').useIn).toContain('mf_news');
    expect(only(packages, 'react/jsx-runtime').useIn).toContain('mf_news');
    // @landing/shared in the scope is the shell's module: its store is the shell's (exposed outside production).
    expect(
      await page.evaluate(() => {
        const f = globalThis as unknown as {
          __FEDERATION__: { __INSTANCES__: Array<{ shareScopeMap: { default: Record<string, Record<string, { lib: () => unknown }>> } }> };
          __LANDING_STORE__: unknown;
        };
        const entry = Object.values(f.__FEDERATION__.__INSTANCES__[0]!.shareScopeMap.default['@landing/shared']!)[0]!;
        return (entry.lib() as { landingStore: unknown }).landingStore === f.__LANDING_STORE__;
      }),
    ).toBe(true);

    // Every package a loaded remote shares has one version in the scope, and no remote fetched its fallback.
    const chunks = await fallbackChunks(request, urls);
    const remotePackages = new Set([...chunks.values()].map((v) => v.split(' ')[1]!));
    expect(remotePackages).toContain('react');
    for (const name of remotePackages) {
      // Registered by the shell: `from` names another instance only when that instance loaded the
      // package through the shell's `get` (a fallback of its own would be fetched: checked below).
      const entry = only(packages, name);
      expect(entry.from === 'shell' || entry.loaded, `${name} registered by ${entry.from}`).toBe(true);
    }
    expect(urls.filter((u) => chunks.has(u)).map((u) => chunks.get(u))).toEqual([]);
  });

  test("one axios: mf-auth recognises the shell client's errors (an unknown activation link says so) and downloads no axios of its own", async ({
    page,
    request,
  }) => {
    const urls = requests(page);
    await openPage(page, '/royal/account-activation/unknown-token-0123456789');
    // mf-auth tells TOKEN_INVALID (the shared `isApiError`) from a failed request (its retry button).
    const activation = page.locator('[data-testid="activation-account"]');
    await expect(activation).toHaveAttribute('data-state', 'invalid');
    await expect(activation.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(activation.getByRole('button', { name: 'Try again' })).toHaveCount(0);

    const { instances, packages } = await shareScope(page);
    expect(instances).toContain('mf_auth');
    // mf-auth imports no axios (it reads errors with `isApiError`): the scope's axios is the shell's.
    expect(only(packages, 'axios').from).toBe('shell');
    // The scope's axios is the shell's: an error of the shell's API client is an instance of its AxiosError.
    expect(
      await page.evaluate(async () => {
        type Scope = Record<string, Record<string, { lib?: () => unknown; get: () => Promise<() => unknown> }>>;
        const f = globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Array<{ shareScopeMap: { default: Scope } }> } };
        const scope = f.__FEDERATION__.__INSTANCES__[0]!.shareScopeMap.default;
        // A package nobody has consumed yet is provided by the shell's `get` (loaded on demand).
        const lib = async (name: string) => {
          const entry = Object.values(scope[name]!)[0]!;
          return entry.lib ? entry.lib() : (await entry.get())();
        };
        const { AxiosError } = (await lib('axios')) as { AxiosError: new () => Error };
        const { apiClient } = (await lib('@landing/shared')) as { apiClient: { get: (url: string) => Promise<unknown> } };
        return apiClient.get('/no-such-route').then(
          () => 'answered',
          (err: unknown) => err instanceof AxiosError,
        );
      }),
    ).toBe(true);

    const chunks = await fallbackChunks(request, urls);
    expect(urls.filter((u) => chunks.has(u)).map((u) => chunks.get(u))).toEqual([]);
  });
});

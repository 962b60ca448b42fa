/**
 * Composition status page (shell/src/pages/CompositionPage.tsx): what the page reads from the remotes' manifests, and that the
 * page is absent in production.
 */
import './polyfills';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sharedVersions } from '../src/remotes/runtime-host';
import { DEFAULT_RUNTIME_CONFIG, initI18n, registerTranslationLoaders, setRuntimeConfig } from '@landing/shared';
import { loaders } from '../src/i18n';
import { readComposition } from '../src/remotes/composition';
import { loadAndRegisterRemotes } from '../src/remotes/registry';
import { CompositionPage } from '../src/pages/CompositionPage';

/**
 * A fetch answering each URL from `answers` (404 when absent, a network error for `'down'`);
 * `onRequest` runs as the request is made.
 */
function fakeFetch(answers: Record<string, unknown>, onRequest: (url: string) => void = () => {}): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    onRequest(url);
    const body = answers[url];
    if (body === 'down') throw new TypeError('Failed to fetch');
    if (body === undefined) return { ok: false, status: 404, json: async () => ({}) } as Response;
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as typeof fetch;
}

const newsManifest = {
  metaData: { buildInfo: { buildVersion: '1.1.0' } },
  shared: [
    { name: 'react', version: '19.3.1', singleton: true },
    { name: 'zustand', version: '4.5.0', singleton: true },
    { name: 'howler', version: '2.2.4' },
  ],
};

registerTranslationLoaders('shell', loaders);

test('reads version, load time, shared versions and major mismatches of each registered remote', async () => {
  // A fake clock that only the news manifest's request moves on: its load takes 12 ms.
  let clock = 1000;
  const now = () => clock;
  const map = {
    mf_news: 'http://localhost:3002/1.1.0/mf-manifest.json',
    mf_bets: '/mf_bets/mf-manifest.json',
    mf_auth: 'http://localhost:3001/down.json',
  };
  const result = await readComposition(
    map,
    { mf_news: map.mf_news },
    { react: '19.3.1', zustand: '5.1.0' },
    {
      fetch: fakeFetch({ [map.mf_news]: newsManifest, 'http://localhost:3001/down.json': 'down' }, (url) => {
        if (url === map.mf_news) clock += 12;
      }),
      now,
      base: 'http://localhost:3000/royal/composition',
    },
  );
  expect(result.map((r) => r.name)).toEqual(['mf_news', 'mf_bets', 'mf_auth']);
  const [news, bets, auth] = result;
  expect(news).toMatchObject({ version: '1.1.0', override: true, loadMs: 12, error: null });
  expect(news!.shared).toEqual([
    { name: 'howler', version: '2.2.4', hostVersion: null, mismatch: false },
    { name: 'react', version: '19.3.1', hostVersion: '19.3.1', mismatch: false },
    { name: 'zustand', version: '4.5.0', hostVersion: '5.1.0', mismatch: true },
  ]);
  expect(bets).toMatchObject({
    manifestUrl: 'http://localhost:3000/mf_bets/mf-manifest.json',
    override: false,
    error: 'HTTP 404',
    version: null,
  });
  expect(auth!.error).toBe('Failed to fetch');
});

test('the page is a 404 in production', async () => {
  await initI18n('en');
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, production: true });
  render(
    <MemoryRouter initialEntries={['/royal/composition']}>
      <CompositionPage />
    </MemoryRouter>,
  );
  expect(screen.getByTestId('not-found')).toBeInTheDocument();
  expect(screen.queryByTestId('composition-page')).toBeNull();
});

test('outside production the page lists each registered remote with its shared versions, mismatches flagged', async () => {
  await initI18n('en');
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, production: false, environment: 'staging' });
  const url = 'http://localhost:3002/1.1.0/mf-manifest.json';
  await loadAndRegisterRemotes({ production: false, trustedRemoteOrigins: [] }, { mf_news: url });
  (sharedVersions as unknown as jest.Mock).mockReturnValue({ react: '19.3.1', zustand: '5.1.0' });
  const realFetch = globalThis.fetch;
  globalThis.fetch = fakeFetch({ [url]: newsManifest });
  try {
    render(
      <MemoryRouter initialEntries={['/royal/composition']}>
        <CompositionPage />
      </MemoryRouter>,
    );
    const card = await screen.findByTestId('composition-mf_news');
    expect(card).toHaveTextContent('1.1.0');
    expect(card).toHaveTextContent(url);
    expect(screen.getByTestId('composition-summary')).toHaveTextContent('1 remote · 1 shared package of another major');
    const bad = card.querySelectorAll('tr[data-mismatch]');
    expect([...bad].map((row) => row.querySelector('th')?.textContent)).toEqual(['zustand']);
  } finally {
    globalThis.fetch = realFetch;
  }
});
